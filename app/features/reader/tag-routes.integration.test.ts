/**
 * Tag pages and the feeds over HTTP (docs/product/reading.md#archives-tags-and-feeds, docs/decisions/0111): /tag/{slug} lists the
 * tag's visible posts with its own feeds; a post's tags link there; a tag
 * only a draft carries has no page; each feed answers with its type.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { clearAllCaches } from "#server/cache/cache";
import { postTags } from "#server/db/schema";
import { CookieJar } from "#tests/support/http-app";
import { createPost, createTag, createUser } from "#tests/support/factories";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";

const site = siteOverHttpForThisFile();
let username: string;

beforeEach(async () => {
  clearAllCaches();
  const db = site.testDb.db;
  const author = await createUser(db, { role: "mentor" });
  username = author.username;
  const tag = await createTag(db, "market entry");
  const draftTag = await createTag(db, "secret plans");
  for (let i = 1; i <= 22; i++) {
    const post = await createPost(db, {
      authorId: author.id,
      slug: `tagged-${i}`,
      title: `Tagged ${i}`,
      publishedAt: new Date(Date.now() - i * 60_000),
    });
    await db.insert(postTags).values({ postId: post.id, tagId: tag.id });
  }
  const draft = await createPost(db, { authorId: author.id, slug: "draft", status: "draft" });
  await db.insert(postTags).values({ postId: draft.id, tagId: draftTag.id });
});

const get = async (path: string) => {
  const res = await site.get(new CookieJar(), path);
  return { res, body: await site.text(res) };
};

describe("tag pages", () => {
  it("/tag/{slug}: the tag's posts, 20 a page, with its feeds; page 2 has the rest", async () => {
    const { res, body } = await get("/tag/market-entry");
    expect(res.status).toBe(200);
    expect(body).toMatch(/<title>#market entry \| /);
    expect(body).toContain('href="/tag/market-entry/rss.xml"');
    expect(body).toContain('href="/tag/market-entry/feed.json"');
    expect(body).toContain(">Tagged 1<");
    expect(body).toContain(">Tagged 20<");
    expect(body).not.toContain(">Tagged 21<");
    expect(body).toContain('href="/tag/market-entry?page=2"');
    const second = await get("/tag/market-entry?page=2");
    expect(second.body).toMatch(/<title>#market entry – page 2 \| /);
    expect(second.body).toContain(">Tagged 22<");
    expect((await get("/tag/market-entry?page=3")).res.status).toBe(404);
  });

  it("no such tag, or a tag only a draft carries: 404", async () => {
    for (const path of ["/tag/nope", "/tag/secret-plans", "/tag/market-entry?page=0"]) {
      const { res, body } = await get(path);
      expect(res.status, path).toBe(404);
      expect(body).toContain("Tag not found");
    }
  });

  it("a post's tags link to the tag's page", async () => {
    const { body } = await get("/post/tagged-1");
    expect(body).toContain('href="/tag/market-entry"');
    expect(body).not.toContain("/search?q=market");
  });

  it("each feed answers with its type; unknown ones 404", async () => {
    for (const [path, type] of [
      ["/rss.xml", "application/rss+xml"],
      ["/feed.json", "application/feed+json"],
      ["/categories/uncategorized/rss.xml", "application/rss+xml"],
      ["/categories/uncategorized/feed.json", "application/feed+json"],
      ["/tag/market-entry/rss.xml", "application/rss+xml"],
      ["/tag/market-entry/feed.json", "application/feed+json"],
      [`/user/${username}/rss.xml`, "application/rss+xml"],
      [`/user/${username}/feed.json`, "application/feed+json"],
    ] as const) {
      const { res, body } = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toMatch(
        new RegExp(`^${type.replace("+", "\\+")}`),
      );
      expect(body, path).toContain("Tagged 1");
    }
    for (const path of [
      "/tag/nope/rss.xml",
      "/user/nobody_here/feed.json",
      "/categories/nope/rss.xml",
    ]) {
      expect((await get(path)).res.status, path).toBe(404);
    }
  });
});
