/**
 * Archives (docs/decisions/0110): the home's "Older posts", and the category, author
 * and tag pages, 20 posts a page, the page in the address (?page=N), each
 * page with its own canonical address and a title ending "– page N". The
 * ?page=N schema is in archive-query.server.ts (no zod in the browser).
 */
export const ARCHIVE_PAGE_SIZE = 20;
/** The deepest page an address may ask for (20,000 posts). */
export const MAX_ARCHIVE_PAGE = 1000;

/** The address of page `page` of `path` (page 1 has none), keeping `params`. */
export function pageHref(path: string, page: number, params: Record<string, string> = {}) {
  const search = new URLSearchParams(params);
  if (page > 1) search.set("page", String(page));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** "Guides | FounderBridge" on page 1, "Guides – page 2 | FounderBridge" after. */
export function pagedTitle(name: string, siteName: string, page: number) {
  return page > 1 ? `${name} – page ${page} | ${siteName}` : `${name} | ${siteName}`;
}

export type ArchivePaging = { page: number; hasPrevious: boolean; hasNext: boolean };

/** <link rel="prev|next"> for a paged archive's head. */
export function pagingLinks(path: string, paging: ArchivePaging, params?: Record<string, string>) {
  return [
    ...(paging.hasPrevious
      ? [{ tagName: "link" as const, rel: "prev", href: pageHref(path, paging.page - 1, params) }]
      : []),
    ...(paging.hasNext
      ? [{ tagName: "link" as const, rel: "next", href: pageHref(path, paging.page + 1, params) }]
      : []),
  ];
}

/** A tag's page (its slug may hold characters an address must escape, as "r&d"). */
export function tagPath(slug: string) {
  return `/tag/${encodeURIComponent(slug)}`;
}
