/**
 * POST /api/consent over HTTP (docs/product/README.md#data-model, docs/product/privacy.md#cookie-consent): the cookie the pages follow, the
 * cookie_consents row (with the member's id when signed in), the plain form
 * without JavaScript, reset, and what it refuses.
 */
import { describe, expect, it } from "vitest";
import { browse, CookieJar } from "#tests/support/http-app";
import { cookieConsents } from "#server/db/schema";
import { signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";
import { CONSENT_MESSAGES, CONSENT_RATE_LIMIT } from "./consent.server";

const site = siteOverHttpForThisFile();

function postJson(jar: CookieJar, body: unknown, headers: Record<string, string> = {}) {
  return browse(jar, `${site.app.url}/api/consent`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", ...headers },
  });
}

const rows = () => site.testDb.db.select().from(cookieConsents);

describe("POST /api/consent", () => {
  it("Accept All: sets the cookie, records every category with the country and session", async () => {
    const jar = new CookieJar();
    const res = await postJson(
      jar,
      { choice: "all", sessionId: "abcdef1234567890" },
      { "cf-ipcountry": "GB", "user-agent": "TestBrowser/1.0" },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ok: true,
      countryCode: "GB",
      preferences: { essential: true, analytics: true, marketing: true },
    });
    expect(res.headers.get("set-cookie")).toBe(
      "cookie_consent=all; Path=/; Max-Age=31536000; SameSite=Lax",
    );
    expect(jar.get(site.app.url, "cookie_consent")).toBe("all");
    expect(await rows()).toEqual([
      expect.objectContaining({
        userId: null,
        sessionId: "abcdef1234567890",
        consentGiven: true,
        consentCategories: { essential: true, analytics: true, marketing: true },
        geoLocation: "GB",
        userAgent: "TestBrowser/1.0",
      }),
    ]);
  });

  it("Essential Only from a signed-in member: their id, analytics and marketing off; US when unknown", async () => {
    const member = await signedInMember(site.app, site.testDb.db);
    const res = await postJson(member.jar, { choice: "essential" });
    expect(res.status).toBe(200);
    expect(member.jar.get(site.app.url, "cookie_consent")).toBe("essential");
    const [row] = await rows();
    expect(row).toMatchObject({
      userId: member.id,
      consentGiven: false,
      consentCategories: { essential: true, analytics: false, marketing: false },
      geoLocation: "US",
    });
    expect(row!.sessionId).toMatch(/^[0-9a-f]{32}$/);
  });

  it("works as a plain form without JavaScript: back to the page with 303; reset forgets", async () => {
    const jar = new CookieJar();
    const res = await site.post(jar, "/api/consent", { choice: "all", returnTo: "/search?q=uk" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/search?q=uk");
    expect(jar.get(site.app.url, "cookie_consent")).toBe("all");

    const reset = await site.post(jar, "/api/consent", {
      choice: "reset",
      returnTo: "/cookie-policy",
    });
    expect(reset.status).toBe(303);
    expect(reset.headers.get("location")).toBe("/cookie-policy");
    expect(jar.get(site.app.url, "cookie_consent")).toBeUndefined();
    // Only choices are recorded.
    expect(await rows()).toHaveLength(1);

    const offSite = await site.post(jar, "/api/consent", {
      choice: "essential",
      returnTo: "//evil.example/",
    });
    expect(offSite.headers.get("location")).toBe("/");
  });

  it("refuses a bad choice (400), another site's request (403) and GET (405), never 500", async () => {
    const jar = new CookieJar();
    for (const body of [{ choice: "maybe" }, {}, "nonsense", { choice: "all", sessionId: "<x>" }]) {
      const res = await postJson(jar, body);
      expect([body, res.status]).toEqual([body, 400]);
      expect(await res.json()).toEqual({ error: CONSENT_MESSAGES.invalid });
    }
    const cross = await postJson(jar, { choice: "all" }, { origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    expect((await site.get(jar, "/api/consent")).status).toBe(405);
    expect(await rows()).toEqual([]);
    expect(jar.get(site.app.url, "cookie_consent")).toBeUndefined();
  });

  it("limits a client to a few choices a minute (429)", async () => {
    const jar = new CookieJar();
    const statuses: number[] = [];
    for (let i = 0; i < CONSENT_RATE_LIMIT.limit + 2; i++) {
      statuses.push((await postJson(jar, { choice: "essential" })).status);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(CONSENT_RATE_LIMIT.limit);
  });
});
