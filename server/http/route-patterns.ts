import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** Distinct paths whose pattern is remembered: every page of a large site, a few MB at most. */
export const ROUTE_PATTERN_CACHE_SIZE = 20_000;

/** What the cache keeps for a path no route matches (LRUCache holds no undefined). */
export const NO_ROUTE = "";

/**
 * The route pattern a path matches in React Router's build ("/post/:slug"),
 * for the metrics' route label and the page cache's member routes: a bounded
 * set, never the raw URL.
 *
 * `matchRoutes` flattens and ranks the whole route table on every call (about
 * 0.2 ms here); the request metrics and the page cache ask for every request,
 * which was a third of the CPU of a page-cache hit (docs/milestones.md#issue-17-performance). Answers are
 * therefore kept per path in a bounded LRU cache: the route table is fixed
 * for the life of the build, so an answer never goes stale.
 */
export function routeResolver(
  routes: ServerBuild["routes"],
  options: { cacheSize?: number } = {},
): (pathname: string) => string | undefined {
  const list = Object.values(routes).filter((r) => r !== undefined);
  const children = (parentId: string | undefined): RouteObject[] =>
    list
      .filter((r) => r.parentId === parentId)
      .map((r) =>
        r.index
          ? { id: r.id, index: true, path: r.path, caseSensitive: r.caseSensitive }
          : {
              id: r.id,
              path: r.path,
              caseSensitive: r.caseSensitive,
              children: children(r.id),
            },
      );
  const tree = children(undefined);
  const match = (pathname: string): string => {
    const matches = matchRoutes(tree, pathname);
    if (!matches) return NO_ROUTE;
    const parts = matches.map((m) => m.route.path ?? "").filter((p) => p !== "" && p !== "/");
    return `/${parts.join("/")}`.replace(/\/{2,}/g, "/");
  };
  return remembered(match, options.cacheSize);
}

/**
 * `match` (a path's pattern, or NO_ROUTE) behind a bounded LRU cache: each
 * path is matched once while it stays among the `cacheSize` last used.
 */
export function remembered(
  match: (pathname: string) => string,
  cacheSize = ROUTE_PATTERN_CACHE_SIZE,
): (pathname: string) => string | undefined {
  const known = new LRUCache<string, string>({ max: cacheSize });
  return (pathname) => {
    let pattern = known.get(pathname);
    if (pattern === undefined) {
      pattern = match(pathname);
      known.set(pathname, pattern);
    }
    return pattern === NO_ROUTE ? undefined : pattern;
  };
}
