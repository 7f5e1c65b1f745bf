/**
 * /admin/site-settings and the document shell over HTTP: admins only; saving
 * with the spec's messages, what was typed kept on an error, the audit trail;
 * the tracking scripts, the consent bar and the CSP on the pages that follow.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { browse, CookieJar } from "#tests/support/http-app";
import { adminAuditLog, SITE_SETTINGS_ID, siteSettings } from "#server/db/schema";
import { runtime } from "#server/runtime";
import { signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";
import { UPLOAD_MESSAGES } from "~/features/authoring/uploads.server";
import { SITE_SETTINGS_MESSAGES } from "./settings-schema";
import { arrayContaining } from "#tests/support/json";

const site = siteOverHttpForThisFile();
const { get, post, text } = site;

const DEFAULTS = {
  scripts_enabled: "on",
  cookie_consent_enabled: "on",
  require_consent_for_uk: "on",
  cookie_banner_message: "We use essential and analytics cookies.",
  cookie_policy_content: "<p>Our policy</p>",
};

async function admin() {
  return signedInMember(site.app, site.testDb.db, { role: "admin" });
}

async function settingsRow() {
  const [row] = await site.testDb.db
    .select()
    .from(siteSettings)
    .where(eq(siteSettings.id, SITE_SETTINGS_ID));
  return row!;
}

const visit = (jar: CookieJar, path: string, headers: Record<string, string> = {}) =>
  browse(jar, `${site.app.url}${path}`, { headers });

describe("access", () => {
  it("sends visitors, members and mentors to / from the page and the save", async () => {
    const jars = {
      visitor: new CookieJar(),
      user: (await signedInMember(site.app, site.testDb.db)).jar,
      mentor: (await signedInMember(site.app, site.testDb.db, { role: "mentor" })).jar,
    };
    for (const [who, jar] of Object.entries(jars)) {
      const page = await get(jar, "/admin/site-settings");
      expect([who, page.status, page.headers.get("location")]).toEqual([who, 302, "/"]);
      const save = await post(jar, "/admin/site-settings", {
        ...DEFAULTS,
        header_banner_text: "Hijacked",
      });
      expect([who, save.status, save.headers.get("location")]).toEqual([who, 302, "/"]);
    }
    expect((await settingsRow()).headerBannerText).toBeNull();
    const page = await text(await get((await admin()).jar, "/admin/site-settings"));
    expect(page).toContain("<h1");
    expect(page).toContain("Site Settings");
    expect(page).toContain("Save Settings");
  });
});

describe("saving", () => {
  it("saves, says so in the spec's words, records the changed fields and shows them on the site", async () => {
    const { jar, id } = await admin();
    const res = await post(jar, "/admin/site-settings", {
      ...DEFAULTS,
      header_banner_text: "Free UK expansion consultation",
      header_banner_link: "https://lawfirm.example/offer",
      default_sidebar_banner_url: "https://cdn.example/banner.png",
      cookie_policy_content: '<h2>Cookies</h2><script>alert(1)</script><p onclick="x()">Policy</p>',
    });
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain(SITE_SETTINGS_MESSAGES.saved);
    expect(html).toContain('value="Free UK expansion consultation"');

    const row = await settingsRow();
    expect(row.headerBannerText).toBe("Free UK expansion consultation");
    expect(row.cookiePolicyContent).toContain("<h2>Cookies</h2>");
    expect(row.cookiePolicyContent).not.toContain("script");
    expect(row.cookiePolicyContent).not.toContain("onclick");

    const [entry] = await site.testDb.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "settings.update"));
    expect(entry?.actorId).toBe(id);
    expect(entry?.details).toEqual({
      changed: arrayContaining([
        "header_banner_text",
        "header_banner_link",
        "default_sidebar_banner_url",
        "cookie_banner_message",
        "cookie_policy_content",
      ]),
    });
    expect((entry?.details as { changed: string[] }).changed).not.toContain("scripts_enabled");

    const home = await text(await get(new CookieJar(), "/"));
    expect(home).toContain("Free UK expansion consultation");
    const policy = await text(await get(new CookieJar(), "/cookie-policy"));
    expect(policy).toContain("<h2>Cookies</h2>");
    expect(policy).toContain("Reset cookie preferences");
  });

  it("answers bad input with 400 and the message, keeping what was typed and the saved row", async () => {
    const { jar } = await admin();
    const res = await post(jar, "/admin/site-settings", {
      ...DEFAULTS,
      header_banner_text: "Typed but not saved",
      google_analytics_id: "not-an-id",
      google_analytics_enabled: "on",
    });
    expect(res.status).toBe(400);
    const html = await text(res);
    expect(html).toContain(SITE_SETTINGS_MESSAGES.analyticsId);
    expect(html).toContain('value="Typed but not saved"');
    expect(html).toContain('value="not-an-id"');
    expect((await settingsRow()).headerBannerText).toBeNull();
    expect(await site.testDb.db.select().from(adminAuditLog)).toEqual([]);
  });
});

describe("the sidebar banner upload", () => {
  function multipart(jar: CookieJar, fields: Record<string, string>, file: Blob, name: string) {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    body.set("default_sidebar_banner_file", file, name);
    return browse(jar, `${site.app.url}/admin/site-settings`, { method: "POST", body });
  }

  it("stores an uploaded image through the upload pipeline and uses its address", async () => {
    const { jar } = await admin();
    const png = await sharp({
      create: { width: 300, height: 250, channels: 3, background: "#1d4ed8" },
    })
      .png()
      .toBuffer();
    const res = await multipart(
      jar,
      { ...DEFAULTS, default_sidebar_banner_link: "https://partner.example" },
      new Blob([new Uint8Array(png)], { type: "image/png" }),
      "banner.png",
    );
    expect(res.status).toBe(200);
    const row = await settingsRow();
    expect(row.defaultSidebarBannerUrl).toMatch(/\.webp$/);
    expect(row.defaultSidebarBannerLink).toBe("https://partner.example");
    const html = await text(res);
    expect(html).toContain('alt="Sidebar banner preview"');
    const image = await get(
      new CookieJar(),
      new URL(row.defaultSidebarBannerUrl!, site.app.url).pathname,
    );
    expect(image.status).toBe(200);
  });

  it("refuses a file that is not an image, keeping what was typed", async () => {
    const { jar } = await admin();
    const res = await multipart(
      jar,
      { ...DEFAULTS, header_banner_text: "Still here" },
      new Blob(["<?php echo 1; ?>"], { type: "image/png" }),
      "banner.png",
    );
    expect(res.status).toBe(400);
    const html = await text(res);
    expect(html).toContain(UPLOAD_MESSAGES.wrongType);
    expect(html).toContain('value="Still here"');
    expect((await settingsRow()).defaultSidebarBannerUrl).toBeNull();
  });
});

describe("the sidebar banner upload with a refused form", () => {
  it("stores no image when another field is refused, and keeps what was typed", async () => {
    const { jar } = await admin();
    const storage = runtime().storage;
    const before = await storage.list("posts/");
    const png = await sharp({
      create: { width: 300, height: 250, channels: 3, background: "#16a34a" },
    })
      .png()
      .toBuffer();
    const body = new FormData();
    for (const [k, v] of Object.entries({
      ...DEFAULTS,
      header_banner_text: "Typed before the error",
      google_analytics_enabled: "on",
    }))
      body.set(k, v);
    body.set(
      "default_sidebar_banner_file",
      new Blob([new Uint8Array(png)], { type: "image/png" }),
      "banner.png",
    );
    const res = await browse(jar, `${site.app.url}/admin/site-settings`, { method: "POST", body });
    expect(res.status).toBe(400);
    const html = await text(res);
    expect(html).toContain(SITE_SETTINGS_MESSAGES.analyticsIdRequired);
    expect(html).toContain('value="Typed before the error"');
    expect(await storage.list("posts/")).toEqual(before);
    expect((await settingsRow()).defaultSidebarBannerUrl).toBeNull();
  });
});

describe("tracking scripts and the consent bar", () => {
  async function enableAnalytics(extra: Record<string, string> = {}) {
    const { jar } = await admin();
    const res = await post(jar, "/admin/site-settings", {
      ...DEFAULTS,
      google_analytics_id: "G-TEST12345",
      google_analytics_enabled: "on",
      google_search_console_verification: "verify-code-123",
      ...extra,
    });
    expect(res.status).toBe(200);
  }

  it("a UK visitor gets the bar and no tracker until Accept All; a US visitor gets the tracker", async () => {
    await enableAnalytics();
    const gb = { "cf-ipcountry": "GB" };
    const before = await visit(new CookieJar(), "/", gb);
    const html = await text(before);
    expect(html).toContain('aria-label="Cookie consent"');
    expect(html).toContain("We use essential and analytics cookies.");
    expect(html).toContain("Essential Only");
    expect(html).toContain("Accept All");
    expect(html).not.toContain("gtag/js");
    expect(html).toContain('<meta name="google-site-verification" content="verify-code-123"/>');
    // The CSP allows the tracker's hosts while it is switched on, whoever asks.
    expect(before.headers.get("content-security-policy")).toContain(
      "https://*.google-analytics.com",
    );

    const essential = await text(
      await visit(new CookieJar(), "/", { ...gb, cookie: "cookie_consent=essential" }),
    );
    expect(essential).not.toContain('aria-label="Cookie consent"');
    expect(essential).not.toContain("gtag/js");

    const accepted = await text(
      await visit(new CookieJar(), "/", { ...gb, cookie: "cookie_consent=all" }),
    );
    expect(accepted).not.toContain('aria-label="Cookie consent"');
    expect(accepted).toContain("https://www.googletagmanager.com/gtag/js?id=G-TEST12345");
    expect(accepted).toContain(`gtag('config',"G-TEST12345")`);

    const us = await text(await visit(new CookieJar(), "/"));
    expect(us).not.toContain('aria-label="Cookie consent"');
    expect(us).toContain("gtag/js?id=G-TEST12345");
  });

  it("nothing when scripts are off, and no bar when UK consent is not required", async () => {
    await enableAnalytics({ scripts_enabled: "", require_consent_for_uk: "" });
    const res = await visit(new CookieJar(), "/", { "cf-ipcountry": "GB" });
    const html = await text(res);
    expect(html).not.toContain('aria-label="Cookie consent"');
    expect(html).not.toContain("gtag/js");
    expect(res.headers.get("content-security-policy")).not.toContain("google-analytics");
  });

  it("writes the admin's custom scripts with the response's nonce", async () => {
    await enableAnalytics({
      custom_head_scripts: "<script>window.customHead = 1;</script>",
      custom_body_scripts: '<script src="https://widget.example/w.js"></script>',
    });
    const html = await text(await visit(new CookieJar(), "/"));
    // Every script carries this response's one nonce (React Router's, the trackers', the admin's).
    const nonces = new Set([...html.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((m) => m[1]));
    expect(nonces.size).toBe(1);
    const [nonce] = [...nonces];
    expect(html).toContain(`<script nonce="${nonce}">window.customHead = 1;</script>`);
    expect(html).toContain(`<script nonce="${nonce}" src="https://widget.example/w.js"></script>`);
  });
});
