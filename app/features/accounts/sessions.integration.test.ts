/**
 * docs/decisions/0174 over HTTP against the whole app: /settings/sessions lists
 * the member's sessions (device from the User-Agent, country from the
 * address, last seen), ends one or all the others (plain forms, no
 * JavaScript), refuses another member's session, and turning two-factor
 * authentication on ends every session made before it.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { sessions } from "#server/db/schema";
import { PRIVATE_NO_STORE } from "#server/http/private-cache";
import { browse, CookieJar } from "#tests/support/http-app";
import { signedInMember, TEST_PASSWORD } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";
import { countryDatabase } from "~/features/consent/mmdb-fixture.test-helper";
import { SESSION_MESSAGES } from "./sessions.server";
import { TWO_FACTOR_MESSAGES } from "./two-factor.server";

// A country database in which 81.2.69.0/24 is in the United Kingdom.
const geoDatabase = path.join(mkdtempSync(path.join(tmpdir(), "sessions-geo-")), "country.mmdb");
writeFileSync(geoDatabase, countryDatabase("81.2.69.0/24", "GB"));

// Behind a proxy, so that each browser can sign in from an address of its own (X-Forwarded-For).
const site = siteOverHttpForThisFile({
  env: { TRUST_PROXY: "true", GEOIP_DATABASE_PATH: geoDatabase },
});

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:135.0) Gecko/20100101 Firefox/135.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.3 Mobile/15E148 Safari/604.1";

async function post(jar: CookieJar, to: string, fields: Record<string, string>) {
  const response = await browse(jar, `${site.app.url}${to}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: site.app.url },
  });
  return { status: response.status, location: response.headers.get("location"), response };
}

/** The page's HTML with React's escaped apostrophes and quotes put back. */
const page = async (jar: CookieJar, to = "/settings/sessions") => {
  const response = await browse(jar, `${site.app.url}${to}`);
  return {
    status: response.status,
    location: response.headers.get("location"),
    cacheControl: response.headers.get("cache-control"),
    html: await site.text(response),
  };
};

/** Another browser signing in with the login form, from `address`. */
async function signInFrom(email: string, userAgent: string, address: string) {
  const jar = new CookieJar();
  const response = await browse(jar, `${site.app.url}/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password: TEST_PASSWORD, redirectTo: "/" }),
    headers: { origin: site.app.url, "user-agent": userAgent, "x-forwarded-for": address },
  });
  expect(response.status).toBe(302);
  return jar;
}

async function sessionIdBy(userId: string, userAgent: string) {
  const rows = await site.testDb.db.select().from(sessions).where(eq(sessions.userId, userId));
  return rows.find((row) => row.userAgent === userAgent)!.id;
}

/** A member signed in three times: the test helper (no browser named), Firefox in the UK, an iPhone. */
async function memberOnThreeBrowsers() {
  const member = await signedInMember(site.app, site.testDb.db);
  const firefox = await signInFrom(member.email, FIREFOX, "81.2.69.160");
  const iphone = await signInFrom(member.email, IPHONE, "203.0.113.5");
  return { member, firefox, iphone };
}

/** Whether the browser's session is gone: a members' page (there before docs/milestones.md#issue-29-trust) sends it to /login. */
const signedOut = async (jar: CookieJar) => {
  const answer = await page(jar, "/settings/two-factor");
  return answer.status === 302 && answer.location?.startsWith("/login");
};

describe("active sessions over HTTP (docs/decisions/0174)", () => {
  it("sends visitors to /login", async () => {
    expect(await signedOut(new CookieJar())).toBe(true);
  });

  it("lists the member's sessions: device, place and last seen, this browser first and marked", async () => {
    const { member, firefox, iphone } = await memberOnThreeBrowsers();
    const someoneElse = await signInFrom(
      (await signedInMember(site.app, site.testDb.db)).email,
      "Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/135.0",
      "198.51.100.7",
    );
    expect(await signedOut(someoneElse)).toBe(false);

    const { status, html, cacheControl } = await page(firefox);
    expect(status).toBe(200);
    expect(cacheControl).toBe(PRIVATE_NO_STORE);
    const items = html.split('data-testid="session"').slice(1);
    expect(items).toHaveLength(3);
    expect(items[0]).toContain("Firefox on Windows");
    expect(items[0]).toContain("This browser");
    expect(items[0]).toContain("United Kingdom");
    expect(items[0]).toContain("Active now");
    expect(items[0]).not.toContain('name="sessionId"');
    const iphoneItem = items.find((item) => item.includes("Safari on iPhone"))!;
    expect(iphoneItem).toContain("Place unknown");
    expect(iphoneItem).toContain("End session");
    expect(items.some((item) => item.includes("Unknown browser"))).toBe(true);
    // Another member's session is not listed; no session's token is in the page.
    expect(html).not.toContain("on Linux");
    const rows = await site.testDb.db.select().from(sessions);
    for (const row of rows) expect(html).not.toContain(row.token);
    expect(html).toContain("End all other sessions");

    // Last seen: written when the session is used (at most every few minutes).
    const iphoneId = await sessionIdBy(member.id, IPHONE);
    await site.testDb.db
      .update(sessions)
      .set({ updatedAt: sql`now() - interval '2 hours'` })
      .where(eq(sessions.id, iphoneId));
    expect((await page(firefox)).html).toContain("Last seen 2 hours ago");
    expect((await page(iphone)).status).toBe(200);
    const after = (await page(firefox)).html.split('data-testid="session"');
    expect(after.find((item) => item.includes("Safari on iPhone"))).toContain("Last seen just now");
  });

  it("ends one other session: that browser is signed out, the others stay", async () => {
    const { member, firefox, iphone } = await memberOnThreeBrowsers();
    const ended = await post(firefox, "/settings/sessions", {
      intent: "end",
      sessionId: await sessionIdBy(member.id, IPHONE),
    });
    expect(ended.status).toBe(302);
    expect(ended.location).toBe("/settings/sessions?done=one");
    const after = await page(firefox, ended.location!);
    expect(after.html).toContain(SESSION_MESSAGES.endedOne);
    expect(after.html).not.toContain("Safari on iPhone");
    expect(await signedOut(iphone)).toBe(true);
    expect(await signedOut(member.jar)).toBe(false);
    expect(await signedOut(firefox)).toBe(false);
  });

  it("ends all other sessions, keeping this one", async () => {
    const { member, firefox, iphone } = await memberOnThreeBrowsers();
    const ended = await post(firefox, "/settings/sessions", { intent: "end-others" });
    expect(ended.status).toBe(302);
    expect(ended.location).toBe("/settings/sessions?done=others");
    const after = await page(firefox, ended.location!);
    expect(after.html).toContain(SESSION_MESSAGES.endedOthers);
    expect(after.html.split('data-testid="session"')).toHaveLength(2);
    expect(after.html).toContain("You are signed in only here.");
    expect(await signedOut(iphone)).toBe(true);
    expect(await signedOut(member.jar)).toBe(true);
    const left = await site.testDb.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(left.map((row) => row.userAgent)).toEqual([FIREFOX]);
  });

  it("refuses to end another member's session (404), which keeps working", async () => {
    const { firefox } = await memberOnThreeBrowsers();
    const other = await signedInMember(site.app, site.testDb.db);
    const otherBrowser = await signInFrom(other.email, IPHONE, "198.51.100.8");
    const refused = await post(firefox, "/settings/sessions", {
      intent: "end",
      sessionId: await sessionIdBy(other.id, IPHONE),
    });
    expect(refused.status).toBe(404);
    expect(await site.text(refused.response)).toContain(SESSION_MESSAGES.notYours);
    expect(await signedOut(otherBrowser)).toBe(false);
    expect(await signedOut(other.jar)).toBe(false);

    // Nonsense is a 400 with a message, never a 500.
    const bad = await post(firefox, "/settings/sessions", { intent: "end", sessionId: "x'; --" });
    expect(bad.status).toBe(400);
    expect(await site.text(bad.response)).toContain(SESSION_MESSAGES.badRequest);
    expect((await post(firefox, "/settings/sessions", { intent: "nothing" })).status).toBe(400);
  });

  it("turning two-factor on ends the member's other sessions, made before it", async () => {
    const { member, firefox, iphone } = await memberOnThreeBrowsers();
    const started = await post(firefox, "/settings/two-factor", {
      intent: "start",
      password: TEST_PASSWORD,
    });
    expect(started.status).toBe(200);
    const html = await started.response.text();
    const secret = /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(html)![1]!;
    const totpURI = /name="totpURI" value="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, "&");
    const recoveryCodes = /name="recoveryCodes" value="([^"]+)"/.exec(html)![1]!;
    const confirmed = await post(firefox, "/settings/two-factor", {
      intent: "confirm",
      code: new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate(),
      totpURI,
      recoveryCodes,
    });
    expect(confirmed.status).toBe(302);
    // The sessions made before no longer work; this browser's renewed one does.
    expect(await signedOut(iphone)).toBe(true);
    expect(await signedOut(member.jar)).toBe(true);
    expect(confirmed.location).toBe("/settings/two-factor?done=on&others=ended");
    const notice = await page(firefox, confirmed.location!);
    expect(notice.html).toContain(TWO_FACTOR_MESSAGES.enabled);
    expect(notice.html).toContain(SESSION_MESSAGES.twoFactorEndedOthers);
    const mine = await page(firefox);
    expect(mine.status).toBe(200);
    expect(mine.html.split('data-testid="session"')).toHaveLength(2);
    const left = await site.testDb.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(left).toHaveLength(1);
    expect(left[0]!.userAgent).toBe(FIREFOX);
  });
});
