/**
 * docs/product/reading.md#search: search is served by the indexes, with no sequential scan of
 * posts at 10,000 posts. This EXPLAINs the statements `searchPosts` itself
 * sends (captured through a logging Drizzle instance over the same
 * connection), with the parameters they were sent with and the planner
 * settings they ran under, on 10,000 analysed posts, for the search's paths:
 * a rare word (the exact path: collect, rank, cards, bodies) and words
 * matching hundreds of posts (the capped path: title, excerpt and body tiers).
 */
import { sql } from "drizzle-orm";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/client";
import * as schema from "#server/db/schema";
import { UNCATEGORIZED_ID } from "#server/db/schema";
import { createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { hasTrigram, SEARCH_COUNT_CAP, searchPosts } from "./search.server";

const POSTS = 10_000;

const t = testDatabaseForThisFile({ resetBetweenTests: false });
let logged: Database;
let statements: { query: string; params: unknown[] }[] = [];

/** Runs a statement on the test database's own client (not through the logger). */
async function raw(query: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  // Both drivers' clients answer query(text, values) with { rows }.
  const client = (t.db as unknown as { $client: Pick<PGlite, "query"> }).$client;
  const result = await client.query<Record<string, unknown>>(query, params);
  return result.rows;
}

beforeAll(async () => {
  const client = (t.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const logger = {
    logQuery: (query: string, params: unknown[]) => statements.push({ query, params }),
  };
  logged =
    t.handle.kind === "pglite"
      ? drizzlePglite({ client: client as PGlite, schema, logger })
      : drizzlePg({ client: client as pg.Pool, schema, logger });

  const author = await createUser(t.db, { role: "mentor" });
  // 10,000 published posts, newest first by number. "visa" is in the title of
  // every 250th (40), the excerpt of every 300th (33), the body of every 7th
  // (1,428: well over the 200 counted, so later pages walk the bodies);
  // "sponsorship" is in the body of 3 only.
  await t.db.execute(sql`
    INSERT INTO posts (title, slug, content, excerpt, category_id, author_id, status, published_at)
    SELECT
      CASE WHEN i % 250 = 0 THEN 'Visa note ' || i ELSE 'Market note ' || i END,
      'bench-' || i,
      '<p>Founders between Bengaluru and London plan banking, hiring and pricing.</p>'
        || CASE WHEN i % 7 = 0 THEN '<p>Which visa fits a founder?</p>' ELSE '' END
        || CASE WHEN i IN (17, 4711, 9001) THEN '<p>A sponsorship licence story.</p>' ELSE '' END,
      CASE WHEN i % 300 = 0 THEN 'All about the visa ' || i ELSE 'Notes on markets ' || i END,
      ${UNCATEGORIZED_ID}, ${author.id}, 'published', now() - make_interval(mins => i)
    FROM generate_series(1, ${POSTS}) AS i
  `);
  // Statistics, as migration 0008 and the bench take them; no VACUUM yet: the
  // state just after a bulk load (the trigram indexes' pending lists full),
  // in which the planner found reading every post cheapest before the
  // search ran with sequential scans off.
  await t.db.execute(sql`ANALYZE posts`);
}, 180_000);

/** The statements a search sends, in order. */
async function capture(query: string, page = 1) {
  statements = [];
  const result = await searchPosts(logged, query, page);
  const sent = statements;
  statements = [];
  return { result, sent };
}

/**
 * EXPLAINs each statement as it ran: the planner settings the search set
 * before it (set_config(…, true), for its transaction) are applied first, in
 * the same transaction.
 */
async function plansOf(sent: { query: string; params: unknown[] }[]) {
  const plans: { query: string; plan: string }[] = [];
  const settings: { query: string; params: unknown[] }[] = [];
  for (const statement of sent) {
    const query = statement.query.trim();
    if (/^(begin|commit|rollback)\b/i.test(query)) continue;
    if (/^select set_config\(/i.test(query)) {
      settings.push(statement);
      continue;
    }
    await raw("BEGIN");
    try {
      for (const setting of settings) await raw(setting.query, setting.params);
      const rows = await raw(`EXPLAIN ${query}`, statement.params);
      plans.push({ query, plan: rows.map((r) => String(Object.values(r)[0])).join("\n") });
    } finally {
      await raw("ROLLBACK");
    }
  }
  return plans;
}

function expectNoSeqScanOfPosts(plans: { query: string; plan: string }[]) {
  for (const { query, plan } of plans) {
    expect(plan, `${query}\n--\n${plan}`).not.toMatch(/Seq Scan on posts\b/);
  }
}

function pathsOfTheSearch() {
  it("a rare word: collected through the trigram index; cards and bodies by id", async () => {
    const { result, sent } = await capture("sponsorship");
    expect(result.total).toBe(3);
    const plans = await plansOf(sent);
    // The collect step, the cards, the bodies (the match is not in the excerpts).
    expect(plans.map((p) => p.query)).toEqual([
      expect.stringMatching(/search_text LIKE/),
      expect.stringMatching(/^select "posts"."id"/),
      expect.stringMatching(/^SELECT id, content FROM posts/),
    ]);
    expect(plans[0]!.plan).toMatch(/Bitmap Index Scan on posts_search_text_trgm_idx/);
    expectNoSeqScanOfPosts(plans);
  });

  it("a word in hundreds of posts, first page: the count stops at 200, the title tier fills the page", async () => {
    const { result, sent } = await capture("visa");
    expect(result.capped).toBe(true);
    expect(result.total).toBe(SEARCH_COUNT_CAP);
    expect(result.results[0]!.post.title).toMatch(/^Visa note/);
    const plans = await plansOf(sent);
    expect(plans[0]!.plan).toMatch(/Bitmap Index Scan on posts_search_text_trgm_idx/);
    expect(plans.some((p) => /lower\(p\.title\) LIKE/.test(p.query))).toBe(true);
    expectNoSeqScanOfPosts(plans);
  });

  it("a later page of it: the excerpt tier, then the walk through the bodies and the count", async () => {
    const { result, sent } = await capture("visa", 30);
    expect(result.results).toHaveLength(20);
    const plans = await plansOf(sent);
    const walks = plans.filter((p) => /search_text LIKE/.test(p.query) && /LIMIT/.test(p.query));
    expect(walks.length).toBeGreaterThan(1);
    expect(plans.some((p) => /count\(\*\)/.test(p.query))).toBe(true);
    expectNoSeqScanOfPosts(plans);
  });
}

describe(`the statements searchPosts sends, at ${POSTS.toLocaleString("en-GB")} posts`, () => {
  describe("just after they were loaded and analysed", () => {
    pathsOfTheSearch();
  });

  describe("after VACUUM (as PostgreSQL's autovacuum leaves them)", () => {
    beforeAll(async () => {
      await t.db.execute(sql`VACUUM ANALYZE posts`);
    }, 120_000);
    pathsOfTheSearch();
  });

  it("a query without a trigram keeps the planner's plan: a scan that stops at the count", async () => {
    expect(["uk", "an", "r&d", "a b c"].map(hasTrigram)).toEqual([false, false, false, false]);
    expect(["visa", "r&d act", "42b"].map(hasTrigram)).toEqual([true, true, true]);
    // "an" is in every post ("and", "plan", "banking"): the trigram index cannot narrow it,
    // and a bitmap scan of it would read the whole index.
    const { result, sent } = await capture("an");
    expect(result.capped).toBe(true);
    expect(sent.some((s) => /enable_seqscan/.test(s.query))).toBe(false);
    const plans = await plansOf(sent);
    expect(plans[0]!.query).toMatch(/search_text LIKE/);
    expect(plans[0]!.plan).not.toMatch(/posts_search_text_trgm_idx/);
    expect(plans[0]!.plan).toMatch(/^Limit/);
  });

  it("the check catches a sequential scan when there is one", async () => {
    const plans = await plansOf([
      { query: "SELECT id FROM posts WHERE reading_time_minutes = $1", params: [3] },
    ]);
    expect(() => expectNoSeqScanOfPosts(plans)).toThrow(/Seq Scan on posts/);
  });
});
