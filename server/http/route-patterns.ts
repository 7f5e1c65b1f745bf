import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * The route pattern a path matches in React Router's build ("/post/:slug"),
 * for the metrics' route label: a bounded set, never the raw URL.
 */
export function routeResolver(
  routes: ServerBuild["routes"],
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
  return (pathname) => {
    const matches = matchRoutes(tree, pathname);
    if (!matches) return undefined;
    const parts = matches.map((m) => m.route.path ?? "").filter((p) => p !== "" && p !== "/");
    return `/${parts.join("/")}`.replace(/\/{2,}/g, "/");
  };
}
