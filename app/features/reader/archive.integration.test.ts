/**
 * docs/decisions/0110: the archives (home's "Older posts", category, author and tag
 * pages) give 20 posts a page, newest first, with the right neighbours, and
 * are read through the indexes at 10,000 posts: the statements the loaders
 * send are captured through a logging Drizzle instance over the same
 * connection and EXPLAINed with their parameters, as search-plan's test does.
 */
import { sql } from "drizzle-orm";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clearAllCaches } from "#server/cache/cache";
import type { Database } from "#server/db/client";
import * as schema from "#server/db/schema";
import { UNCATEGORIZED_ID } from "#server/db/schema";
import { createTag, createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { MAX_ARCHIVE_PAGE } from "~/features/posts/archive";
import { archiveQuery } from "~/features/posts/archive-query.server";
import { loadArchivePage } from "~/features/posts/archive.server";
import { HOME_ARCHIVE_SKIP, HOME_OLDER, loadHome } from "./home.server";
import { loadCategoryPage } from "./category-page.server";
import { loadTagPage } from "./tag-page.server";

const POSTS = 10_000;

const t = testDatabaseForThisFile({ resetBetweenTests: false });
let logged: Database;
let statements: { query: string; params: unknown[] }[] = [];
let authorId: string;
let otherAuthorId: string;
let commonTagId: string;
let rareTagId: string;

async function raw(query: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = (t.db as unknown as { $client: Pick<PGlite, "query"> }).$client;
  const result = await client.query<Record<string, unknown>>(query, params);
  return result.rows;
}

/** Post number i (1 is the newest) as the loaders return it. */
const slugOf = (i: number) => `archive-${i}`;
const numbersOf = (posts: { slug: string }[]) => posts.map((p) => Number(p.slug.split("-")[1]));

beforeAll(async () => {
  const client = (t.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const logger = {
    logQuery: (query: string, params: unknown[]) => statements.push({ query, params }),
  };
  logged =
    t.handle.kind === "pglite"
      ? drizzlePglite({ client: client as PGlite, schema, logger })
      : drizzlePg({ client: client as pg.Pool, schema, logger });

  authorId = (await createUser(t.db, { role: "mentor" })).id;
  otherAuthorId = (await createUser(t.db, { role: "mentor" })).id;
  // Guides is one of the seeded categories.
  const [guides] = await raw("SELECT id FROM categories WHERE slug = 'guides'");
  const GUIDES = String(guides!.id);
  // 10,000 published posts, post i published i minutes ago; every 4th in
  // Guides; every 10th by the other author; 50 drafts and 50 scheduled ones
  // that no archive may show.
  await t.db.execute(sql`
    INSERT INTO posts (title, slug, content, category_id, author_id, status, published_at)
    SELECT 'Archive note ' || i, 'archive-' || i, '<p>Notes.</p>',
      CASE WHEN i % 4 = 0 THEN ${GUIDES}::uuid ELSE ${UNCATEGORIZED_ID}::uuid END,
      CASE WHEN i % 10 = 0 THEN ${otherAuthorId} ELSE ${authorId} END,
      'published', now() - make_interval(mins => i)
    FROM generate_series(1, ${POSTS}) AS i
  `);
  await t.db.execute(sql`
    INSERT INTO posts (title, slug, category_id, author_id, status, published_at)
    SELECT 'Hidden ' || i, 'hidden-' || i, ${GUIDES}::uuid, ${authorId},
      CASE WHEN i <= 50 THEN 'draft'::post_status ELSE 'published'::post_status END,
      CASE WHEN i <= 50 THEN NULL ELSE now() + make_interval(days => i) END
    FROM generate_series(1, 100) AS i
  `);
  commonTagId = (await createTag(t.db, "common")).id;
  rareTagId = (await createTag(t.db, "rare one")).id;
  // "common" on every 3rd post (3,333), "rare one" on 45 posts and a draft.
  await t.db.execute(sql`
    INSERT INTO post_tags (post_id, tag_id)
    SELECT id, ${commonTagId}::uuid FROM posts
    WHERE slug LIKE 'archive-%' AND split_part(slug, '-', 2)::int % 3 = 0
  `);
  await t.db.execute(sql`
    INSERT INTO post_tags (post_id, tag_id)
    SELECT id, ${rareTagId}::uuid FROM posts
    WHERE slug IN (SELECT 'archive-' || (i * 200) FROM generate_series(1, 45) AS i)
       OR slug = 'hidden-1'
  `);
  await t.db.execute(sql`ANALYZE`);
}, 240_000);

beforeEach(() => clearAllCaches());

describe("paging", () => {
  it("the home: hero and 4, then 6 Older posts from the 6th newest, then 20 a page", async () => {
    const home = await loadHome(t.db, null);
    expect(home.hero?.slug).toBe(slugOf(1));
    expect(numbersOf(home.listed)).toEqual([2, 3, 4, 5]);
    expect(HOME_ARCHIVE_SKIP).toBe(5);
    expect(HOME_OLDER).toBe(6);
    expect(numbersOf(home.archive!.posts)).toEqual([6, 7, 8, 9, 10, 11]);
    expect(home.archive).toMatchObject({ page: 1, hasPrevious: false, hasNext: true });

    const second = await loadHome(t.db, null, 2);
    expect(second.hero).toBeNull();
    expect(second.listed).toEqual([]);
    // Page 2 goes on from the 12th: nothing falls between page 1's rows and it.
    expect(numbersOf(second.archive!.posts)).toEqual(Array.from({ length: 20 }, (_, i) => 12 + i));
    expect(second.archive).toMatchObject({ page: 2, hasPrevious: true, hasNext: true });
  });

  it("the home's last page holds what is left; the page after it is none", async () => {
    // 10,000 - 5 = 9,995 archived: 6 on page 1, then 499 full pages and 9 posts on page 501.
    expect((await loadHome(t.db, null, 500)).archive).toMatchObject({ hasNext: true });
    const last = await loadHome(t.db, null, 501);
    expect(numbersOf(last.archive!.posts)).toEqual(Array.from({ length: 9 }, (_, i) => 9992 + i));
    expect(last.archive).toMatchObject({ hasPrevious: true, hasNext: false });
    expect((await loadHome(t.db, null, 502)).archive).toBeNull();
  });

  it("a category: only its visible posts, 20 a page, the last page exactly full", async () => {
    const first = (await loadCategoryPage(t.db, "guides"))!;
    expect(numbersOf(first.archive!.posts)).toEqual(
      Array.from({ length: 20 }, (_, i) => 4 * (i + 1)),
    );
    // 2,500 posts in Guides: 125 full pages, no 126th.
    const last = (await loadCategoryPage(t.db, "guides", 125))!;
    expect(last.archive!.posts).toHaveLength(20);
    expect(last.archive).toMatchObject({ hasNext: false, hasPrevious: true });
    expect(numbersOf(last.archive!.posts).at(-1)).toBe(10_000);
    expect((await loadCategoryPage(t.db, "guides", 126))!.archive).toBeNull();
    const all = numbersOf(first.archive!.posts);
    expect(all.every((n) => n % 4 === 0)).toBe(true);
  });

  it("an author: their posts only, newest first", async () => {
    const page = (await loadArchivePage(t.db, { kind: "author", id: otherAuthorId }, 50))!;
    // 1,000 posts by the other author: page 50 is numbers 9,810 … 10,000.
    expect(numbersOf(page.posts)).toEqual(Array.from({ length: 20 }, (_, i) => 9810 + 10 * i));
    expect(page).toMatchObject({ hasNext: false, hasPrevious: true });
  });

  it("a tag: its visible posts; a draft carrying it is not shown", async () => {
    const rare = (await loadTagPage(t.db, "rare-one"))!;
    expect(rare.tag.name).toBe("rare one");
    expect(numbersOf(rare.archive.posts)).toEqual(
      Array.from({ length: 20 }, (_, i) => 200 * (i + 1)),
    );
    const third = (await loadTagPage(t.db, "rare-one", 3))!;
    expect(numbersOf(third.archive.posts)).toEqual([8200, 8400, 8600, 8800, 9000]);
    expect(third.archive.hasNext).toBe(false);
    expect(await loadTagPage(t.db, "rare-one", 4)).toBeNull();
    expect(await loadTagPage(t.db, "no-such-tag")).toBeNull();
  });

  it("?page: absent is 1; 0, negatives, fractions, words, repeats and past the cap are refused", () => {
    const read = (query: Record<string, unknown>) => archiveQuery.safeParse(query);
    expect(read({}).data).toEqual({ page: 1 });
    expect(read({ page: "7" }).data).toEqual({ page: 7 });
    expect(read({ page: String(MAX_ARCHIVE_PAGE) }).data).toEqual({ page: MAX_ARCHIVE_PAGE });
    for (const bad of [
      "0",
      "-1",
      "2.5",
      "two",
      "",
      "01",
      String(MAX_ARCHIVE_PAGE + 1),
      ["2", "3"],
    ]) {
      expect(read({ page: bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

/**
 * EXPLAIN of each statement sent, in a rolled-back transaction, under the
 * planner settings the loader set before it (set_config(…, true)).
 */
async function plansOf(sent: { query: string; params: unknown[] }[]) {
  const plans: { query: string; plan: string }[] = [];
  const settings: { query: string; params: unknown[] }[] = [];
  for (const statement of sent) {
    const { query, params } = statement;
    if (/^select set_config\(/i.test(query.trim())) {
      settings.push(statement);
      continue;
    }
    if (/^(begin|commit|rollback)\b/i.test(query.trim())) {
      if (!/^begin/i.test(query.trim())) settings.length = 0;
      continue;
    }
    if (!/^select/i.test(query.trim())) continue;
    await raw("BEGIN");
    try {
      for (const setting of settings) await raw(setting.query, setting.params);
      const rows = await raw(`EXPLAIN ${query}`, params);
      plans.push({ query, plan: rows.map((r) => String(Object.values(r)[0])).join("\n") });
    } finally {
      await raw("ROLLBACK");
    }
  }
  return plans;
}

async function capture(load: (db: Database) => Promise<unknown>) {
  clearAllCaches();
  statements = [];
  await load(logged);
  const sent = statements;
  statements = [];
  return plansOf(sent);
}

function expectNoSeqScanOfPosts(plans: { query: string; plan: string }[]) {
  expect(plans.length).toBeGreaterThan(0);
  for (const { query, plan } of plans) {
    expect(plan, `${query}\n--\n${plan}`).not.toMatch(/Seq Scan on posts\b/);
  }
}

/** The plan of the archive's walk (the ids, before the cards). */
function walkPlan(plans: { query: string; plan: string }[]) {
  const found = plans.find((p) => /^select "id" from "posts"/.test(p.query));
  expect(found, plans.map((p) => p.query).join("\n")).toBeDefined();
  return found!.plan;
}

const HOME = { kind: "all" } as const;
/** A walk through one of posts' B-tree indexes (which one is the planner's choice). */
const BY_A_POSTS_INDEX =
  /(Index (Only )?Scan using|Bitmap Index Scan on) posts_(published|category_published|author)_idx/;

function thePlans() {
  for (const page of [1, 50, 500]) {
    it(`home, page ${page}: the walk through posts_published_idx`, async () => {
      const plans = await capture((db) =>
        loadArchivePage(db, HOME, page, { skip: HOME_ARCHIVE_SKIP, firstPageSize: HOME_OLDER }),
      );
      expect(walkPlan(plans)).toMatch(/Index (Only )?Scan using posts_published_idx/);
      expectNoSeqScanOfPosts(plans);
    });
  }

  for (const page of [1, 50, 125]) {
    it(`a category, page ${page}: the walk through an index`, async () => {
      const plans = await capture(async (db) => {
        const [guides] = await raw("SELECT id FROM categories WHERE slug = 'guides'");
        return loadArchivePage(db, { kind: "category", id: String(guides!.id) }, page);
      });
      expect(walkPlan(plans)).toMatch(BY_A_POSTS_INDEX);
      expectNoSeqScanOfPosts(plans);
    });
  }

  for (const [who, page] of [
    ["the other author", 1],
    ["the other author", 50],
    ["the author of nearly every post", 450],
  ] as const) {
    it(`${who}, page ${page}: by an index`, async () => {
      const id = who === "the other author" ? otherAuthorId : authorId;
      const plans = await capture((db) => loadArchivePage(db, { kind: "author", id }, page));
      expect(walkPlan(plans)).toMatch(BY_A_POSTS_INDEX);
      expectNoSeqScanOfPosts(plans);
    });
  }

  for (const [name, page] of [
    ["common", 1],
    ["common", 100],
    ["rare", 1],
    ["rare", 3],
  ] as const) {
    it(`tag ${name}, page ${page}: by the indexes`, async () => {
      const id = name === "common" ? commonTagId : rareTagId;
      const plans = await capture((db) => loadArchivePage(db, { kind: "tag", id }, page));
      expect(walkPlan(plans)).toMatch(/Index (Only )?Scan/);
      expectNoSeqScanOfPosts(plans);
    });
  }
}

describe(`the plans of an archive page at ${POSTS.toLocaleString("en-GB")} posts`, () => {
  describe("just after they were loaded and analysed", () => {
    thePlans();
  });

  describe("after VACUUM (as PostgreSQL's autovacuum leaves them)", () => {
    beforeAll(async () => {
      await t.db.execute(sql`VACUUM ANALYZE`);
    }, 120_000);
    thePlans();
  });

  it("the check catches a sequential scan when there is one", async () => {
    const plans = await plansOf([
      { query: "SELECT id FROM posts WHERE reading_time_minutes = $1", params: [3] },
    ]);
    expect(() => expectNoSeqScanOfPosts(plans)).toThrow(/Seq Scan on posts/);
  });
});
