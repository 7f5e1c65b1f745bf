/**
 * The full-page cache keeps anonymous pages per pageCacheVariant: a UK
 * visitor who has not chosen never gets a cached page with the trackers, and
 * one who accepted never gets the cached page with the bar.
 */
import { describe, expect, it } from "vitest";
import { browse, CookieJar } from "#tests/support/http-app";
import { signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";

const site = siteOverHttpForThisFile({ pageCache: true });

async function page(headers: Record<string, string>) {
  const res = await browse(new CookieJar(), `${site.app.url}/`, { headers });
  const html = await res.text();
  return {
    cache: res.headers.get("x-page-cache"),
    bar: html.includes('aria-label="Cookie consent"'),
    tracker: html.includes("gtag/js?id=G-CACHE1234"),
  };
}

describe("consent and the page cache", () => {
  it("serves each visitor the page their country and choice call for, from the cache", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const saved = await site.post(admin.jar, "/admin/site-settings", {
      scripts_enabled: "on",
      google_analytics_id: "G-CACHE1234",
      google_analytics_enabled: "on",
      cookie_consent_enabled: "on",
      require_consent_for_uk: "on",
      cookie_banner_message: "Cookies?",
      cookie_policy_content: "<p>Policy</p>",
    });
    expect(saved.status).toBe(200);

    const ukNone = { "cf-ipcountry": "GB" };
    const ukAll = { "cf-ipcountry": "GB", cookie: "cookie_consent=all" };
    const ukEssential = { "cf-ipcountry": "GB", cookie: "cookie_consent=essential" };
    const us = { "cf-ipcountry": "US", cookie: "cookie_consent=essential" };

    const first = await page(ukNone);
    expect(first).toEqual({ cache: "miss", bar: true, tracker: false });
    expect(await page(ukNone)).toEqual({ cache: "hit", bar: true, tracker: false });
    expect(await page(ukAll)).toEqual({ cache: "miss", bar: false, tracker: true });
    expect(await page(ukAll)).toEqual({ cache: "hit", bar: false, tracker: true });
    expect(await page(ukEssential)).toEqual({ cache: "miss", bar: false, tracker: false });
    expect(await page(us)).toEqual({ cache: "miss", bar: false, tracker: true });
    // Every visitor outside the UK shares one copy, whatever they chose.
    expect(await page({})).toEqual({ cache: "hit", bar: false, tracker: true });
    expect(await page(ukNone)).toEqual({ cache: "hit", bar: true, tracker: false });
  });
});
