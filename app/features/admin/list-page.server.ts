/**
 * What the admin's searchable lists (the Users and Posts tabs) share: the
 * search text and the WHERE it makes, and the page shown (a page past the end
 * shows the last) with its "showing from–to" figures.
 */
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { containsPattern } from "#server/db/like";

export const SEARCH_MAX_LENGTH = 200;

/**
 * The text searched (trimmed, capped, control characters made spaces) and
 * a WHERE matching it anywhere in any of `keys`: lower-cased expressions,
 * each the very expression of a trigram index (migration
 * admin_search_and_author_sort; `lower(x) LIKE` is what such an index on
 * lower(x) serves, as ILIKE on the bare column is not). Each key is
 * either an expression or a function of the pattern giving the WHERE
 * itself (a match on a joined table's index, as the Posts tab's author).
 */
export function searchWhere(
  raw: string | undefined,
  keys: readonly (SQL | ((pattern: string) => SQL))[],
): { query: string; where: SQL | undefined } {
  const query = (raw ?? "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .trim()
    .slice(0, SEARCH_MAX_LENGTH);
  if (!query) return { query, where: undefined };
  const pattern = containsPattern(query.toLowerCase());
  const parts = keys.map((key) =>
    typeof key === "function" ? key(pattern) : sql`${key} like ${pattern}`,
  );
  return { query, where: parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` or `)})` };
}

/** The page to show of `total` rows, `size` a page: its number, the page count and the offset. */
export function pageOf(total: number, requested: number | undefined, size: number) {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, Math.floor(requested ?? 1)), pageCount);
  return { page, pageCount, offset: (page - 1) * size };
}

/** The 1-based range of the rows shown ("Showing from to to of total"); 0–0 when there are none. */
export function shownRange(total: number, offset: number, shown: number) {
  const from = total === 0 ? 0 : offset + 1;
  return { from, to: total === 0 ? 0 : from + shown - 1 };
}

export type SortDirection = "asc" | "desc";
export const SORT_DIRECTIONS = ["asc", "desc"] as const;

/**
 * ORDER BY for a list sorted by `key` (one of `columns`) in `dir`, with
 * `tieBreak` last so that paging is stable when the sorted values repeat.
 * The `nullable` keys put empty values (NULL) last in either direction;
 * the others use PostgreSQL's default, so that one index (value, tieBreak)
 * read forwards or backwards serves both directions (migration admin_list_sorts).
 */
export function orderOf<K extends string>(
  columns: Record<K, AnyColumn | SQL>,
  key: K,
  dir: SortDirection,
  tieBreak: AnyColumn,
  nullable: readonly K[] = [],
): SQL[] {
  const column = columns[key];
  const nulls = nullable.includes(key) ? sql` nulls last` : sql``;
  return [
    dir === "asc" ? sql`${column} asc${nulls}` : sql`${column} desc${nulls}`,
    dir === "asc" ? sql`${tieBreak} asc` : sql`${tieBreak} desc`,
  ];
}

/** "Showing from to to of total", under a list. */
export const showingLabel = (p: { from: number; to: number; total: number }) =>
  `Showing ${p.from} to ${p.to} of ${p.total}`;

/** "Page n of count", beside the pager. */
export const pageLabel = (p: { page: number; pageCount: number }) =>
  `Page ${p.page} of ${p.pageCount}`;

/** What a list's view asks for (the dashboard's ?q=, ?page=, ?sort=, ?dir=), as a list's options. */
export function listOptionsOf<S extends string>(view: {
  query: string;
  page: number | null;
  sort: string | null;
  dir: SortDirection | null;
}) {
  return {
    query: view.query,
    page: view.page ?? 1,
    sort: (view.sort as S | null) ?? undefined,
    dir: view.dir ?? undefined,
  };
}

/** A found page as its tab shows it: the search, the page and its labels, the sort. */
export function pagingOf<S extends string>(found: {
  query: string;
  page: number;
  pageCount: number;
  from: number;
  to: number;
  total: number;
  sort: S;
  dir: SortDirection;
}) {
  return {
    query: found.query,
    page: found.page,
    pageCount: found.pageCount,
    showing: showingLabel(found),
    pageLabel: pageLabel(found),
    sort: found.sort,
    dir: found.dir,
  };
}
