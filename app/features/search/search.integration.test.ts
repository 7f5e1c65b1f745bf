import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { UNCATEGORIZED_ID } from "#server/db/schema";
import { createPost, createUser, type TestUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { SEARCH_COUNT_CAP, searchPosts, SEARCH_PAGE_SIZE } from "./search.server";

const t = testDatabaseForThisFile();
let author: TestUser;
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

/** The test author's posts, created one after another in the order given. */
async function postsByAuthor(...values: Omit<Parameters<typeof createPost>[1], "authorId">[]) {
  for (const post of values) await createPost(t.db, { authorId: author.id, ...post });
}

beforeEach(async () => {
  author = await createUser(t.db);
});

describe("searchPosts", () => {
  it("finds every visible post containing the substring in title, excerpt or body, any case", async () => {
    await postsByAuthor(
      { slug: "in-title", title: "Scaling SaaS in Pune", publishedAt: daysAgo(5) },
      { slug: "in-excerpt", excerpt: "why saas founders move", publishedAt: daysAgo(1) },
      {
        slug: "in-body",
        content: "<p>Our <strong>SaaS</strong> journey</p>",
        publishedAt: daysAgo(2),
      },
      { slug: "mid-word", content: "<p>a saasy tone</p>", publishedAt: daysAgo(3) },
      { slug: "draft", title: "SaaS draft", status: "draft" },
      { slug: "future", title: "SaaS soon", publishedAt: new Date(Date.now() + DAY) },
      { slug: "tag-only", content: '<p class="saas">nothing</p>' },
    );
    const found = await searchPosts(t.db, "  sAaS ");
    expect(found.query).toBe("sAaS");
    // Title first, then excerpt, then body (newest first within each).
    expect(found.results.map((r) => r.post.slug)).toEqual([
      "in-title",
      "in-excerpt",
      "in-body",
      "mid-word",
    ]);
    expect(found.total).toBe(4);
  });

  it("searches the text the reader sees: references decoded, tags dropped, spaces collapsed", async () => {
    await postsByAuthor(
      {
        slug: "entities",
        content: "<p>Our R&amp;D&nbsp;budget for Bengaluru&#8217;s team</p>",
        publishedAt: daysAgo(1),
      },
      {
        slug: "split-word",
        content: "<p>Building <em>Sa</em>aS in\n   Pune</p><p>Second paragraph</p>",
        publishedAt: daysAgo(2),
      },
    );
    const rd = await searchPosts(t.db, "r&d budget");
    expect(rd.results.map((r) => r.post.slug)).toEqual(["entities"]);
    expect(rd.results[0]!.snippet.filter((s) => s.match).map((s) => s.text)).toEqual([
      "R&D budget",
    ]);
    expect((await searchPosts(t.db, "bengaluru’s")).total).toBe(1);
    expect((await searchPosts(t.db, "saas in pune")).results.map((r) => r.post.slug)).toEqual([
      "split-word",
    ]);
    // Paragraphs stay apart; markup is not text.
    expect((await searchPosts(t.db, "pune second")).total).toBe(1);
    expect((await searchPosts(t.db, "punesecond")).total).toBe(0);
    expect((await searchPosts(t.db, "amp;")).total).toBe(0);
    expect((await searchPosts(t.db, "nbsp")).total).toBe(0);
    expect((await searchPosts(t.db, "<p>")).total).toBe(0);
  });

  it("treats % and _ literally and finds short queries", async () => {
    await createPost(t.db, { authorId: author.id, slug: "pct", title: "Save 20% on fees" });
    await createPost(t.db, { authorId: author.id, slug: "other", title: "Save 200 on fees" });
    expect((await searchPosts(t.db, "20%")).results.map((r) => r.post.slug)).toEqual(["pct"]);
    expect((await searchPosts(t.db, "_")).total).toBe(0);
    expect((await searchPosts(t.db, "20")).total).toBe(2);
  });

  it("highlights the match in the title and a snippet", async () => {
    await createPost(t.db, {
      authorId: author.id,
      title: "Hiring in India",
      content: `<p>${"word ".repeat(80)}the visa sponsor licence matters ${"more ".repeat(80)}</p>`,
    });
    const [result] = (await searchPosts(t.db, "sponsor")).results;
    expect(result!.title).toEqual([{ text: "Hiring in India", match: false }]);
    expect(result!.snippet.filter((s) => s.match).map((s) => s.text)).toEqual(["sponsor"]);
    const snippet = result!.snippet.map((s) => s.text).join("");
    expect(snippet.length).toBeLessThan(220);
    expect(snippet.startsWith("… ")).toBe(true);
  });

  it("pages by 20", async () => {
    for (let i = 0; i < 25; i++) {
      await createPost(t.db, {
        authorId: author.id,
        title: `Market note ${i}`,
        publishedAt: daysAgo(i + 1),
      });
    }
    const first = await searchPosts(t.db, "market");
    expect(first.results).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first.pages).toBe(2);
    const second = await searchPosts(t.db, "market", 2);
    expect(second.results.map((r) => r.post.title)).toEqual(
      [20, 21, 22, 23, 24].map((i) => `Market note ${i}`),
    );
    expect((await searchPosts(t.db, "market", 9)).total).toBe(25);
  });

  it("over 200 matches: counts 200+, ranks title, excerpt, body, newest first, and every match is on a page", async () => {
    // 530 body matches (newest first by number), plus a title and an excerpt match that are older.
    await t.db.execute(sql`
      INSERT INTO posts (title, slug, content, excerpt, category_id, author_id, status, published_at)
      SELECT 'Note ' || i, 'note-' || i, '<p>About the visa rules</p>', 'Plain excerpt',
        ${UNCATEGORIZED_ID}, ${author.id}, 'published', now() - make_interval(mins => i)
      FROM generate_series(1, 530) AS i
    `);
    await postsByAuthor(
      { slug: "old-title", title: "Visa guide", publishedAt: daysAgo(30) },
      { slug: "old-excerpt", excerpt: "All about the visa", publishedAt: daysAgo(20) },
      { slug: "draft-visa", title: "Visa", status: "draft" },
    );
    const first = await searchPosts(t.db, "VISA");
    expect(first.capped).toBe(true);
    expect(first.total).toBe(SEARCH_COUNT_CAP);
    expect(first.hasNext).toBe(true);
    expect(first.results.map((r) => r.post.slug)).toEqual([
      "old-title",
      "old-excerpt",
      ...Array.from({ length: 18 }, (_, i) => `note-${i + 1}`),
    ]);
    const third = await searchPosts(t.db, "visa", 3);
    expect(third.results.map((r) => r.post.slug)).toEqual(
      Array.from({ length: 20 }, (_, i) => `note-${i + 39}`),
    );
    expect(third.results[0]!.snippet.some((s) => s.match && s.text === "visa")).toBe(true);
    // Past the count, the pages go on until every match has been shown, once.
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const found = await searchPosts(t.db, "visa", page);
      seen.push(...found.results.map((r) => r.post.slug));
      if (!found.hasNext) break;
      expect(found.pages).toBeGreaterThan(page);
    }
    expect(seen).toHaveLength(532);
    expect(new Set(seen).size).toBe(532);
    expect(seen.at(-1)).toBe("note-530");
    // Under the cap the count is exact.
    const few = await searchPosts(t.db, "note 10");
    expect(few.capped).toBe(false);
    expect(few.total).toBe(11); // Note 10 and Note 100 to 109
    expect(few.hasNext).toBe(false);
  });

  it("a blank query finds nothing", async () => {
    await createPost(t.db, { authorId: author.id });
    expect((await searchPosts(t.db, "   ")).results).toEqual([]);
  });

  // The plans of the statements searchPosts sends: search-plan.integration.test.ts.
});
