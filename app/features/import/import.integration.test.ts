/**
 * The import (docs/decisions/0119): our own export, a Ghost export and a
 * WordPress WXR each import with their authors, categories, tags, featured
 * images and dates; HTML goes through the site's sanitiser; old URLs
 * redirect; a second run adds nothing and a dry run writes nothing.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import express from "express";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenForInvalidations } from "#server/cache/cache";
import { exportContent } from "#server/backup/export";
import { categories, postTags, posts, tags, urlRedirects } from "#server/db/schema";
import { loadRedirects, redirectsMiddleware } from "#server/http/redirects";
import { countAllTables, createPost, createTag, createUser } from "#tests/support/factories";
import { listenOnLoopback } from "#tests/support/http-test-server";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { importBundle, UnmappedAuthorsError } from "./import.server";
import { readSource } from "./sources.server";

const t = testDatabaseForThisFile();
const fixture = (name: string) => readFileSync(path.resolve("tests/fixtures/import", name), "utf8");
const ghost = () =>
  readSource(fixture("ghost-export.json"), { sourceUrl: "https://ghost.example" });
const wordpress = () => readSource(fixture("wordpress-export.xml"));

let server: Awaited<ReturnType<typeof listenOnLoopback>>;
let stopListening: () => Promise<void>;
beforeAll(async () => {
  stopListening = await listenForInvalidations(t.handle);
  const app = express();
  app.use(redirectsMiddleware({ load: () => loadRedirects(t.db) }));
  app.use((_req, res) => void res.status(404).send("page"));
  server = await listenOnLoopback(app);
});
afterAll(async () => {
  await server?.close();
  await stopListening?.();
});

/** The redirect answered for `pathname`, waiting for the cache to hear about new rows. */
async function redirectOf(pathname: string, expected: string) {
  const until = Date.now() + 3000;
  for (;;) {
    const res = await fetch(`${server.url}${pathname}`, { redirect: "manual" });
    const got = [res.status, res.headers.get("location")];
    if (got[1] === expected || Date.now() > until) {
      expect(got).toEqual([301, expected]);
      return;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

const postBySlug = async (slug: string) =>
  (await t.db.select().from(posts).where(eq(posts.slug, slug)))[0];
const tagsOf = async (postId: string) =>
  (
    await t.db
      .select({ slug: tags.slug })
      .from(postTags)
      .innerJoin(tags, eq(tags.id, postTags.tagId))
      .where(eq(postTags.postId, postId))
  )
    .map((r) => r.slug)
    .sort();

describe("importing a WordPress export (WXR)", () => {
  it("imports posts with authors, category, tags, featured image, date and redirects", async () => {
    const asha = await createUser(t.db, { role: "mentor", email: "ASHA@wp.example" });
    const editor = await createUser(t.db, { role: "admin", username: "site_editor" });
    const report = await importBundle(t.db, wordpress(), { fallbackAuthor: "site_editor" });

    expect(report.created).toEqual({ posts: 3, categories: 1, tags: 2, redirects: 2 });
    expect(report.fallbackAuthors).toEqual([
      { source: "oldeditor", mappedTo: "site_editor", posts: 1 },
    ]);
    expect(report.skipped).toEqual([
      { item: "post deleted-thoughts", reason: 'WordPress status "trash" is not imported' },
      { item: "page contact", reason: "a WordPress page, not a post" },
    ]);

    const seed = (await postBySlug("raising-seed-round-london"))!;
    expect(seed).toMatchObject({
      title: "Raising a seed round from London",
      status: "published",
      authorId: asha.id,
      excerpt: "How we raised.",
      featuredImageUrl: "https://oldblog.example/wp-content/uploads/2023/09/cover.jpg",
      publishedAt: new Date("2023-09-12T10:00:00Z"),
    });
    // Classic-editor text gets paragraphs; the iframe from an unknown host loses its address.
    expect(seed.content).toMatch(
      /^<p>Angels first, then funds.<\/p>\n<p>Keep the deck <em>short<\/em>.<iframe><\/iframe><\/p>$/,
    );
    const [funding] = await t.db
      .select()
      .from(categories)
      .where(eq(categories.id, seed.categoryId));
    expect(funding).toMatchObject({ slug: "funding", name: "Funding" });
    expect(await tagsOf(seed.id)).toEqual(["london", "seed-round"]);

    const tax = (await postBySlug("tax-accounts-year-one"))!;
    expect(tax).toMatchObject({ title: "Tax & accounts in year one", authorId: editor.id });
    const draft = (await postBySlug("work-in-progress"))!;
    expect(draft).toMatchObject({ status: "draft", publishedAt: null });

    await redirectOf("/2023/09/raising-seed-round-london/", "/post/raising-seed-round-london");
    await redirectOf("/2024/01/tax-accounts-year-one", "/post/tax-accounts-year-one");
  });

  it("refuses authors it cannot map unless a fallback author is given, before writing", async () => {
    await createUser(t.db, { email: "asha@wp.example" });
    const before = await countAllTables(t.db);
    await expect(importBundle(t.db, wordpress())).rejects.toThrow(UnmappedAuthorsError);
    await expect(importBundle(t.db, wordpress())).rejects.toThrow(/oldeditor.*--author USERNAME/);
    await expect(
      importBundle(t.db, wordpress(), { fallbackAuthor: "nobody_here" }),
    ).rejects.toThrow(/nobody_here/);
    expect(await countAllTables(t.db)).toEqual(before);
  });

  it("adds nothing the second time, and a dry run writes nothing", async () => {
    await createUser(t.db, { email: "asha@wp.example" });
    await createUser(t.db, { username: "fallback" });
    const before = await countAllTables(t.db);
    const dry = await importBundle(t.db, wordpress(), { fallbackAuthor: "fallback", dryRun: true });
    expect(dry).toMatchObject({ dryRun: true, created: { posts: 3, redirects: 2 } });
    expect(await countAllTables(t.db)).toEqual(before);

    await importBundle(t.db, wordpress(), { fallbackAuthor: "fallback" });
    const after = await countAllTables(t.db);
    const again = await importBundle(t.db, wordpress(), { fallbackAuthor: "fallback" });
    expect(again.created).toEqual({ posts: 0, categories: 0, tags: 0, redirects: 0 });
    expect(again.skipped).toContainEqual({
      item: "post raising-seed-round-london",
      reason: "a post with this slug already exists",
    });
    expect(await countAllTables(t.db)).toEqual(after);
  });
});

describe("importing a Ghost export", () => {
  it("imports posts with sanitised HTML, tags, images and /slug/ redirects", async () => {
    const priya = await createUser(t.db, { role: "mentor", username: "priya" });
    await createUser(t.db, { username: "fallback" });
    const report = await importBundle(t.db, ghost(), { fallbackAuthor: "fallback" });
    expect(report.created).toEqual({ posts: 3, categories: 0, tags: 2, redirects: 1 });
    expect(report.skipped).toEqual([
      { item: "post about-us", reason: "a Ghost page, not a post" },
      {
        item: "post lexical-only",
        reason: "no HTML in the export (export from Ghost with HTML included)",
      },
      // The post comes in; its old address would hide the site's search page.
      { item: "redirect /search/", reason: "a path the site keeps for itself" },
    ]);
    expect(await postBySlug("search")).toBeDefined();
    const post = (await postBySlug("hiring-first-engineer-bengaluru"))!;
    expect(post).toMatchObject({
      authorId: priya.id,
      status: "published",
      excerpt: "What worked for three founders.",
      featuredImageUrl: "https://ghost.example/content/images/2024/05/cover.jpg",
      publishedAt: new Date("2024-05-02T08:30:00Z"),
    });
    expect(post.content).not.toMatch(/script|onclick|javascript:/);
    expect(post.content).toContain("<p>Start with <strong>referrals</strong>.</p>");
    expect(post.content).toContain('src="https://ghost.example/content/images/2024/05/team.jpg"');
    expect(await tagsOf(post.id)).toEqual(["hiring", "india"]);
    expect((await postBySlug("draft-about-visas"))!.status).toBe("draft");
    await redirectOf("/hiring-first-engineer-bengaluru/", "/post/hiring-first-engineer-bengaluru");

    const before = await countAllTables(t.db);
    const again = await importBundle(t.db, ghost(), { fallbackAuthor: "fallback" });
    expect(again.created).toEqual({ posts: 0, categories: 0, tags: 0, redirects: 0 });
    expect(await countAllTables(t.db)).toEqual(before);
  });
});

describe("importing our own export", () => {
  it("brings back posts, tags and redirects on a site with the same authors", async () => {
    const author = await createUser(t.db, { role: "mentor" });
    const tag = await createTag(t.db, "visa tips");
    const post = await createPost(t.db, {
      authorId: author.id,
      slug: "opening-a-bank-account",
      content: "<p>Bring two documents.</p>",
    });
    await t.db.insert(postTags).values({ postId: post.id, tagId: tag.id });
    await t.db
      .insert(urlRedirects)
      .values({ fromPath: "/old-bank", toPath: "/post/opening-a-bank-account" });
    const content = await exportContent(t.db, { url: "https://a.example", name: "A" });
    // Tampered HTML in the file is sanitised on the way in.
    content.posts[0]!.html = '<p>Bring two documents.</p><img src="x" onerror="alert(1)">';
    content.posts.push({ ...content.posts[0]!, slug: "Hand Edited Slug!", title: "Hand edited" });

    await t.reset();
    const same = await createUser(t.db, { username: author.username, role: "mentor" });
    const report = await importBundle(t.db, readSource(JSON.stringify(content)));
    expect(report.created).toEqual({ posts: 2, categories: 0, tags: 1, redirects: 1 });
    expect(await postBySlug("hand-edited-slug")).toBeDefined();
    const back = (await postBySlug("opening-a-bank-account"))!;
    expect(back.authorId).toBe(same.id);
    expect(back.content).not.toContain("onerror");
    expect(await tagsOf(back.id)).toEqual(["visa-tips"]);
    await redirectOf("/old-bank", "/post/opening-a-bank-account");

    const again = await importBundle(t.db, readSource(JSON.stringify(content)));
    expect(again.created).toEqual({ posts: 0, categories: 0, tags: 0, redirects: 0 });
  });
});

/** A WXR with `count` published posts, as WordPress writes it. */
function generatedWxr(count: number): string {
  const items = Array.from({ length: count }, (_, i) => {
    const day = String((i % 28) + 1).padStart(2, "0");
    return `<item><title><![CDATA[Post number ${i}]]></title>
<link>https://big.example/2022/03/post-number-${i}/</link>
<dc:creator><![CDATA[writer]]></dc:creator>
<content:encoded><![CDATA[<p>Paragraph one of post ${i}.</p><p>${"Words and more words. ".repeat(40)}</p>]]></content:encoded>
<wp:post_id>${i + 1}</wp:post_id>
<wp:post_date_gmt><![CDATA[2022-03-${day} 10:00:00]]></wp:post_date_gmt>
<wp:post_name><![CDATA[post-number-${i}]]></wp:post_name>
<wp:status><![CDATA[publish]]></wp:status>
<wp:post_type><![CDATA[post]]></wp:post_type>
<category domain="category" nicename="topic-${i % 5}"><![CDATA[Topic ${i % 5}]]></category>
<category domain="post_tag" nicename="tag-${i % 20}"><![CDATA[Tag ${i % 20}]]></category>
</item>`;
  }).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/">
<channel><title>Big</title><wp:wxr_version>1.2</wp:wxr_version>
${items}
</channel></rss>`;
}

describe("a 1,000-post WXR", () => {
  it("imports in one run and reports its time", { timeout: 180_000 }, async () => {
    await createUser(t.db, { username: "writer" });
    const started = performance.now();
    const report = await importBundle(t.db, readSource(generatedWxr(1000)));
    const seconds = (performance.now() - started) / 1000;
    console.warn(`1,000-post WXR imported in ${seconds.toFixed(1)} s`);
    expect(report.created).toEqual({ posts: 1000, categories: 5, tags: 20, redirects: 1000 });
  });
});

describe("an import is held to the admin pages' rules (docs/decisions/0172)", () => {
  const ours = (content: Record<string, unknown>) =>
    readSource(
      JSON.stringify({
        format: "founderbridge-content",
        version: 1,
        categories: [],
        tags: [],
        posts: [],
        redirects: [],
        ...content,
      }),
    );
  const post = (slug: string, featuredImageUrl: string | null) => ({
    slug,
    title: slug,
    status: "published",
    html: "<p>Body</p>",
    excerpt: null,
    featuredImageUrl,
    category: null,
    tags: [],
    author: "importer",
    publishedAt: "2024-01-01T00:00:00Z",
    createdAt: "2024-01-01T00:00:00Z",
  });

  it("skips and lists redirects the Redirects page refuses", async () => {
    await createUser(t.db, { username: "importer" });
    const refused = [
      { from: "/signup", to: "https://evil.example/signup" },
      { from: "/forgot-password", to: "https://evil.example/" },
      { from: "/settings/two-factor", to: "https://evil.example/2fa" },
      { from: "/old-a", to: "//evil.example/x" },
      { from: "/old-b", to: "javascript:alert(document.cookie)" },
      { from: "/old-c", to: "/post/x", statusCode: 200 },
      { from: "/old-d", to: "/old-d" },
      { from: "/loop-1", to: "/loop-2" },
      { from: "/loop-2", to: "/loop-1" },
    ];
    const kept = [
      { from: "/old-e", to: "https://elsewhere.example/page" },
      { from: "/post/renamed", to: "/post/new-name" },
    ];
    const report = await importBundle(
      t.db,
      ours({
        redirects: [...refused, ...kept].map((r) => ({ statusCode: 301, ...r })),
      }),
    );
    const rows = await t.db.select().from(urlRedirects);
    expect(rows.map((r) => [r.fromPath, r.toPath]).sort()).toEqual(
      [
        ["/loop-1", "/loop-2"],
        ["/old-e", "https://elsewhere.example/page"],
        ["/post/renamed", "/post/new-name"],
      ].sort(),
    );
    expect(report.created.redirects).toBe(3);
    const listed = report.skipped.map((s) => s.item);
    for (const r of refused.filter((r) => r.from !== "/loop-1")) {
      expect(listed).toContain(`redirect ${r.from}`);
    }
    expect(report.skipped.find((s) => s.item === "redirect /signup")!.reason).toBe(
      "From Path is one of the site's own pages: a redirect there would hide it",
    );
    expect(report.skipped.find((s) => s.item === "redirect /old-b")!.reason).toBe(
      "To Path must be a path on this site starting with / or an http(s) URL",
    );
    expect(report.skipped.find((s) => s.item === "redirect /loop-2")!.reason).toBe(
      "This redirect would create a loop: /loop-2 → /loop-1 → /loop-2",
    );
  });

  it("leaves out featured images the editor refuses, and local addresses", async () => {
    await createUser(t.db, { username: "importer" });
    const refused = {
      "js-image": "javascript:alert(1)",
      "data-image": "data:image/svg+xml,<svg onload=alert(1)>",
      "loopback-image": "http://127.0.0.1:5432/x.png",
      "localhost-image": "http://localhost/admin.png",
      "private-image": "https://10.0.0.8/a.png",
      "metadata-image": "http://169.254.169.254/latest/meta-data/",
      "ipv6-image": "http://[::1]/a.png",
      "protocol-relative-image": "//evil.example/a.png",
    };
    const accepted = {
      "https-image": "https://cdn.example/a.webp",
      "upload-image": "/uploads/posts/u1/1.1600x900.webp",
    };
    const report = await importBundle(
      t.db,
      ours({
        posts: Object.entries({ ...refused, ...accepted }).map(([slug, url]) => post(slug, url)),
      }),
    );
    expect(report.created.posts).toBe(10);
    for (const [slug, url] of Object.entries(refused)) {
      expect((await postBySlug(slug))!.featuredImageUrl, slug).toBeNull();
      expect(report.skipped).toContainEqual({
        item: `featured image of post ${slug}`,
        reason: `not an address the editor accepts, or a local one: ${url}`,
      });
    }
    for (const [slug, url] of Object.entries(accepted)) {
      expect((await postBySlug(slug))!.featuredImageUrl).toBe(url);
    }
  });
});
