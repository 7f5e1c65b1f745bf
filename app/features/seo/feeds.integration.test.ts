import { parseFeed } from "@rowanmanning/feed-parser";
import Parser from "rss-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { clearAllCaches } from "#server/cache/cache";
import { postTags } from "#server/db/schema";
import { createPost, createTag, createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { jsonFeed, loadFeed, rssXml, sitemapXml, type FeedSource } from "./feeds.server";

const t = testDatabaseForThisFile({ resetBetweenTests: false });
const SITE = { name: "FB", url: "https://fb.test" };
let author: { id: string; username: string };
const rssParser = new Parser({ customFields: { item: ["content:encoded", "media:content"] } });

const feedOf = async (source: FeedSource) => (await loadFeed(t.db, source, SITE))!;

beforeAll(async () => {
  clearAllCaches();
  author = await createUser(t.db, { fullName: "Asha & Co", role: "mentor" });
  for (let i = 0; i < 22; i++) {
    await createPost(t.db, {
      authorId: author.id,
      slug: `p-${i}`,
      title: `Post <${i}>`,
      publishedAt: new Date(Date.now() - (i + 2) * 60_000),
    });
  }
  await createPost(t.db, { authorId: author.id, slug: "a-draft", status: "draft" });
  // The newest: a body with what a feed must not carry, relative addresses and an image.
  const rich = await createPost(t.db, {
    authorId: author.id,
    slug: "rich-body",
    title: "Rich body",
    excerpt: "The excerpt",
    featuredImageUrl: "/uploads/posts/cover.1200x630.webp",
    content:
      '<h2>Heading</h2><p onclick="steal()">Text with <a href="/post/p-1">a link</a>' +
      ' and <a href="https://example.org/x">another</a>.</p><script>alert(1)</script>' +
      '<img src="/uploads/posts/inline.800x600.webp" alt="Inline" onerror="x()">' +
      '<p><a href="javascript:alert(1)">bad</a></p><p>Ends with ]]&gt; and ]]></p>',
    publishedAt: new Date(Date.now() - 60_000),
  });
  const tag = await createTag(t.db, "market entry");
  await t.db.insert(postTags).values([{ postId: rich.id, tagId: tag.id }]);
  const draftTag = await createTag(t.db, "only on a draft");
  const [draft] = await t.db.query.posts.findMany({ where: (p, { eq }) => eq(p.slug, "a-draft") });
  await t.db.insert(postTags).values([{ postId: draft!.id, tagId: draftTag.id }]);
});

describe("the sitemap", () => {
  it("lists approved members' public profiles, not pending or blocked ones", async () => {
    const approved = await createUser(t.db, { status: "approved" });
    const pending = await createUser(t.db, { status: "pending" });
    const blocked = await createUser(t.db, { status: "blocked" });
    const xml = await sitemapXml(t.db, "https://fb.test");
    expect(xml).toContain(`<loc>https://fb.test/user/${approved.username}</loc>`);
    expect(xml).not.toContain(`/user/${pending.username}<`);
    expect(xml).not.toContain(`/user/${blocked.username}<`);
  });

  it("lists visible posts, pages and tags a visible post carries; not drafts or their tags", async () => {
    const xml = await sitemapXml(t.db, "https://fb.test");
    expect(xml).toContain("<loc>https://fb.test/post/p-0</loc>");
    expect(xml).toContain("<loc>https://fb.test/about</loc>");
    expect(xml).toContain("<loc>https://fb.test/tag/market-entry</loc>");
    expect(xml).not.toContain("only-on-a-draft");
    expect(xml).not.toContain("a-draft");
  });
});

describe("RSS and JSON Feed", () => {
  it("the site's RSS: the latest 20, escaped, parsed alike by two parsers", async () => {
    const xml = rssXml(await feedOf({ kind: "site" }));
    expect(xml.match(/<item>/g)).toHaveLength(20);
    expect(xml).toContain("<title>Post &lt;0&gt;</title>");
    expect(xml).toContain("<dc:creator>Asha &amp; Co</dc:creator>");
    expect(xml).not.toContain("p-20<");
    const one = await rssParser.parseString(xml);
    const two = parseFeed(xml);
    expect(one.title).toBe("FB");
    expect(two.title).toBe("FB");
    expect(one.items).toHaveLength(20);
    expect(two.items).toHaveLength(20);
    expect(one.items.map((i) => i.link)).toEqual(two.items.map((i) => i.url));
    expect(one.items[1]!.title).toBe("Post <0>");
    expect(two.items[1]!.authors[0]!.name).toBe("Asha & Co");
    expect(two.self).toBe("https://fb.test/rss.xml");
  });

  it("full content: sanitised, every address absolute, the featured image first", async () => {
    const xml = rssXml(await feedOf({ kind: "site" }));
    for (const parsed of [
      (await rssParser.parseString(xml)).items[0]!["content:encoded"] as string,
      parseFeed(xml).items[0]!.content!,
    ]) {
      expect(parsed).toMatch(
        /^<p><img src="https:\/\/fb\.test\/uploads\/posts\/cover\.1200x630\.webp" alt="Rich body" \/?><\/p><h2/,
      );
      expect(parsed).toContain('<a href="https://fb.test/post/p-1">a link</a>');
      expect(parsed).toContain("https://example.org/x?utm_source=FB");
      expect(parsed).toContain('src="https://fb.test/uploads/posts/inline.800x600.webp"');
      // "]]>" in the body survives the CDATA section (split in two there); one parser
      // gives the text's ">" as "&gt;", the same HTML.
      expect(parsed.replaceAll("&gt;", ">")).toContain("Ends with ]]> and ]]></p>");
      for (const unsafe of ["<script", "alert(1)", "onclick", "onerror", "javascript:", "srcset"]) {
        expect(parsed).not.toContain(unsafe);
      }
    }
    const media = parseFeed(xml).items[0]!.media;
    expect(media[0]).toMatchObject({
      url: "https://fb.test/uploads/posts/cover.1200x630.webp",
      mimeType: "image/webp",
    });
  });

  it("a category's, a tag's and an author's feed carry only theirs; unknown ones are none", async () => {
    const news = rssXml(await feedOf({ kind: "category", slug: "uncategorized" }));
    expect(parseFeed(news).items).toHaveLength(20);
    expect(rssXml(await feedOf({ kind: "category", slug: "news" }))).not.toContain("<item>");
    const tag = parseFeed(rssXml(await feedOf({ kind: "tag", slug: "market-entry" })));
    expect(tag.title).toBe("#market entry | FB");
    expect(tag.items.map((i) => i.url)).toEqual(["https://fb.test/post/rich-body"]);
    expect(tag.self).toBe("https://fb.test/tag/market-entry/rss.xml");
    // A tag only a draft carries has a feed with nothing in it.
    expect(parseFeed(rssXml(await feedOf({ kind: "tag", slug: "only-on-a-draft" }))).items).toEqual(
      [],
    );
    const mine = parseFeed(rssXml(await feedOf({ kind: "author", username: author.username })));
    expect(mine.items).toHaveLength(20);
    expect(mine.url).toBe(`https://fb.test/user/${author.username}`);
    const other = await createUser(t.db, { role: "mentor" });
    expect(
      rssXml(await feedOf({ kind: "author", username: other.username })).match(/<item>/g),
    ).toBeNull();
    const blocked = await createUser(t.db, { status: "blocked" });
    for (const source of [
      { kind: "category", slug: "nope" },
      { kind: "tag", slug: "nope" },
      { kind: "author", username: "nobody_here" },
      { kind: "author", username: blocked.username },
      { kind: "author", username: "../etc" },
    ] as const) {
      expect(await loadFeed(t.db, source, SITE), JSON.stringify(source)).toBeUndefined();
    }
  });

  it("JSON Feed 1.1: the required fields, the same items as the RSS", async () => {
    const feed = jsonFeed(await feedOf({ kind: "site" }));
    const parsed = JSON.parse(JSON.stringify(feed)) as typeof feed;
    expect(parsed.version).toBe("https://jsonfeed.org/version/1.1");
    expect(parsed.title).toBe("FB");
    expect(parsed.feed_url).toBe("https://fb.test/feed.json");
    expect(parsed.home_page_url).toBe("https://fb.test/");
    expect(parsed.items).toHaveLength(20);
    for (const item of parsed.items) {
      expect(typeof item.id).toBe("string");
      // content_html, or content_text for a post without a body (one of the two is required).
      expect((item.content_html ?? item.content_text)!.length).toBeGreaterThan(0);
      // RFC 3339 on the site's clock, with its offset (Europe/London here; decision 0144).
      expect(item.date_published).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
      expect(Number.isNaN(Date.parse(item.date_published))).toBe(false);
      expect(item.authors[0]!.name).toBeTruthy();
    }
    expect(parsed.items[0]).toMatchObject({
      url: "https://fb.test/post/rich-body",
      image: "https://fb.test/uploads/posts/cover.1200x630.webp",
      summary: "The excerpt",
    });
    expect(parsed.items[0]!.content_html).not.toContain("<script");
    expect(parsed.items[1]).toMatchObject({ content_text: "Post <0>" });
  });
});
