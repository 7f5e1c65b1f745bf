import { eq, sql } from "drizzle-orm";
import { createHash, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { INVALIDATION_CHANNEL } from "#server/cache/cache";
import { CookieJar } from "#tests/support/http-app";
import { favorites, posts, profiles } from "#server/db/schema";
import { createComment, createPost, createUser } from "#tests/support/factories";
import { signedInMember } from "#tests/support/signed-in";
import { processServices } from "#server/services";
import { getSessionUser } from "~/features/accounts/session.server";
import { notify } from "~/features/notifications/notify.server";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";
import { at } from "#tests/support/json";

// Production mode: the strict CSP with its per-response nonce.
const site = siteOverHttpForThisFile({ pageCache: true, env: { NODE_ENV: "production" } });

function cspNonce(res: Response) {
  const match = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "");
  expect(match, "a nonce in the CSP").not.toBeNull();
  return match![1]!;
}

function scriptNonces(html: string) {
  return new Set([...html.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((m) => m[1]));
}

// On PostgreSQL a write's NOTIFY reaches the app a little later; one arriving
// between a miss and the next request would clear the page just stored.
const barriers = new Map<string, () => void>();
beforeAll(async () => {
  // The app listens on the same handle and connection, and was subscribed first.
  await site.testDb.handle.listen(INVALIDATION_CHANNEL, (payload) => barriers.get(payload)?.());
});

/** Resolves once every invalidation sent before it has reached the app. */
async function settled() {
  // A scope no cache belongs to: it clears nothing.
  const barrier = `test-barrier-${randomUUID()}`;
  const arrived = new Promise<void>((resolve) => barriers.set(barrier, resolve));
  await site.testDb.db.execute(sql`SELECT pg_notify(${INVALIDATION_CHANNEL}, ${barrier})`);
  await arrived;
  barriers.delete(barrier);
}

async function publishedPost(title = "Opening a UK bank account") {
  const author = await createUser(site.testDb.db, { role: "mentor" });
  const post = await createPost(site.testDb.db, { authorId: author.id, title });
  await settled();
  return post;
}

/** Waits for the NOTIFY of a write to reach the app (it clears the page cache). */
async function untilMiss(path: string) {
  for (let i = 0; i < 50; i++) {
    const res = await site.get(new CookieJar(), path);
    if (res.headers.get("x-page-cache") === "miss") return res;
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${path} stayed cached`);
}

describe("the anonymous page cache over HTTP", () => {
  it("renders a post once, then serves it with a CSP that allows its scripts by hash", async () => {
    const post = await publishedPost();
    const path = `/post/${post.slug}`;
    const first = await site.get(new CookieJar(), path);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const firstHtml = await first.text();
    expect(scriptNonces(firstHtml)).toEqual(new Set([cspNonce(first)]));

    for (let i = 0; i < 3; i++) {
      const hit = await site.get(new CookieJar(), path);
      expect(hit.status).toBe(200);
      expect(hit.headers.get("x-page-cache")).toBe("hit");
      expect(hit.headers.get("cache-control")).toBe(
        "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
      );
      expect(hit.headers.get("set-cookie")).toBeNull();
      expect(hit.headers.get("x-page-cache-keys")).toBeNull();
      const policy = hit.headers.get("content-security-policy") ?? "";
      // The render's nonce is in the page, but no hit's policy names a nonce (never reused).
      expect(policy).not.toContain("'nonce-");
      const html = await hit.text();
      expect(html).toBe(firstHtml);
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
        .filter(([, attributes]) => !/application\/(ld\+)?json/.test(attributes!))
        .map(([, , text]) => createHash("sha256").update(text!).digest("base64"));
      expect(inline.length).toBeGreaterThan(0);
      for (const hash of inline) expect(policy).toContain(`'sha256-${hash}'`);
    }
  });

  it("drops only the pages a post write changes: its own and the lists, not other posts", async () => {
    const changed = await publishedPost("A post that will change");
    const other = await publishedPost("A post nobody touches");
    const paths = [`/post/${changed.slug}`, `/post/${other.slug}`, "/"];
    for (const path of paths) await (await site.get(new CookieJar(), path)).arrayBuffer();
    for (const path of paths) {
      expect((await site.get(new CookieJar(), path)).headers.get("x-page-cache"), path).toBe("hit");
    }
    await site.testDb.db
      .update(posts)
      .set({ title: "A post that has changed" })
      .where(eq(posts.id, changed.id));
    await settled();
    const kept = await site.get(new CookieJar(), `/post/${other.slug}`);
    expect(kept.headers.get("x-page-cache")).toBe("hit");
    const own = await site.get(new CookieJar(), `/post/${changed.slug}`);
    expect(own.headers.get("x-page-cache")).toBe("miss");
    expect(await site.text(own)).toContain("A post that has changed");
    const home = await site.get(new CookieJar(), "/");
    expect(home.headers.get("x-page-cache")).toBe("miss");
    expect(await site.text(home)).toContain("A post that has changed");
  });

  it("serves the home page and searches from the cache too, keyed by their query", async () => {
    await publishedPost("Hiring your first engineer in Pune");
    for (const path of ["/", "/search?q=pune"]) {
      expect((await site.get(new CookieJar(), path)).headers.get("x-page-cache")).toBe("miss");
      const hit = await site.get(new CookieJar(), path);
      expect(hit.headers.get("x-page-cache")).toBe("hit");
      expect(await hit.text()).toContain("Hiring your first engineer in Pune");
    }
    const other = await site.get(new CookieJar(), "/search?q=engineer");
    expect(other.headers.get("x-page-cache")).toBe("miss");
  });

  it("serves an approved member the members' shared page from the cache, private", async () => {
    const post = await publishedPost();
    const path = `/post/${post.slug}`;
    // A reader first: the readers' entry is not the members'.
    expect((await site.get(new CookieJar(), path)).headers.get("x-page-cache")).toBe("miss");
    const [a, b] = [
      await signedInMember(site.app, site.testDb.db, { role: "user", status: "approved" }),
      await signedInMember(site.app, site.testDb.db, { role: "user", status: "approved" }),
    ];
    const first = await site.get(a.jar, path);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect(first.headers.get("set-cookie")).toBeNull();
    const page = await first.text();
    for (const [member, i] of [a, b, a].map((m, n) => [m, n] as const)) {
      const res = await site.get(member.jar, path);
      expect(res.headers.get("x-page-cache"), `request ${i}`).toBe("hit");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("vary")).toMatch(/Cookie/);
      expect(await res.text()).toBe(page);
    }
    // The members' slots, empty, and the comment box (its form works without JavaScript).
    expect(page).toContain('data-slot="avatar"');
    expect(page).toContain('data-slot="bell"');
    expect(page).toMatch(/<textarea[^>]*name="content"/);
    expect(page).not.toContain(">Sign in<");
    for (const member of [a, b]) {
      expect(page).not.toContain(member.username);
      expect(page).not.toContain(member.email);
    }
    // Readers keep theirs: no member's slots, no comment box.
    const reader = await site.get(new CookieJar(), path);
    expect(reader.headers.get("x-page-cache")).toBe("hit");
    expect(reader.headers.get("cache-control")).toBe(
      "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
    );
    const readerPage = await reader.text();
    expect(readerPage).toContain(">Sign in<");
    expect(readerPage).not.toContain('data-slot="avatar"');
    expect(readerPage).not.toMatch(/<textarea[^>]*name="content"/);
  });

  it("renders members awaiting approval, mentors, admins and blocked members per request", async () => {
    const post = await publishedPost("A post for every role");
    const path = `/post/${post.slug}`;
    await site.get(new CookieJar(), path);
    const pending = await signedInMember(site.app, site.testDb.db, { status: "pending" });
    const mentor = await signedInMember(site.app, site.testDb.db, { role: "mentor" });
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    for (const [member, who, marks] of [
      [pending, "pending", [/Available once your account is approved/]],
      [mentor, "mentor", [/href="\/create-post"/]],
      [admin, "admin", [/href="\/create-post"/]],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await site.get(member.jar, path);
        expect(res.headers.get("x-page-cache"), who).toBeNull();
        expect(res.headers.get("cache-control")).toBe("private, no-store");
        const html = await site.text(res);
        // Their own avatar menu, rendered for them.
        expect(html).toContain("Account menu for");
        expect(html).toContain(member.username);
        for (const mark of marks) expect(html, who).toMatch(mark);
      }
    }
    // Blocked before asking: the session is ended and the page is a reader's, rendered.
    const blocked = await signedInMember(site.app, site.testDb.db);
    await site.testDb.db
      .update(profiles)
      .set({ status: "blocked" })
      .where(eq(profiles.id, blocked.id));
    const res = await site.get(blocked.jar, path);
    expect(res.headers.get("x-page-cache")).toBeNull();
    const html = await site.text(res);
    expect(html).toContain(">Sign in<");
    expect(html).not.toContain(blocked.username);
  });

  it("answers the member's parts from /api/viewer, per session and never cached", async () => {
    const post = await publishedPost("A post to save");
    await site.get(new CookieJar(), `/post/${post.slug}`);
    const a = await signedInMember(site.app, site.testDb.db, { fullName: "Asha Viewer-Parts" });
    const b = await signedInMember(site.app, site.testDb.db);
    await notify({ db: site.testDb.db, jobs: site.app.jobs }, a.id, {
      type: "follow",
      title: "Someone followed you",
    });
    await site.testDb.db.insert(favorites).values({ userId: a.id, postId: post.id });
    const viewer = `/api/viewer?post=${post.id}`;

    const answer = await site.get(a.jar, viewer);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.headers.get("x-page-cache")).toBeNull();
    const parts = (await answer.json()) as {
      user: { username: string; fullName: string } | null;
      bell: { unreadCount: number; latest: { title: string }[] } | null;
      saved: boolean | null;
      commentCount: number | null;
    };
    expect(parts.user).toMatchObject({ username: a.username, fullName: "Asha Viewer-Parts" });
    expect(parts.user).not.toHaveProperty("email");
    expect(parts.bell?.unreadCount).toBe(1);
    expect(parts.bell?.latest[0]?.title).toBe("Someone followed you");
    expect(parts.saved).toBe(true);
    expect(parts.commentCount).toBe(0);

    // Another member's are theirs; a second notification shows at once (nothing kept).
    const other: unknown = await (await site.get(b.jar, viewer)).json();
    expect(other).toMatchObject({ user: { username: b.username }, saved: false });
    expect(at(other, "bell", "unreadCount")).toBe(0);
    await notify({ db: site.testDb.db, jobs: site.app.jobs }, a.id, {
      type: "follow",
      title: "Someone else followed you",
    });
    expect(at(await (await site.get(a.jar, viewer)).json(), "bell", "unreadCount")).toBe(2);

    // A reader, and a member blocked since: nothing.
    const reader = await site.get(new CookieJar(), viewer);
    expect(reader.headers.get("cache-control")).toBe("private, no-store");
    expect(await reader.json()).toEqual({
      user: null,
      bell: null,
      saved: null,
      commentCount: null,
    });
    await site.testDb.db.update(profiles).set({ status: "blocked" }).where(eq(profiles.id, b.id));
    expect(await (await site.get(b.jar, viewer)).json()).toEqual({
      user: null,
      bell: null,
      saved: null,
      commentCount: null,
    });
    // Not a post id: refused.
    expect((await site.get(a.jar, "/api/viewer?post=nope")).status).toBe(400);
  });

  it("drops the pages when a post changes", async () => {
    const post = await publishedPost("Before the change");
    const path = `/post/${post.slug}`;
    await site.get(new CookieJar(), path);
    await site.get(new CookieJar(), "/");
    expect((await site.get(new CookieJar(), path)).headers.get("x-page-cache")).toBe("hit");
    await site.testDb.db
      .update(posts)
      .set({ title: "After the change" })
      .where(eq(posts.id, post.id));
    const fresh = await untilMiss(path);
    expect(await site.text(fresh)).toContain("After the change");
    const home = await site.get(new CookieJar(), "/");
    expect(home.headers.get("x-page-cache")).toBe("miss");
    expect(await home.text()).toContain("After the change");
  });

  it("keeps the cached pages when a comment is added; the comments list has the new count", async () => {
    const post = await publishedPost("Hiring your first engineer in Pune");
    const path = `/post/${post.slug}`;
    const member = await signedInMember(site.app, site.testDb.db, {
      role: "user",
      status: "approved",
    });
    await site.get(new CookieJar(), path);
    expect(await site.text(await site.get(member.jar, path))).toContain("0 comments");
    expect((await site.get(new CookieJar(), path)).headers.get("x-page-cache")).toBe("hit");

    await createComment(site.testDb.db, { postId: post.id, authorId: member.id });
    await settled();
    // The visitors' copy stays (it may lag the count by its 60-second lifetime), and so does the
    // members' shared page: the conversation reads the comments afresh in the browser...
    for (const jar of [new CookieJar(), member.jar]) {
      const cached = await site.get(jar, path);
      expect(cached.headers.get("x-page-cache")).toBe("hit");
      expect(await site.text(cached)).toContain("0 comments");
    }
    // ...from the comments list, and the member's private request counts the new one.
    const list = await site.get(member.jar, `/api/comments?postId=${post.id}`);
    expect(((await list.json()) as { total: number }).total).toBe(1);
    const parts = await site.get(member.jar, `/api/viewer?post=${post.id}`);
    expect(((await parts.json()) as { commentCount: number }).commentCount).toBe(1);
  });

  it("does not cache missing pages or addresses with unknown query parameters", async () => {
    const missing = await site.get(new CookieJar(), "/post/no-such-post");
    expect(missing.status).toBe(404);
    await missing.arrayBuffer();
    const again = await site.get(new CookieJar(), "/post/no-such-post");
    expect(again.headers.get("x-page-cache")).toBe("miss");
    await again.arrayBuffer();
    const post = await publishedPost();
    const busted = await site.get(new CookieJar(), `/post/${post.slug}?utm_source=x`);
    expect(busted.status).toBe(200);
    expect(busted.headers.get("x-page-cache")).toBeNull();
  });

  it("never stores nor serves a member's personal parts to readers (every element)", async () => {
    const post = await publishedPost("Renting an office in Bengaluru");
    const member = await signedInMember(site.app, site.testDb.db, {
      role: "user",
      status: "approved",
      fullName: "Priya Personal-Marker",
    });
    await notify({ db: site.testDb.db, jobs: site.app.jobs }, member.id, {
      type: "follow",
      title: "Someone followed you",
    });
    await site.testDb.db.insert(favorites).values({ userId: member.id, postId: post.id });
    await settled();
    const personal: [string, RegExp][] = [
      ["avatar menu: username", new RegExp(member.username)],
      ["avatar menu: name", /Priya Personal-Marker/],
      // Not on the member's pages either; never in a reader's.
      ["e-mail", new RegExp(member.email.replace(/[.+]/g, "\\$&"), "i")],
      ["bell", /Notifications, 1 unread/],
      ["saved state", /aria-pressed="true"/],
      ["comment box", /<textarea[^>]*name="content"/],
    ];
    const paths = [`/post/${post.slug}`, "/"];
    // The member's own parts come from the private request only.
    const parts = await site.text(await site.get(member.jar, `/api/viewer?post=${post.id}`));
    for (const [what, pattern] of personal.slice(0, 2)) expect(parts, what).toMatch(pattern);
    expect(parts).toContain('"unreadCount":1');
    expect(parts).toContain('"saved":true');
    // Members first: their page is the members' shared page, kept and served to the next.
    for (const path of paths) {
      for (const expected of ["miss", "hit"]) {
        const res = await site.get(member.jar, path);
        expect(res.headers.get("x-page-cache"), path).toBe(expected);
        const html = await site.text(res);
        for (const [what, pattern] of personal) {
          if (what === "comment box") continue; // the shared page's box: nobody's
          expect(html, `${what} in the members' ${path} (${expected})`).not.toMatch(pattern);
        }
      }
    }
    // Then readers: the first renders (their own entry), the next are hits.
    for (const path of paths) {
      for (const expected of ["miss", "hit"]) {
        const res = await site.get(new CookieJar(), path);
        expect(res.headers.get("x-page-cache"), path).toBe(expected);
        const html = await site.text(res);
        for (const [what, pattern] of personal) {
          expect(html, `${what} in a reader's ${path} (${expected})`).not.toMatch(pattern);
        }
      }
    }
  });

  it("resolves a member's session once per page request", async () => {
    const member = await signedInMember(site.app, site.testDb.db);
    const cookie = member.jar.header(site.app.url);
    const request = new Request(`${site.app.url}/`, { headers: { cookie } });
    const deps = processServices();
    const first = getSessionUser(request, deps);
    expect(getSessionUser(request, deps)).toBe(first);
    expect((await first)?.id).toBe(member.id);
    // A write's request is read afresh (its action may change the member).
    const post = new Request(`${site.app.url}/`, { method: "POST", headers: { cookie } });
    const [a, b] = [getSessionUser(post, deps), getSessionUser(post, deps)];
    expect(a).not.toBe(b);
    expect((await a)?.id).toBe(member.id);
    expect((await b)?.id).toBe(member.id);
  });
});
