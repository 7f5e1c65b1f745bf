import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { postDailyViews, posts } from "#server/db/schema";
import { createPost, createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { registerView, visitorKey } from "./views.server";

const t = testDatabaseForThisFile();

async function viewCount(id: string) {
  const [row] = await t.db.select({ n: posts.viewCount }).from(posts).where(eq(posts.id, id));
  return row!.n;
}

async function indexBytes(name: string) {
  const { rows } = (await t.db.execute(sql`SELECT pg_relation_size(${name}::regclass) AS n`)) as {
    rows: { n: string | number }[];
  };
  return Number(rows[0]!.n);
}

describe("registerView", () => {
  it("updates the post in place: a view writes nothing into the post's indexes", async () => {
    const author = await createUser(t.db);
    // A long body: a view that rewrote the text indexes would add thousands of entries.
    const content = `<p>${Array.from({ length: 2000 }, (_, i) => `founders visa ${i}`).join(" ")}</p>`;
    const post = await createPost(t.db, { authorId: author.id, content });
    const before = {
      trigram: await indexBytes("posts_search_text_trgm_idx"),
      vector: await indexBytes("posts_search_vector_idx"),
      published: await indexBytes("posts_published_idx"),
    };
    for (let i = 0; i < 40; i++) {
      expect(await registerView(t.db, post.id, visitorKey("secret", `203.0.113.${i}`))).toBe(true);
    }
    expect(await viewCount(post.id)).toBe(40);
    expect({
      trigram: await indexBytes("posts_search_text_trgm_idx"),
      vector: await indexBytes("posts_search_vector_idx"),
      published: await indexBytes("posts_published_idx"),
    }).toEqual(before);
  });

  it("counts a visitor once per post per 30 minutes", async () => {
    const author = await createUser(t.db);
    const post = await createPost(t.db, { authorId: author.id });
    const other = await createPost(t.db, { authorId: author.id });
    const alice = visitorKey("secret", "203.0.113.7");
    const bob = visitorKey("secret", "203.0.113.8");
    expect(await registerView(t.db, post.id, alice)).toBe(true);
    expect(await registerView(t.db, post.id, alice)).toBe(false);
    expect(await registerView(t.db, post.id, bob)).toBe(true);
    expect(await registerView(t.db, other.id, alice)).toBe(true);
    expect(await viewCount(post.id)).toBe(2);
    // 31 minutes later the same visitor counts again.
    await t.db.execute(sql`UPDATE post_views SET viewed_at = now() - interval '31 minutes'`);
    expect(await registerView(t.db, post.id, alice)).toBe(true);
    expect(await viewCount(post.id)).toBe(3);
  });

  it("counts only published, visible posts; an unknown id does nothing", async () => {
    const author = await createUser(t.db);
    const draft = await createPost(t.db, {
      authorId: author.id,
      status: "draft",
      publishedAt: null,
    });
    const future = await createPost(t.db, {
      authorId: author.id,
      publishedAt: new Date(Date.now() + 3_600_000),
    });
    const key = visitorKey("secret", "203.0.113.7");
    expect(await registerView(t.db, draft.id, key)).toBe(false);
    expect(await registerView(t.db, future.id, key)).toBe(false);
    expect(await registerView(t.db, "00000000-0000-4000-8000-000000000000", key)).toBe(false);
    expect(await viewCount(draft.id)).toBe(0);
    expect(await viewCount(future.id)).toBe(0);
  });

  it("keys visitors without storing the address", () => {
    const key = visitorKey("secret", "203.0.113.7");
    expect(key).not.toContain("203.0.113.7");
    expect(key).toHaveLength(32);
    expect(visitorKey("other", "203.0.113.7")).not.toBe(key);
  });
});

describe("views per day", () => {
  const today = () => new Date().toISOString().slice(0, 10);
  async function daily(postId: string) {
    return t.db
      .select({ day: postDailyViews.day, views: postDailyViews.views })
      .from(postDailyViews)
      .where(eq(postDailyViews.postId, postId));
  }

  it("a counted view adds one to the post's row for today; a repeat or a draft adds nothing", async () => {
    const author = await createUser(t.db);
    const post = await createPost(t.db, { authorId: author.id });
    const draft = await createPost(t.db, {
      authorId: author.id,
      status: "draft",
      publishedAt: null,
    });
    await t.db.insert(postDailyViews).values({ postId: post.id, day: "2026-01-01", views: 7 });
    expect(await registerView(t.db, post.id, visitorKey("s", "198.51.100.1"))).toBe(true);
    expect(await registerView(t.db, post.id, visitorKey("s", "198.51.100.1"))).toBe(false);
    expect(await registerView(t.db, post.id, visitorKey("s", "198.51.100.2"))).toBe(true);
    expect(await registerView(t.db, draft.id, visitorKey("s", "198.51.100.3"))).toBe(false);
    expect((await daily(post.id)).sort((a, b) => a.day.localeCompare(b.day))).toEqual([
      { day: "2026-01-01", views: 7 },
      { day: today(), views: 2 },
    ]);
    expect(await daily(draft.id)).toEqual([]);
  });

  it("50 views at once: today's row and the post's count both match the views sent", async () => {
    const author = await createUser(t.db);
    const post = await createPost(t.db, { authorId: author.id });
    const counted = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        registerView(t.db, post.id, visitorKey("s", `192.0.2.${i}`)),
      ),
    );
    expect(counted.filter(Boolean)).toHaveLength(50);
    expect(await daily(post.id)).toEqual([{ day: today(), views: 50 }]);
    expect(await viewCount(post.id)).toBe(50);
  });
});
