/**
 * Security suite (docs/security.md#same-origin-and-caching, docs/decisions/0053): every answer made for a
 * signed-in request carries `Cache-Control: private, no-store`, so no shared
 * cache keeps a member's page or an admin's user list; an answer that sets a
 * cookie is never kept either. Feeds that say they are public stay public.
 */
import { describe, expect, it } from "vitest";
import { CookieJar } from "#tests/support/http-app";
import { PRIVATE_NO_STORE } from "#server/http/private-cache";
import { createPost } from "../support/factories";
import { signedInMember, TEST_PASSWORD } from "../support/signed-in";
import { siteOverHttpForThisFile } from "../support/site-over-http";

const site = siteOverHttpForThisFile();

describe("Cache-Control for signed-in answers", () => {
  it("is private, no-store on every page and data answer an admin gets", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const post = await createPost(site.testDb.db, { authorId: admin.id });
    const paths = [
      "/admin",
      "/admin/site-settings",
      "/notifications",
      "/edit-profile",
      "/favorites",
      "/my-posts",
      "/",
      `/post/${post.slug}`,
      "/search?q=post",
      "/categories",
      `/user/${admin.username}`,
      "/no-such-page",
      "/api/posts/next?after=x",
    ];
    const found: Record<string, string | null> = {};
    for (const path of paths) {
      const res = await site.get(admin.jar, path);
      await res.body?.cancel();
      found[path] = res.headers.get("cache-control");
    }
    expect(found).toEqual(Object.fromEntries(paths.map((p) => [p, PRIVATE_NO_STORE])));
    console.log(
      `security/cache-control: ${paths.length} signed-in answers, all ${PRIVATE_NO_STORE}`,
    );
  });

  it("is private, no-store on the sign-in answer that sets the session cookie", async () => {
    const member = await signedInMember(site.app, site.testDb.db);
    const res = await site.post(new CookieJar(), "/login", {
      email: member.email,
      password: TEST_PASSWORD,
      redirectTo: "/",
    });
    expect(res.status).toBe(302);
    expect(res.headers.getSetCookie().join()).toMatch(/session_token=/);
    expect(res.headers.get("cache-control")).toBe(PRIVATE_NO_STORE);
  });

  it("leaves anonymous pages and public feeds cacheable", async () => {
    const member = await signedInMember(site.app, site.testDb.db);
    const anonymous = await site.get(new CookieJar(), "/");
    await anonymous.body?.cancel();
    expect(anonymous.headers.get("cache-control") ?? "").not.toContain("no-store");
    const feed = await site.get(member.jar, "/rss.xml");
    await feed.body?.cancel();
    expect(feed.headers.get("cache-control")).toMatch(/^public/);
  });
});
