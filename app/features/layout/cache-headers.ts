/**
 * Cache-Control for reader pages (DESIGN.md "caching"): anonymous HTML may be
 * kept by a CDN for a minute and served stale while it refreshes; a member's
 * page (the session cookie is present) stays private.
 */
import { PAGE_KEYS_HEADER } from "#server/http/page-cache";

export const PUBLIC_PAGE_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
export const MEMBER_PAGE_CACHE = "private, no-store";

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/**
 * `cookie`: the request's Cookie header (null without one); the route reads it.
 * The page also depends on the visitor's country (the consent bar and the
 * trackers, app/features/consent), so a CDN must keep one copy per value of
 * the configured country header (`config.geo.countryHeader`, from the
 * route's services) as well as per cookie.
 */
export function pageCacheHeaders(
  cookie: string | null,
  countryHeader: string | undefined,
): HeadersInit {
  const member = SESSION_COOKIE.test(cookie ?? "");
  return {
    "Cache-Control": member ? MEMBER_PAGE_CACHE : PUBLIC_PAGE_CACHE,
    Vary: countryHeader ? `Cookie, ${countryHeader}` : "Cookie",
  };
}

/**
 * What a cached page shows, so that a write drops exactly the pages it changes
 * (decision 0104). The keys a write sends (migration 0015):
 * - `post:ID`: the post's own page;
 * - `list:all`: any page listing the site's latest posts (home, search, feeds, sitemap);
 * - `category:ID`, `tag:ID`, `author:PROFILE_ID`: that category's, tag's, author's listing;
 * - `by:USERNAME`: a page showing that person's name or photo (an article's byline);
 * - `featured`: a page showing the featured posts (home and category sidebars).
 * Settings, navigation, categories and tag names drop every page, keys or not.
 * A page with no keys is dropped only by those, and by its 60-second lifetime.
 */
export function withPageKeys(headers: HeadersInit, keys: readonly string[]): Headers {
  const out = new Headers(headers);
  if (keys.length) out.set(PAGE_KEYS_HEADER, keys.join(" "));
  return out;
}

/** A route's `headers` export: the loader's cache headers; errors are not cached. */
export function readerPageHeaders({
  loaderHeaders,
  errorHeaders,
}: {
  loaderHeaders: Headers;
  errorHeaders?: Headers;
}): Headers {
  const headers = new Headers();
  if (errorHeaders) {
    headers.set("Cache-Control", "no-store");
    return headers;
  }
  for (const name of ["Cache-Control", "Vary", PAGE_KEYS_HEADER]) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}
