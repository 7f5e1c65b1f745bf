import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { categories, postTags } from "#server/db/schema";
import { clearAllCaches } from "#server/cache/cache";
import { listCategories, readerCategories } from "~/features/categories/categories.server";
import { createPost, createTag, createUser, type TestUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { loadHome } from "~/features/reader/home.server";
import { loadPostView } from "~/features/reader/post-page.server";
import {
  queryFeaturedPosts,
  queryMostViewedPosts,
  queryNextPost,
  queryPostBySlug,
  queryPublishedPosts,
  queryRelatedPosts,
} from "./posts.server";

const t = testDatabaseForThisFile();
let author: TestUser;
let news: string;
let guides: string;

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

beforeEach(async () => {
  clearAllCaches();
  author = await createUser(t.db, { role: "mentor", fullName: "Asha Rao" });
  const rows = await t.db.select({ id: categories.id, slug: categories.slug }).from(categories);
  news = rows.find((r) => r.slug === "news")!.id;
  guides = rows.find((r) => r.slug === "guides")!.id;
});

describe("published posts", () => {
  it("lists only published posts whose time has come, newest first, with author and category", async () => {
    await createPost(t.db, { authorId: author.id, slug: "old", publishedAt: daysAgo(3) });
    await createPost(t.db, { authorId: author.id, slug: "new", publishedAt: daysAgo(1) });
    await createPost(t.db, { authorId: author.id, slug: "draft", status: "draft" });
    await createPost(t.db, { authorId: author.id, slug: "pending", status: "pending" });
    await createPost(t.db, {
      authorId: author.id,
      slug: "future",
      publishedAt: new Date(Date.now() + DAY),
    });
    const list = await queryPublishedPosts(t.db);
    expect(list.map((p) => p.slug)).toEqual(["new", "old"]);
    expect(list[0]!.author).toMatchObject({
      username: author.username,
      name: "Asha Rao",
      role: "mentor",
    });
    expect(list[0]!.category.slug).toBe("uncategorized");
  });

  it("filters by category and stops at 50", async () => {
    for (let i = 0; i < 52; i++) {
      await createPost(t.db, {
        authorId: author.id,
        categoryId: news,
        publishedAt: daysAgo(i + 1),
      });
    }
    await createPost(t.db, { authorId: author.id, slug: "a-guide", categoryId: guides });
    expect(await queryPublishedPosts(t.db)).toHaveLength(50);
    const onlyGuides = await queryPublishedPosts(t.db, { categoryId: guides });
    expect(onlyGuides.map((p) => p.slug)).toEqual(["a-guide"]);
  });
});

describe("featured, most viewed, related", () => {
  it("featured: is_featured and published, newest first, limited", async () => {
    await createPost(t.db, {
      authorId: author.id,
      slug: "f1",
      isFeatured: true,
      publishedAt: daysAgo(2),
    });
    await createPost(t.db, {
      authorId: author.id,
      slug: "f2",
      isFeatured: true,
      publishedAt: daysAgo(1),
    });
    await createPost(t.db, { authorId: author.id, slug: "f3", isFeatured: true, status: "draft" });
    await createPost(t.db, { authorId: author.id, slug: "plain" });
    expect((await queryFeaturedPosts(t.db, 4)).map((p) => p.slug)).toEqual(["f2", "f1"]);
    expect((await queryFeaturedPosts(t.db, 1)).map((p) => p.slug)).toEqual(["f2"]);
  });

  it("most viewed: of the last 30 days, by view count", async () => {
    await createPost(t.db, {
      authorId: author.id,
      slug: "popular-old",
      viewCount: 900,
      publishedAt: daysAgo(31),
    });
    await createPost(t.db, {
      authorId: author.id,
      slug: "a",
      viewCount: 10,
      publishedAt: daysAgo(5),
    });
    await createPost(t.db, {
      authorId: author.id,
      slug: "b",
      viewCount: 50,
      publishedAt: daysAgo(6),
    });
    expect((await queryMostViewedPosts(t.db)).map((p) => p.slug)).toEqual(["b", "a"]);
  });

  it("related: same category, published, not the post itself, newest first, 5", async () => {
    const current = await createPost(t.db, {
      authorId: author.id,
      categoryId: news,
      publishedAt: daysAgo(10),
    });
    for (let i = 0; i < 6; i++) {
      await createPost(t.db, {
        authorId: author.id,
        slug: `n${i}`,
        categoryId: news,
        publishedAt: daysAgo(i + 1),
      });
    }
    await createPost(t.db, { authorId: author.id, slug: "other", categoryId: guides });
    await createPost(t.db, {
      authorId: author.id,
      slug: "n-draft",
      categoryId: news,
      status: "draft",
    });
    const related = await queryRelatedPosts(t.db, current);
    expect(related.map((p) => p.slug)).toEqual(["n0", "n1", "n2", "n3", "n4"]);
  });
});

describe("the post page's sidebar", () => {
  it("lists 5 featured posts, never the post being read", async () => {
    for (let i = 0; i < 6; i++) {
      await createPost(t.db, {
        authorId: author.id,
        slug: `featured-${i}`,
        isFeatured: true,
        publishedAt: daysAgo(i + 1),
      });
    }
    const site = { name: "FounderBridge", url: "http://localhost:3000" };
    for (const slug of ["featured-0", "featured-3", "featured-5"]) {
      const featured = (await loadPostView(t.db, slug, site))!.sidebar!.featured.map((p) => p.slug);
      expect(featured, slug).toHaveLength(5);
      expect(featured, slug).not.toContain(slug);
    }
  });
});

describe("next post (infinite scroll)", () => {
  it("prefers the same category, older than the current, never a seen one, then any category", async () => {
    const current = await createPost(t.db, {
      authorId: author.id,
      slug: "current",
      categoryId: news,
      publishedAt: daysAgo(5),
    });
    await createPost(t.db, {
      authorId: author.id,
      slug: "newer-news",
      categoryId: news,
      publishedAt: daysAgo(1),
    });
    await createPost(t.db, {
      authorId: author.id,
      slug: "older-guide",
      categoryId: guides,
      publishedAt: daysAgo(6),
    });
    const olderNews = await createPost(t.db, {
      authorId: author.id,
      slug: "older-news",
      categoryId: news,
      publishedAt: daysAgo(9),
    });
    await createPost(t.db, {
      authorId: author.id,
      slug: "older-draft",
      categoryId: news,
      status: "draft",
      publishedAt: daysAgo(7),
    });

    const next = (seenIds: string[]) =>
      queryNextPost(t.db, { before: current.publishedAt!, categoryId: news, seenIds });
    expect(await next([current.id])).toEqual({ slug: "older-news" });
    // The same category is exhausted: fall back to any category.
    expect(await next([current.id, olderNews.id])).toEqual({ slug: "older-guide" });
    const guide = (await queryPostBySlug(t.db, "older-guide"))!;
    expect(
      await queryNextPost(t.db, {
        before: guide.publishedAt,
        categoryId: guides,
        seenIds: [current.id, olderNews.id, guide.id],
      }),
    ).toBeUndefined();
  });
});

describe("one post", () => {
  it("finds a visible post by slug with its tags, and nothing for drafts", async () => {
    const post = await createPost(t.db, {
      authorId: author.id,
      slug: "tagged",
      categoryId: guides,
    });
    const tag = await createTag(t.db, "visas");
    await t.db.insert(postTags).values({ postId: post.id, tagId: tag.id });
    await createPost(t.db, { authorId: author.id, slug: "hidden", status: "draft" });
    const found = await queryPostBySlug(t.db, "tagged");
    expect(found?.tags).toEqual([{ name: "visas", slug: "visas" }]);
    expect(found?.category).toMatchObject({ slug: "guides", schemaType: "BlogPosting" });
    expect(await queryPostBySlug(t.db, "hidden")).toBeUndefined();
    expect(await queryPostBySlug(t.db, "missing")).toBeUndefined();
  });
});

describe("categories and home", () => {
  it("counts visible posts per category, ordered by name", async () => {
    await createPost(t.db, { authorId: author.id, categoryId: news });
    await createPost(t.db, { authorId: author.id, categoryId: news });
    await createPost(t.db, { authorId: author.id, categoryId: news, status: "draft" });
    const all = await listCategories(t.db);
    expect(all.map((c) => c.name)).toEqual(
      [...all.map((c) => c.name)].sort((a, b) => a.localeCompare(b)),
    );
    expect(all.find((c) => c.slug === "news")?.postCount).toBe(2);
    expect(all.find((c) => c.slug === "guides")?.postCount).toBe(0);
    await t.db.update(categories).set({ description: "x" }).where(eq(categories.id, news));
  });

  it("offers Uncategorized as a topic only while it holds published posts", async () => {
    const uncategorized = (await listCategories(t.db)).find((c) => c.slug === "uncategorized")!;
    await createPost(t.db, { authorId: author.id, categoryId: news });
    await createPost(t.db, { authorId: author.id, categoryId: uncategorized.id, status: "draft" });
    clearAllCaches();
    expect(readerCategories(await listCategories(t.db)).map((c) => c.slug)).not.toContain(
      "uncategorized",
    );
    // Other categories are listed with 0 posts (/categories says "0 posts").
    expect(readerCategories(await listCategories(t.db)).map((c) => c.slug)).toContain("guides");
    expect((await loadHome(t.db, null)).topics.map((c) => c.slug)).toEqual(["news"]);

    await createPost(t.db, { authorId: author.id, categoryId: uncategorized.id });
    clearAllCaches();
    expect(readerCategories(await listCategories(t.db)).map((c) => c.slug)).toContain(
      "uncategorized",
    );
    expect((await loadHome(t.db, null)).topics.map((c) => c.slug)).toEqual([
      "news",
      "uncategorized",
    ]);
  });

  it("home: a hero, up to 4 listed, featured, topics with posts, and the category filter", async () => {
    for (let i = 0; i < 7; i++) {
      await createPost(t.db, {
        authorId: author.id,
        slug: `p${i}`,
        categoryId: i < 2 ? guides : news,
        publishedAt: daysAgo(i + 1),
        isFeatured: i === 3,
      });
    }
    const home = await loadHome(t.db, null);
    expect(home.hero?.slug).toBe("p0");
    expect(home.listed.map((p) => p.slug)).toEqual(["p1", "p2", "p3", "p4"]);
    expect(home.featured.map((p) => p.slug)).toEqual(["p3"]);
    expect(home.topics.map((c) => c.slug)).toEqual(["news", "guides"]);
    const filtered = await loadHome(t.db, "guides");
    expect(filtered.activeCategory?.slug).toBe("guides");
    expect([filtered.hero?.slug, ...filtered.listed.map((p) => p.slug)]).toEqual(["p0", "p1"]);
    const unknown = await loadHome(t.db, "nope");
    expect(unknown.unknownCategory).toBe(true);
    expect(unknown.hero).toBeNull();
    expect(unknown.listed).toEqual([]);
    expect(filtered.unknownCategory).toBe(false);
  });
});
