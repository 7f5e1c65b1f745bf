/**
 * The Content API over HTTP (docs/operations.md#content-api): keys an admin creates (shown
 * once, stored hashed, audited) and revokes; 401 without a key or with a
 * revoked one; only published posts whose time has come; filters and
 * paging with totals; CORS for the configured origins only; ETag and
 * Cache-Control; the OpenAPI file; rate limits per key and, for wrong keys,
 * per address (429 with Retry-After, docs/decisions/0175).
 */
import { describe, expect, it } from "vitest";
import { adminAuditLog, categories, contentApiKeys, postTags } from "#server/db/schema";
import { browse, CookieJar } from "#tests/support/http-app";
import { createPost, createTag, createUser } from "#tests/support/factories";
import { signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";
import { hashKey } from "./keys.server";
import type { ApiPost, Pagination } from "./queries.server";
import { CONTENT_API_LIMITS } from "./limits";

const ALLOWED = "https://front.example";
// Behind a proxy, so that a test can speak from several addresses (X-Forwarded-For).
const site = siteOverHttpForThisFile({
  env: { CONTENT_API_ORIGINS: `${ALLOWED}, https://other.example`, TRUST_PROXY: "true" },
});
const API = "/api/content/v1";

async function newKey(name = "Front-end") {
  const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
  const res = await site.post(admin.jar, "/admin/content-api", { intent: "create", name });
  expect(res.status).toBe(200);
  const html = await site.text(res);
  const key = html.match(/data-testid="new-api-key"[^>]*value="([^"]+)"|value="(fbk_[^"]+)"/);
  const clear = key?.[1] ?? key?.[2];
  expect(clear).toMatch(/^fbk_/);
  return { admin, key: clear! };
}

const call = (path: string, headers: Record<string, string> = {}) =>
  browse(new CookieJar(), `${site.app.url}${API}${path}`, { headers });

/** The API's answers, as its documentation (openapi.json) describes them. */
type PostList = { posts: ApiPost[]; meta: { pagination: Pagination } };
type Listed<K extends string> = Record<K, { slug: string; username: string; postCount: number }[]>;

/** The first error's message of a refused call. */
const firstError = async (res: Response) =>
  ((await res.json()) as { errors: { message: string }[] }).errors[0]?.message;

async function seed() {
  const db = site.testDb.db;
  const author = await createUser(db, { username: "writer", fullName: "A Writer" });
  const other = await createUser(db, { username: "other" });
  const [news] = await db
    .insert(categories)
    .values({ name: "API News", slug: "api-news" })
    .returning();
  const tag = await createTag(db, "growth");
  const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const published = [];
  for (let i = 0; i < 5; i++) {
    published.push(
      await createPost(db, {
        authorId: i < 3 ? author.id : other.id,
        slug: `published-${i}`,
        categoryId: i % 2 === 0 ? news!.id : undefined,
        publishedAt: at(10 + i),
      }),
    );
  }
  await db.insert(postTags).values([
    { postId: published[0]!.id, tagId: tag.id },
    { postId: published[3]!.id, tagId: tag.id },
  ]);
  await createPost(db, {
    authorId: author.id,
    slug: "a-draft",
    status: "draft",
    publishedAt: null,
  });
  await createPost(db, {
    authorId: author.id,
    slug: "in-review",
    status: "pending",
    publishedAt: null,
  });
  const scheduled = await createPost(db, {
    authorId: author.id,
    slug: "scheduled",
    categoryId: news!.id,
    publishedAt: new Date(Date.now() + 3_600_000),
  });
  await db.insert(postTags).values({ postId: scheduled.id, tagId: tag.id });
  return { author, other };
}

describe("Content API keys", () => {
  it("refuses a request without a key, with an unknown key and with a revoked key (401)", async () => {
    await seed();
    const none = await call("/posts");
    expect(none.status).toBe(401);
    expect(await firstError(none)).toMatch(/key is required/);
    expect((await call("/posts?key=fbk_nothing")).status).toBe(401);

    const { admin, key } = await newKey();
    expect((await call(`/posts?key=${key}`)).status).toBe(200);
    expect((await call("/posts", { Authorization: `Bearer ${key}` })).status).toBe(200);

    const [row] = await site.testDb.db.select().from(contentApiKeys);
    expect(row!.keyHash).toBe(hashKey(key));
    expect(JSON.stringify(row)).not.toContain(key);
    expect(row!.lastUsedAt).not.toBeNull();

    const revoke = await site.post(admin.jar, "/admin/content-api", {
      intent: "revoke",
      id: row!.id,
    });
    expect(revoke.status).toBe(200);
    expect(await site.text(revoke)).toContain("Key revoked.");
    const after = await call("/posts", { Authorization: `Bearer ${key}` });
    expect(after.status).toBe(401);
    expect(await firstError(after)).toMatch(/revoked/);

    const actions = await site.testDb.db
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog);
    expect(actions.map((a) => a.action).sort()).toEqual(["api_key.create", "api_key.revoke"]);
  });

  it("lets only admins see and use the keys page", async () => {
    for (const role of ["user", "mentor"] as const) {
      const member = await signedInMember(site.app, site.testDb.db, { role });
      const res = await site.post(member.jar, "/admin/content-api", {
        intent: "create",
        name: "x",
      });
      expect([role, res.status]).not.toEqual([role, 200]);
      expect((await site.get(member.jar, "/admin/content-api")).status).not.toBe(200);
    }
    const visitor = await site.post(new CookieJar(), "/admin/content-api", {
      intent: "create",
      name: "x",
    });
    expect(visitor.status).not.toBe(200);
    expect(await site.testDb.db.select().from(contentApiKeys)).toEqual([]);
  });

  it("asks for a name, keeping what was typed", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const res = await site.post(admin.jar, "/admin/content-api", { intent: "create", name: "  " });
    expect(res.status).toBe(400);
    expect(await site.text(res)).toContain("Please give the key a name");
    const long = await site.post(admin.jar, "/admin/content-api", {
      intent: "create",
      name: "n".repeat(101),
    });
    expect(long.status).toBe(400);
    expect(await site.text(long)).toContain(`value="${"n".repeat(101)}"`);
  });
});

describe("Content API reading", () => {
  it("lists only published posts whose time has come, never drafts, reviews or scheduled posts", async () => {
    await seed();
    const { key } = await newKey();
    const body = (await (await call(`/posts?key=${key}&limit=100`)).json()) as PostList;
    expect(body.posts.map((p: { slug: string }) => p.slug)).toEqual([
      "published-0",
      "published-1",
      "published-2",
      "published-3",
      "published-4",
    ]);
    expect(body.meta.pagination).toEqual({
      page: 1,
      limit: 100,
      pages: 1,
      total: 5,
      next: null,
      prev: null,
    });
    const first = body.posts[0]!;
    expect(first.author).toEqual({
      username: "writer",
      name: "A Writer",
      bio: null,
      profileImage: null,
      website: null,
    });
    expect(first.category).toEqual({ slug: "api-news", name: "API News" });
    expect(first.tags).toEqual([{ slug: "growth", name: "growth" }]);
    expect(first.url).toBe(`${site.app.url}/post/published-0`);
    expect(JSON.stringify(body)).not.toContain("@example.com");

    for (const slug of ["a-draft", "in-review", "scheduled"]) {
      expect([slug, (await call(`/posts/${slug}?key=${key}`)).status]).toEqual([slug, 404]);
    }
    const one = (await (await call(`/posts/published-3?key=${key}`)).json()) as PostList;
    expect(one.posts[0]!.slug).toBe("published-3");
  });

  it("pages with totals and filters by category, tag and author", async () => {
    await seed();
    const { key } = await newKey();
    const slugs = async (query: string) => {
      const res = await call(`/posts?key=${key}&${query}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as PostList;
      return { slugs: body.posts.map((p) => p.slug), meta: body.meta.pagination };
    };
    expect(await slugs("limit=2&page=2")).toEqual({
      slugs: ["published-2", "published-3"],
      meta: { page: 2, limit: 2, pages: 3, total: 5, next: 3, prev: 1 },
    });
    expect((await slugs("limit=2&page=3")).slugs).toEqual(["published-4"]);
    expect((await slugs("limit=2&page=9")).slugs).toEqual([]);
    expect((await slugs("category=api-news")).slugs).toEqual([
      "published-0",
      "published-2",
      "published-4",
    ]);
    expect((await slugs("tag=growth")).slugs).toEqual(["published-0", "published-3"]);
    expect((await slugs("author=other")).slugs).toEqual(["published-3", "published-4"]);
    expect((await slugs("author=writer&category=api-news")).meta.total).toBe(2);

    for (const bad of ["limit=0", "limit=101", "page=0", "page=x", "category=Not%20A%20Slug"]) {
      const res = await call(`/posts?key=${key}&${bad}`);
      expect([bad, res.status]).toEqual([bad, 400]);
      expect(await firstError(res)).toMatch(/must be/);
    }
  });

  it("lists categories, tags and authors counting published posts only", async () => {
    await seed();
    const { key } = await newKey();
    const tags: unknown = await (await call(`/tags?key=${key}`)).json();
    expect(tags).toEqual({ tags: [{ slug: "growth", name: "growth", postCount: 2 }] });
    const authors = (await (await call(`/authors?key=${key}`)).json()) as Listed<"authors">;
    expect(authors.authors.map((a) => [a.username, a.postCount])).toEqual([
      ["other", 2],
      ["writer", 3],
    ]);
    const cats = (await (await call(`/categories?key=${key}`)).json()) as Listed<"categories">;
    const news = cats.categories.find((c) => c.slug === "api-news");
    expect(news?.postCount).toBe(3);
    expect((await call(`/nothing?key=${key}`)).status).toBe(404);
  });

  it("answers with an ETag and Cache-Control, and 304 when nothing changed", async () => {
    await seed();
    const { key } = await newKey();
    const res = await call(`/posts?key=${key}`);
    const etag = res.headers.get("etag");
    expect(etag).toMatch(/^"/);
    expect(res.headers.get("cache-control")).toBe("private, max-age=60, must-revalidate");
    const again = await call(`/posts?key=${key}`, { "If-None-Match": etag! });
    expect(again.status).toBe(304);
    await createPost(site.testDb.db, {
      authorId: (await createUser(site.testDb.db)).id,
      publishedAt: new Date(Date.now() - 1000),
    });
    expect((await call(`/posts?key=${key}`, { "If-None-Match": etag! })).status).toBe(200);
    expect((await call("/posts")).headers.get("cache-control")).toBe("no-store");
  });

  it("allows the configured origins only (CORS), preflights included", async () => {
    const { key } = await newKey();
    const allowed = await call(`/tags?key=${key}`, { Origin: ALLOWED });
    expect(allowed.headers.get("access-control-allow-origin")).toBe(ALLOWED);
    expect(allowed.headers.get("vary")).toMatch(/Origin/);
    const other = await call(`/tags?key=${key}`, { Origin: "https://evil.example" });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();

    const preflight = await browse(new CookieJar(), `${site.app.url}${API}/posts`, {
      method: "OPTIONS",
      headers: {
        Origin: ALLOWED,
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "authorization",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(ALLOWED);
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
    const refused = await browse(new CookieJar(), `${site.app.url}${API}/posts`, {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "GET" },
    });
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("serves its OpenAPI description without a key, and refuses writes", async () => {
    const res = await call("/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual([
      "/posts",
      "/posts/{slug}",
      "/categories",
      "/tags",
      "/authors",
    ]);
    const write = await browse(new CookieJar(), `${site.app.url}${API}/posts`, { method: "POST" });
    expect(write.status).toBe(405);
  });
});

describe("Content API rate limits (docs/decisions/0175)", () => {
  it("answers 429 with Retry-After to an address after 10 wrong keys a minute, of 150 tried", async () => {
    const { key } = await newKey();
    const from = { "X-Forwarded-For": "203.0.113.9", Origin: ALLOWED };
    const statuses: number[] = [];
    let limited: Response | undefined;
    for (let i = 0; i < 150; i++) {
      const res = await call(`/posts?key=fbk_guess${i}`, from);
      statuses.push(res.status);
      if (res.status === 429) limited ??= res;
      else await res.arrayBuffer();
    }
    const max = CONTENT_API_LIMITS.wrongKeysPerAddress.max;
    expect(max).toBe(10);
    expect(statuses.slice(0, max)).toEqual(Array(max).fill(401));
    expect(statuses.slice(max)).toEqual(Array(150 - max).fill(429));
    const retryAfter = Number(limited!.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited!.headers.get("cache-control")).toBe("no-store");
    // A page on an allowed origin can read the header (CORS).
    expect(limited!.headers.get("access-control-expose-headers")).toMatch(/Retry-After/);
    expect(await firstError(limited!)).toMatch(/Too many requests/);
    // A missing key counts as a wrong one.
    expect((await call("/posts", from)).status).toBe(429);
    // Another address is not held, and a live key still reads.
    expect((await call("/posts?key=fbk_guess", { "X-Forwarded-For": "203.0.113.10" })).status).toBe(
      401,
    );
    expect((await call(`/tags?key=${key}`, { "X-Forwarded-For": "203.0.113.10" })).status).toBe(
      200,
    );
  });

  it("answers 429 with Retry-After once a key has read 300 times in a minute, other keys not", async () => {
    const { key } = await newKey("Busy");
    const { key: other } = await newKey("Quiet");
    const max = CONTENT_API_LIMITS.readsPerKey.max;
    expect(max).toBe(300);
    for (let i = 0; i < max; i++) {
      // From many addresses: the limit is the key's, wherever it is used.
      const res = await call(`/tags?key=${key}`, { "X-Forwarded-For": `198.51.100.${i % 200}` });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const over = await call(`/tags?key=${key}`);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await call("/tags", { Authorization: `Bearer ${key}` })).status).toBe(429);
    expect((await call(`/tags?key=${other}`)).status).toBe(200);
  });
});
