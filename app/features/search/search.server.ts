/**
 * Search (spec 1 §5, §7): every published post whose title, excerpt or body
 * text contains the query, case-insensitively, is found — a substring match
 * on posts.search_text, served by its trigram index — ranked title above
 * excerpt above body, then newest; 20 per page.
 */
import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { queryCardsByIds, type PostCard } from "~/features/posts/posts.server";
import { htmlToText } from "~/features/posts/sanitize.server";
import { highlight, snippetAround, type Segment } from "./highlight";

export const SEARCH_PAGE_SIZE = 20;
export const MAX_QUERY_LENGTH = 200;

export type SearchResult = { post: PostCard; title: Segment[]; snippet: Segment[] };
export type SearchPage = {
  query: string;
  page: number;
  total: number;
  pages: number;
  results: SearchResult[];
};

/** The query as searched: trimmed, inner whitespace collapsed, capped. */
export function normaliseQuery(raw: string | null | undefined): string {
  return (raw ?? "").trim().replace(/\s+/g, " ").slice(0, MAX_QUERY_LENGTH);
}

function likePattern(query: string) {
  return `%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type Row = { id: string; total: number; excerpt: string | null; content: string };

export async function searchPosts(db: Database, rawQuery: string, page = 1): Promise<SearchPage> {
  const query = normaliseQuery(rawQuery);
  const current = Math.max(1, Math.floor(page) || 1);
  if (!query) return { query, page: 1, total: 0, pages: 0, results: [] };
  const pattern = likePattern(query);
  const result = (await db.execute(sql`
    SELECT p.id, p.excerpt, p.content, count(*) OVER ()::int AS total
    FROM posts p
    WHERE p.search_text LIKE ${pattern}
      AND p.status = 'published' AND p.published_at <= now()
    ORDER BY
      CASE
        WHEN lower(p.title) LIKE ${pattern} THEN 0
        WHEN lower(coalesce(p.excerpt, '')) LIKE ${pattern} THEN 1
        ELSE 2
      END,
      p.published_at DESC, p.id DESC
    LIMIT ${SEARCH_PAGE_SIZE} OFFSET ${(current - 1) * SEARCH_PAGE_SIZE}
  `)) as { rows: Row[] };
  const rows = result.rows;
  const total = rows[0]?.total ?? (current > 1 ? await countMatches(db, pattern) : 0);
  const cards = await queryCardsByIds(
    db,
    rows.map((r) => r.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    query,
    page: current,
    total,
    pages: Math.ceil(total / SEARCH_PAGE_SIZE),
    results: cards.map((post) => {
      const row = byId.get(post.id)!;
      const excerpt = row.excerpt ?? "";
      const snippetText =
        snippetAround(excerpt, query) ?? snippetAround(htmlToText(row.content), query) ?? excerpt;
      return { post, title: highlight(post.title, query), snippet: highlight(snippetText, query) };
    }),
  };
}

async function countMatches(db: Database, pattern: string): Promise<number> {
  const result = (await db.execute(sql`
    SELECT count(*)::int AS n FROM posts p
    WHERE p.search_text LIKE ${pattern} AND p.status = 'published' AND p.published_at <= now()
  `)) as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}
