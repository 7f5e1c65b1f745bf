/**
 * Search (docs/product/reading.md#search): every published post whose title, excerpt or body
 * text contains the query, case-insensitively, is found — a substring match
 * on posts.search_text (the text the reader sees, migration 0007), served by
 * its trigram index — ranked title above excerpt above body, then newest; 20
 * per page.
 *
 * Cost (docs/decisions/0010). The matches are collected through the trigram
 * index, stopping after 200: with at most 200 the set is exact, and it is
 * ranked in memory (title and excerpt only, never the bodies). With more, the
 * total shows as "More than 200" and the page is assembled tier by tier: title
 * matches, then excerpt matches, then body matches, each newest first, the
 * body tier walking the posts newest first until the page is full (dense
 * matches fill it within a few hundred rows). Cards and snippets are made for
 * the 20 shown only.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { formText, formTextOr } from "~/lib/form-fields";
import { containsPattern } from "#server/db/like";
import { createCache } from "#server/cache/cache";
import type { Database } from "#server/db/client";
import { queryCardsByIds, type PostCard } from "~/features/posts/posts.server";
import { highlight, snippetAround, type Segment } from "./highlight";
import { bodySearchText } from "./search-text";

export const SEARCH_PAGE_SIZE = 20;
export const MAX_QUERY_LENGTH = 200;

export type SearchResult = { post: PostCard; title: Segment[]; snippet: Segment[] };
export type SearchPage = {
  query: string;
  page: number;
  /** How many match, at most SEARCH_COUNT_CAP. */
  total: number;
  /** More than SEARCH_COUNT_CAP match ("More than 200 results"); the pages go on. */
  capped: boolean;
  /** Pages of the counted matches (at least up to this page when capped). */
  pages: number;
  /** A next page has results. */
  hasNext: boolean;
  results: SearchResult[];
};

/** The query as searched: trimmed, inner whitespace collapsed, capped. */
export function normaliseQuery(raw: string | null | undefined): string {
  return (raw ?? "").trim().replace(/\s+/g, " ").slice(0, MAX_QUERY_LENGTH);
}

/** At most this many matches are counted; more show as "More than 200". */
export const SEARCH_COUNT_CAP = 200;

const visible = sql`p.status = 'published' AND p.published_at <= now()`;

function rankOf(pattern: string) {
  return sql`CASE
    WHEN lower(p.title) LIKE ${pattern} THEN 0
    WHEN lower(coalesce(p.excerpt, '')) LIKE ${pattern} THEN 1
    ELSE 2
  END`;
}

type Match = { id: string; rank: number; at: string };

/** Title 0, excerpt 1, body 2; then newest first. */
function byRank(a: Match, b: Match) {
  return a.rank - b.rank || (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id < b.id ? 1 : -1);
}

/**
 * The visibility test in a form no index can serve: with it, the only
 * indexable condition of collectMatches is the trigram one.
 */
const visibleUnindexed = sql`coalesce(p.status::text = 'published' AND p.published_at <= now(), false)`;

/**
 * Up to SEARCH_COUNT_CAP + 1 matches with their rank, through the trigram
 * index: it stops as soon as it has that many, so a query matching most posts
 * reads only a few of them. With a LIMIT, or when the trigram index looks dear
 * (its pending list after many writes), the planner may bet on a scan that
 * reads every post for a rare word: a plain index scan (switched off for this
 * statement), or a bitmap of another index on the visibility test
 * (posts_published_idx, posts_view_count_idx, posts_author_idx: every
 * published post), which is why that test is written so that no index can
 * serve it. What is left is the bitmap scan of the trigram index.
 */
async function collectMatches(db: Database, pattern: string): Promise<Match[]> {
  // Plain index scans are off for this statement only (searchPosts turned them off).
  const result = (await db.execute(sql`
    SELECT p.id, ${rankOf(pattern)} AS rank,
      to_char(p.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS at
    FROM posts p
    WHERE p.search_text LIKE ${pattern} AND ${visibleUnindexed}
    LIMIT ${SEARCH_COUNT_CAP + 1}
  `)) as { rows: Match[] };
  await db.execute(sql`SELECT set_config('enable_indexscan', 'on', true)`);
  return result.rows.map((r) => ({ ...r, rank: Number(r.rank) }));
}

const newestFirst = sql`ORDER BY p.published_at DESC, p.id DESC`;

/**
 * The page's ids when there are more than SEARCH_COUNT_CAP matches, and
 * whether another page follows. Any page can be reached: every match is on one.
 */
async function rankedDense(
  db: Database,
  pattern: string,
  offset: number,
): Promise<{ ids: string[]; hasNext: boolean }> {
  // One more than the page, to know whether a next page exists.
  const want = offset + SEARCH_PAGE_SIZE + 1;
  // Each tier only when the ones above it did not fill the page.
  const title = (await db.execute(sql`
    SELECT p.id FROM posts p
    WHERE lower(p.title) LIKE ${pattern} AND ${visible}
    ${newestFirst} LIMIT ${want}
  `)) as { rows: { id: string }[] };
  const ids = title.rows.map((r) => r.id);
  if (ids.length < want) {
    const excerpt = (await db.execute(sql`
      SELECT p.id FROM posts p
      WHERE lower(coalesce(p.excerpt, '')) LIKE ${pattern} AND lower(p.title) NOT LIKE ${pattern}
        AND ${visible}
      ${newestFirst} LIMIT ${want - ids.length}
    `)) as { rows: { id: string }[] };
    ids.push(...excerpt.rows.map((r) => r.id));
  }
  // Body matches, newest first: walk the newest posts along posts_published_idx
  // (the inner LIMIT makes the planner walk it rather than use the trigram
  // index) and stop as soon as the page is full; if the walk ran out before,
  // walk 4 times further, until every post has been seen.
  let published: number | undefined;
  for (let reach = 400; ids.length < want; reach *= 4) {
    const body = (await db.execute(sql`
      SELECT w.id FROM (
        SELECT p.id, p.title, p.excerpt, p.search_text FROM posts p
        WHERE ${visible}
        ${newestFirst}
        LIMIT ${reach}
      ) w
      WHERE w.search_text LIKE ${pattern} AND lower(w.title) NOT LIKE ${pattern}
        AND lower(coalesce(w.excerpt, '')) NOT LIKE ${pattern}
      LIMIT ${want - ids.length}
    `)) as { rows: { id: string }[] };
    const found = body.rows.map((r) => r.id);
    if (ids.length + found.length >= want) {
      ids.push(...found);
      break;
    }
    published ??= (
      (await db.execute(sql`SELECT count(*)::int AS n FROM posts p WHERE ${visible}`)) as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;
    if (reach >= published) {
      ids.push(...found);
      break;
    }
  }
  return {
    ids: ids.slice(offset, offset + SEARCH_PAGE_SIZE),
    hasNext: ids.length > offset + SEARCH_PAGE_SIZE,
  };
}

/**
 * Whether the trigram index can narrow the query: pg_trgm takes trigrams only
 * from runs of three or more letters or digits. For "uk" or "r&d" it has none,
 * and a bitmap scan of it would read the whole index; a sequential scan that
 * stops at the count's limit is then the better plan, and the planner keeps it.
 */
export function hasTrigram(query: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(query);
}

/**
 * One search. Its statements run in one transaction with sequential scans
 * off (for that transaction only, set_config(…, true)): each has an index
 * path (search-plan.integration.test.ts EXPLAINs them at 10,000 posts), and
 * the planner must not bet on reading every post instead, which a small or
 * freshly loaded table can make look cheaper. Queries without a trigram
 * (hasTrigram) keep the planner's defaults.
 */
/** /search?q=&page= as typed; searchPosts trims the text and keeps the page in range. */
export const searchQuery = z.object({ q: formText, page: formTextOr("1").transform(Number) });

export async function searchPosts(db: Database, rawQuery: string, page = 1): Promise<SearchPage> {
  const query = normaliseQuery(rawQuery);
  const current = Math.max(1, Math.floor(page) || 1);
  if (!query) {
    return { query, page: 1, total: 0, pages: 0, hasNext: false, results: [], capped: false };
  }
  return db.transaction(async (tx) => {
    if (hasTrigram(query)) {
      // Plain index scans only until collectMatches has run (it turns them on again).
      await tx.execute(
        sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`,
      );
    }
    return runSearch(tx, query, current);
  });
}

/** How long identical searches share one result (decision 0161). */
export const SEARCH_CACHE_TTL_MS = 60_000;

/**
 * Results of recent searches by query and page: identical searches within a
 * minute (the page cache's own lifetime) share one run, and concurrent ones
 * wait for the same run. Any post or category write, on any instance, drops
 * them all (the scopes' NOTIFY); about 30 KB an entry, so at most 200.
 */
const searchCache = createCache<SearchPage>({
  name: "search",
  ttl: SEARCH_CACHE_TTL_MS,
  scopes: ["posts", "categories"],
  max: 200,
});

/**
 * searchPosts through the short-lived cache of identical searches: what
 * /search shows. `enabled` false (SEARCH_CACHE=false) runs every search.
 */
export function cachedSearch(
  db: Database,
  rawQuery: string,
  page = 1,
  enabled = true,
): Promise<SearchPage> {
  const query = normaliseQuery(rawQuery);
  const current = Math.max(1, Math.floor(page) || 1);
  if (!query || !enabled) return searchPosts(db, query, current);
  return searchCache.get(`${current} ${query}`, () => searchPosts(db, query, current));
}

async function runSearch(db: Database, query: string, current: number): Promise<SearchPage> {
  const pattern = containsPattern(query.toLowerCase());
  const offset = (current - 1) * SEARCH_PAGE_SIZE;
  const matches = await collectMatches(db, pattern);
  const capped = matches.length > SEARCH_COUNT_CAP;
  const total = Math.min(matches.length, SEARCH_COUNT_CAP);
  let ids: string[];
  let pages = Math.ceil(total / SEARCH_PAGE_SIZE);
  let hasNext = current < pages;
  if (!capped) {
    ids = matches
      .sort(byRank)
      .slice(offset, offset + SEARCH_PAGE_SIZE)
      .map((m) => m.id);
  } else {
    ({ ids, hasNext } = await rankedDense(db, pattern, offset));
    pages = Math.max(pages, hasNext ? current + 1 : current);
  }
  const cards = await queryCardsByIds(db, ids);
  // Bodies only for the shown posts whose excerpt does not hold the match.
  const needBody = cards
    .filter((card) => snippetAround(card.excerpt ?? "", query) === undefined)
    .map((card) => card.id);
  const bodies = new Map<string, string>();
  if (needBody.length > 0) {
    const found = (await db.execute(
      sql`SELECT id, content FROM posts WHERE id IN (${sql.join(
        needBody.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )) as { rows: { id: string; content: string }[] };
    for (const row of found.rows) bodies.set(row.id, row.content);
  }
  return {
    query,
    page: current,
    total,
    capped,
    pages,
    hasNext,
    results: cards.map((post) => {
      const excerpt = post.excerpt ?? "";
      const snippetText =
        snippetAround(excerpt, query) ??
        snippetAround(bodySearchText(bodies.get(post.id)), query) ??
        excerpt;
      return { post, title: highlight(post.title, query), snippet: highlight(snippetText, query) };
    }),
  };
}
