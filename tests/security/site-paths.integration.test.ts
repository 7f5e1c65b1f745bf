/**
 * Security suite (docs/security.md#input, docs/decisions/0053): the one "path on this site" rule
 * (server/http/site-path.ts) wherever the site takes a path from the client
 * and sends the browser there or links to it: the redirect after sign-in
 * (form and page), the consent form's return path, the post form's media
 * and links, the site settings' links and banners. None of the spellings
 * below may leave the site or answer 500.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { CookieJar } from "#tests/support/http-app";
import { parsePostInput } from "~/features/authoring/post-form.server";
import { readSettingsForm, validateSettings } from "~/features/site-settings/settings-schema";
import { signedInMember, TEST_PASSWORD } from "../support/signed-in";
import { siteOverHttpForThisFile } from "../support/site-over-http";

const site = siteOverHttpForThisFile();

/** Spellings a browser reads as another site (or that a header cannot carry). */
export const OFF_SITE = [
  "//evil.example/",
  "/\\evil.example/",
  "/\t/evil.example/",
  "/\n/evil.example/",
  "/\r\n/evil.example/",
  "/ /evil.example/",
  "/\u000b/evil.example/",
  "/\u00a0/evil.example/",
  "/\u200b/evil.example/",
  "\\\\evil.example/",
  "https://evil.example/",
  "http:evil.example",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "evil.example",
];

const counts = { cases: 0, holes: 0, fiveHundreds: 0 };
let holes: string[] = [];
afterAll(() => {
  console.log(
    `security/redirects: ${counts.cases} cases, ${counts.holes} holes, ${counts.fiveHundreds} answers of 500`,
  );
});
beforeEach(() => {
  holes = [];
});
afterEach(() => {
  expect(holes).toEqual([]);
});

/** Records one case; the test fails at its end with every hole it found. */
function judge(label: string, ok: boolean, status?: number) {
  counts.cases++;
  if (status === 500) counts.fiveHundreds++;
  if (!ok || status === 500) {
    counts.holes++;
    holes.push(`${label} (${status ?? "no answer"})`);
  }
}

describe("redirects", () => {
  it("after signing in through the form, an off-site redirectTo goes to / instead", async () => {
    const member = await signedInMember(site.app, site.testDb.db);
    for (const redirectTo of [...OFF_SITE, "/post/a-post?x=1"]) {
      const res = await site.post(new CookieJar(), "/login", {
        email: member.email,
        password: TEST_PASSWORD,
        redirectTo,
      });
      const location = res.headers.get("location");
      const expected = redirectTo === "/post/a-post?x=1" ? redirectTo : "/";
      judge(
        `POST /login redirectTo=${JSON.stringify(redirectTo)}`,
        location === expected,
        res.status,
      );
    }
  });

  it("a signed-in visit to /login?redirectTo= goes to / for an off-site one", async () => {
    const member = await signedInMember(site.app, site.testDb.db);
    for (const redirectTo of OFF_SITE) {
      const res = await site.get(member.jar, `/login?redirectTo=${encodeURIComponent(redirectTo)}`);
      judge(
        `GET /login?redirectTo=${JSON.stringify(redirectTo)}`,
        // Sent home, or (a control character in the query) refused with 400 before any route.
        (res.status === 302 && res.headers.get("location") === "/") || res.status === 400,
        res.status,
      );
    }
  });

  it("the consent form returns to / for an off-site returnTo", async () => {
    for (const returnTo of OFF_SITE) {
      const res = await site.post(new CookieJar(), "/api/consent", {
        choice: "accepted",
        returnTo,
      });
      judge(
        `POST /api/consent returnTo=${JSON.stringify(returnTo)}`,
        res.status === 303 || res.status === 302
          ? res.headers.get("location") === "/"
          : res.status < 500,
        res.status,
      );
    }
  });
});

describe("site paths in posts and site settings", () => {
  const base = { title: "A post", intent: "draft" };
  it("the post form refuses off-site spellings as site paths for images, audio, video and links", () => {
    for (const field of ["featured_image_url", "featured_audio_url", "og_image"]) {
      for (const value of OFF_SITE.filter((v) => !/^https?:/.test(v))) {
        const parsed = parsePostInput({ ...base, [field]: value });
        judge(`post ${field}=${JSON.stringify(value)}`, !parsed.ok);
      }
    }
    for (const value of OFF_SITE.filter((v) => !/^https?:/.test(v))) {
      const widget = JSON.stringify([
        { type: "image", image_url: "/uploads/a.png", link_url: value },
      ]);
      const parsed = parsePostInput({ ...base, sidebar_widgets: widget });
      judge(`post widget link_url=${JSON.stringify(value)}`, !parsed.ok);
    }
    expect(parsePostInput({ ...base, featured_image_url: "/uploads/posts/a.webp" }).ok).toBe(true);
  });

  it("the site settings refuse them for banners and links", () => {
    const fields = [
      "default_sidebar_banner_url",
      "default_sidebar_banner_link",
      "header_banner_link",
    ];
    for (const field of fields) {
      for (const value of OFF_SITE.filter((v) => !/^https?:/.test(v))) {
        const form = new FormData();
        form.set("cookie_banner_message", "We use cookies.");
        form.set("cookie_policy_content", "<p>Policy</p>");
        form.set(field, value);
        const result = validateSettings(readSettingsForm(form));
        judge(`settings ${field}=${JSON.stringify(value)}`, !result.ok);
      }
    }
  });
});
