/**
 * Identical searches share one result for a short time (decision 0161): the
 * cached result is the search's own, and a post write made anywhere (here by
 * SQL, as another instance or psql would) drops it through the posts
 * table's NOTIFY cache_invalidate.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearAllCaches, listenForInvalidations } from "#server/cache/cache";
import { createPost, createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { cachedSearch, searchPosts } from "./search.server";

const t = testDatabaseForThisFile({ resetBetweenTests: false });
let stopListening: () => Promise<void>;
let authorId: string;
const HOUR = 3_600_000;

beforeAll(async () => {
  clearAllCaches();
  stopListening = await listenForInvalidations(t.handle);
  authorId = (await createUser(t.db)).id;
  for (let i = 1; i <= 3; i++) {
    await createPost(t.db, {
      authorId,
      slug: `lantern-${i}`,
      title: `Lantern note ${i}`,
      publishedAt: new Date(Date.now() - i * HOUR),
    });
  }
});
afterAll(async () => {
  await stopListening?.();
  clearAllCaches();
});

const slugs = (page: Awaited<ReturnType<typeof searchPosts>>) =>
  page.results.map((r) => r.post.slug);

/** Asks until the search shows `expected` (the NOTIFY arrives shortly after the write). */
async function eventually(query: string, expected: string[]) {
  const until = Date.now() + 5000;
  for (;;) {
    const got = slugs(await cachedSearch(t.db, query));
    if (JSON.stringify(got) === JSON.stringify(expected) || Date.now() > until) {
      expect(got).toEqual(expected);
      return;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("cachedSearch", () => {
  it("gives the search's own result, the same object for the same query and page", async () => {
    const direct = await searchPosts(t.db, "lantern");
    const first = await cachedSearch(t.db, "  lantern ");
    expect(first).toEqual(direct);
    expect(slugs(first)).toEqual(["lantern-1", "lantern-2", "lantern-3"]);
    expect(await cachedSearch(t.db, "lantern")).toBe(first);
    // Another text (case is kept: the page echoes it) or page is another search.
    expect(await cachedSearch(t.db, "Lantern")).not.toBe(first);
    expect(await cachedSearch(t.db, "lantern", 2)).not.toBe(first);
    // Concurrent identical searches wait for one run.
    clearAllCaches();
    const [a, b] = await Promise.all([
      cachedSearch(t.db, "lantern"),
      cachedSearch(t.db, "lantern"),
    ]);
    expect(a).toBe(b);
  });

  it("drops the results when a post is written, by any client", async () => {
    const before = await cachedSearch(t.db, "lantern");
    expect(slugs(before)).toEqual(["lantern-1", "lantern-2", "lantern-3"]);
    // A new matching post, published now: the newest, first among title matches.
    await createPost(t.db, { authorId, slug: "lantern-new", title: "Lantern news" });
    await eventually("lantern", ["lantern-new", "lantern-1", "lantern-2", "lantern-3"]);
    // An edit that removes the match.
    await t.db.execute(sql`UPDATE posts SET title = 'Plain note' WHERE slug = 'lantern-2'`);
    await eventually("lantern", ["lantern-new", "lantern-1", "lantern-3"]);
  });
});
