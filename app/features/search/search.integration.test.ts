import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPost, createUser, type TestUser } from "../../../tests/support/factories";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { searchPosts, SEARCH_PAGE_SIZE } from "./search.server";

let t: TestDatabase;
let author: TestUser;
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});
beforeEach(async () => {
  await t.reset();
  author = await createUser(t.db);
});

describe("searchPosts", () => {
  it("finds every visible post containing the substring in title, excerpt or body, any case", async () => {
    await createPost(t.db, {
      authorId: author.id,
      slug: "in-title",
      title: "Scaling SaaS in Pune",
      publishedAt: daysAgo(5),
    });
    await createPost(t.db, {
      authorId: author.id,
      slug: "in-excerpt",
      excerpt: "why saas founders move",
      publishedAt: daysAgo(1),
    });
    await createPost(t.db, {
      authorId: author.id,
      slug: "in-body",
      content: "<p>Our <strong>SaaS</strong> journey</p>",
      publishedAt: daysAgo(2),
    });
    await createPost(t.db, {
      authorId: author.id,
      slug: "mid-word",
      content: "<p>a saasy tone</p>",
      publishedAt: daysAgo(3),
    });
    await createPost(t.db, {
      authorId: author.id,
      slug: "draft",
      title: "SaaS draft",
      status: "draft",
    });
    await createPost(t.db, {
      authorId: author.id,
      slug: "future",
      title: "SaaS soon",
      publishedAt: new Date(Date.now() + DAY),
    });
    await createPost(t.db, {
      authorId: author.id,
      slug: "tag-only",
      content: '<p class="saas">nothing</p>',
    });
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

  it("a blank query finds nothing", async () => {
    await createPost(t.db, { authorId: author.id });
    expect((await searchPosts(t.db, "   ")).results).toEqual([]);
  });

  it("uses the trigram index rather than a sequential scan", async () => {
    await t.db.execute(sql`SET enable_seqscan = off`);
    const plan = (await t.db.execute(
      sql`EXPLAIN SELECT id FROM posts WHERE search_text LIKE '%visa sponsor%'`,
    )) as { rows: Record<string, string>[] };
    await t.db.execute(sql`SET enable_seqscan = on`);
    expect(plan.rows.map((r) => Object.values(r)[0]).join("\n")).toContain(
      "posts_search_text_trgm_idx",
    );
  });
});
