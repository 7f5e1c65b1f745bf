/**
 * The footer's contact e-mail and social links as site settings, over HTTP
 * with the visitors' page cache on: saved by an admin (audited), shown in
 * the footer of / at once (the settings row's NOTIFY clears the cached
 * page), only the networks set; a bad address refused with what was typed.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { browse, CookieJar } from "#tests/support/http-app";
import { adminAuditLog, SITE_SETTINGS_ID, siteSettings } from "#server/db/schema";
import { signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";
import { SITE_SETTINGS_MESSAGES } from "./settings-schema";

const site = siteOverHttpForThisFile({ pageCache: true });

const DEFAULTS = {
  scripts_enabled: "on",
  cookie_consent_enabled: "on",
  require_consent_for_uk: "on",
  cookie_banner_message: "We use essential and analytics cookies.",
  cookie_policy_content: "<p>Our policy</p>",
};

const FOOTER = {
  footer_contact_email: "partners@founderbridge.example",
  social_linkedin_url: "https://www.linkedin.com/company/founderbridge-test",
  social_youtube_url: "https://www.youtube.com/@founderbridge-test",
};

/** / for a visitor: the footer's HTML and whether the page came from the cache. */
async function visitorFooter() {
  const res = await browse(new CookieJar(), `${site.app.url}/`);
  expect(res.status).toBe(200);
  const html = await site.text(res);
  return { cache: res.headers.get("x-page-cache"), footer: html.slice(html.indexOf("<footer")) };
}

async function settingsRow() {
  const [row] = await site.testDb.db
    .select()
    .from(siteSettings)
    .where(eq(siteSettings.id, SITE_SETTINGS_ID));
  return row!;
}

describe("the footer's settings", () => {
  it("shows no social links until set, then the ones saved, in the footer of the cached /", async () => {
    const before = await visitorFooter();
    expect(before.footer).not.toContain('aria-label="Social links"');
    // SITE_URL is an IP address here, so no hello@ default: the Get in touch link.
    expect(before.footer).toContain('href="/partner-with-us"');
    expect(before.footer).toContain("Get in touch");
    expect((await visitorFooter()).cache).toBe("hit");

    const { jar, id } = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const saved = await site.post(jar, "/admin/site-settings", { ...DEFAULTS, ...FOOTER });
    expect(saved.status).toBe(200);
    expect(await site.text(saved)).toContain(SITE_SETTINGS_MESSAGES.saved);
    const [entry] = await site.testDb.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "settings.update"));
    expect(entry?.actorId).toBe(id);
    expect((entry?.details as { changed: string[] }).changed).toEqual(
      expect.arrayContaining(Object.keys(FOOTER)),
    );
    expect((entry?.details as { changed: string[] }).changed).not.toContain("social_x_url");

    const after = await visitorFooter();
    expect(after.cache).toBe("miss");
    expect(after.footer).toContain('href="mailto:partners@founderbridge.example"');
    expect(after.footer).not.toContain("Get in touch");
    expect(after.footer).toContain('aria-label="Social links"');
    const links = [
      ...after.footer.matchAll(/<a href="(https:[^"]+)" rel="([^"]+)" target="([^"]+)"/g),
    ];
    expect(links.map((m) => [m[1], m[2], m[3]])).toEqual([
      [FOOTER.social_linkedin_url, "me noopener noreferrer", "_blank"],
      [FOOTER.social_youtube_url, "me noopener noreferrer", "_blank"],
    ]);
    expect(after.footer).toContain('LinkedIn<span class="sr-only"> (opens in a new tab)</span>');
    for (const unset of ["X (Twitter)", "Instagram", "Facebook"]) {
      expect(after.footer).not.toContain(unset);
    }

    // Emptied again: no list at all.
    const cleared = await site.post(jar, "/admin/site-settings", DEFAULTS);
    expect(cleared.status).toBe(200);
    const emptied = await visitorFooter();
    expect(emptied.footer).not.toContain('aria-label="Social links"');
    expect(emptied.footer).toContain("Get in touch");
  });

  it("refuses an address off the network's host with 400, keeping what was typed and the row", async () => {
    const { jar } = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const res = await site.post(jar, "/admin/site-settings", {
      ...DEFAULTS,
      ...FOOTER,
      social_instagram_url: "https://instagram.evil.example/founderbridge",
    });
    expect(res.status).toBe(400);
    const html = await site.text(res);
    expect(html).toContain(SITE_SETTINGS_MESSAGES.socialUrl("Instagram", ["instagram.com"]));
    expect(html).toContain('value="https://instagram.evil.example/founderbridge"');
    expect(html).toContain(`value="${FOOTER.social_linkedin_url}"`);
    expect(html).toContain(`value="${FOOTER.footer_contact_email}"`);
    const row = await settingsRow();
    expect([row.socialLinkedinUrl, row.socialInstagramUrl, row.footerContactEmail]).toEqual([
      null,
      null,
      null,
    ]);
    expect(await site.testDb.db.select().from(adminAuditLog)).toEqual([]);
    expect((await visitorFooter()).footer).not.toContain('aria-label="Social links"');

    const plain = await site.post(jar, "/admin/site-settings", {
      ...DEFAULTS,
      social_facebook_url: "http://www.facebook.com/founderbridge",
    });
    expect(plain.status).toBe(400);
    expect(await site.text(plain)).toContain(
      SITE_SETTINGS_MESSAGES.socialUrl("Facebook", ["facebook.com"]),
    );
  });
});
