/**
 * Security suite (docs/security.md#same-origin-and-caching, docs/decisions/0053): writes only from this site's own
 * pages. With a live session, a request whose Origin is another site, or a
 * sibling of this one (another port: the same "site" for SameSite=Lax), or
 * whose Sec-Fetch-Site says so when Origin is absent, is refused with 403 and
 * does nothing; the same request from the site itself goes through.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { comments, favorites, sessions } from "#server/db/schema";
import { CROSS_SITE_MESSAGE } from "#server/http/same-origin";
import { createPost } from "../support/factories";
import { signedInMember } from "../support/signed-in";
import { siteOverHttpForThisFile } from "../support/site-over-http";

const site = siteOverHttpForThisFile();
const counts = { cases: 0, refused: 0, fiveHundreds: 0 };
afterAll(() => {
  console.log(
    `security/same-origin: ${counts.cases} cross-site requests, ${counts.refused} refused (403), ${counts.fiveHundreds} answers of 500`,
  );
});

type Sender = { name: string; headers: (siteUrl: string) => Record<string, string> };
const CROSS: Sender[] = [
  { name: "another site", headers: () => ({ origin: "http://evil.example" }) },
  {
    name: "a sibling port (same site)",
    headers: (url) => ({ origin: url.replace(/:(\d+)$/, (_, p: string) => `:${Number(p) + 1}`) }),
  },
  { name: "an opaque origin", headers: () => ({ origin: "null" }) },
  { name: "Sec-Fetch-Site cross-site", headers: () => ({ "sec-fetch-site": "cross-site" }) },
  { name: "Sec-Fetch-Site same-site", headers: () => ({ "sec-fetch-site": "same-site" }) },
];

describe("requests from another site", () => {
  it("are refused with 403 on every resource route that acts, with a session, and do nothing", async () => {
    const mentor = await signedInMember(site.app, site.testDb.db, { role: "mentor" });
    const post = await createPost(site.testDb.db, { authorId: mentor.id });
    const requests: { path: string; body: () => BodyInit; type?: string }[] = [
      {
        path: "/api/comments",
        body: () =>
          new URLSearchParams({ intent: "create", postId: post.id, content: "Hi", js: "1" }),
      },
      { path: "/api/favorites", body: () => new URLSearchParams({ postId: post.id, js: "1" }) },
      {
        path: "/api/reports",
        body: () => new URLSearchParams({ kind: "post", id: post.id, reason: "spam" }),
      },
      { path: "/logout", body: () => new URLSearchParams() },
      {
        path: "/api/uploads",
        body: () => {
          const form = new FormData();
          form.set("file", new Blob([new Uint8Array(8)], { type: "image/png" }), "x.png");
          return form;
        },
      },
      {
        path: "/api/metadata",
        body: () => JSON.stringify({ url: "http://127.0.0.1:9/" }),
        type: "application/json",
      },
      {
        path: "/create-post",
        body: () => new URLSearchParams({ title: "Forged", intent: "draft" }),
      },
      { path: "/edit-profile", body: () => new URLSearchParams({ fullName: "Forged" }) },
    ];
    for (const sender of CROSS) {
      for (const request of requests) {
        const headers: Record<string, string> = {
          ...sender.headers(site.app.url),
          cookie: mentor.jar.header(site.app.url),
        };
        if (request.type) headers["content-type"] = request.type;
        const res = await fetch(`${site.app.url}${request.path}`, {
          method: "POST",
          headers,
          body: request.body(),
          redirect: "manual",
        });
        const text = await res.text();
        counts.cases++;
        if (res.status === 403) counts.refused++;
        if (res.status === 500) counts.fiveHundreds++;
        expect({ sender: sender.name, path: request.path, status: res.status }).toEqual({
          sender: sender.name,
          path: request.path,
          status: 403,
        });
        expect(text).toContain(CROSS_SITE_MESSAGE);
      }
    }
    const db = site.testDb.db;
    expect((await db.select({ n: count() }).from(comments))[0]!.n).toBe(0);
    expect((await db.select({ n: count() }).from(favorites))[0]!.n).toBe(0);
    expect(await db.select().from(sessions).where(eq(sessions.userId, mentor.id))).toHaveLength(1);
  });

  it("from the site itself (Origin or Sec-Fetch-Site same-origin) go through", async () => {
    const member = await signedInMember(site.app, site.testDb.db);
    const post = await createPost(site.testDb.db, { authorId: member.id });
    for (const headers of [
      { origin: site.app.url },
      { "sec-fetch-site": "same-origin" },
      {} as Record<string, string>,
    ]) {
      const res = await fetch(`${site.app.url}/api/favorites`, {
        method: "POST",
        headers: { ...headers, cookie: member.jar.header(site.app.url) },
        body: new URLSearchParams({ postId: post.id, js: "1" }),
      });
      expect(res.status).toBe(200);
    }
    expect((await site.testDb.db.select({ n: count() }).from(favorites))[0]!.n).toBe(1);
  });

  it("a page (GET) from another site's link still opens", async () => {
    const res = await fetch(`${site.app.url}/`, {
      headers: { origin: "http://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(res.status).toBe(200);
    await res.body?.cancel();
  });
});
