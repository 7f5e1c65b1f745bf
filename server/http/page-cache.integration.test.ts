import { eq, sql } from "drizzle-orm";
import { createHash, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { INVALIDATION_CHANNEL } from "#server/cache/cache";
import { CookieJar } from "#tests/support/http-app";
import { posts } from "#server/db/schema";
import { createComment, createPost, createUser } from "#tests/support/factories";
import { signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";

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

  it("never caches a signed-in member's page", async () => {
    const post = await publishedPost();
    const path = `/post/${post.slug}`;
    await site.get(new CookieJar(), path);
    expect((await site.get(new CookieJar(), path)).headers.get("x-page-cache")).toBe("hit");
    const member = await signedInMember(site.app, site.testDb.db);
    for (let i = 0; i < 2; i++) {
      const res = await site.get(member.jar, path);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-page-cache")).toBeNull();
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      // The member's own header (avatar menu), never the visitor's cached page.
      expect(await res.text()).toContain(member.username);
    }
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

  it("keeps visitors' pages when a comment is added, while members see the new count", async () => {
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
    // The member's render reads the post again (the "comments" scope cleared it)...
    expect(await site.text(await site.get(member.jar, path))).toContain("1 comment<");
    // ...while the visitors' copy stays (it may lag the count by its 60-second lifetime).
    const visitor = await site.get(new CookieJar(), path);
    expect(visitor.headers.get("x-page-cache")).toBe("hit");
    expect(await site.text(visitor)).toContain("0 comments");
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
});
