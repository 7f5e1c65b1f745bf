/** The route pattern of a path, remembered per path (docs/milestones.md#issue-17-performance: matching cost a third of a hit). */
import type { ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { NO_ROUTE, remembered, routeResolver } from "./route-patterns";

const routes = {
  root: { id: "root", path: "", parentId: undefined },
  "routes/home": { id: "routes/home", index: true, parentId: "root" },
  "routes/post": { id: "routes/post", path: "post/:slug", parentId: "root" },
  "routes/category-post": { id: "routes/category-post", path: ":category/:slug", parentId: "root" },
  "routes/admin": { id: "routes/admin", path: "admin", parentId: "root" },
  "routes/admin.users": { id: "routes/admin.users", path: "users", parentId: "routes/admin" },
} as unknown as ServerBuild["routes"];

describe("routeResolver", () => {
  it("names the pattern a path matches, nested routes joined, and nothing for no route", () => {
    const resolve = routeResolver(routes);
    for (let i = 0; i < 2; i += 1) {
      expect(resolve("/")).toBe("/");
      expect(resolve("/post/hello-world")).toBe("/post/:slug");
      expect(resolve("/guides/hello-world")).toBe("/:category/:slug");
      expect(resolve("/admin/users")).toBe("/admin/users");
      expect(resolve("/a/b/c/d")).toBeUndefined();
    }
  });

  it("stays right when its cache is smaller than the paths asked", () => {
    const resolve = routeResolver(routes, { cacheSize: 1 });
    for (let i = 0; i < 2; i += 1) {
      expect(resolve("/post/one")).toBe("/post/:slug");
      expect(resolve("/admin")).toBe("/admin");
    }
  });
});

describe("remembered", () => {
  it("matches each path once, a path no route matches included", () => {
    const match = vi.fn((p: string) => (p.startsWith("/post/") ? "/post/:slug" : NO_ROUTE));
    const resolve = remembered(match);
    for (let i = 0; i < 3; i += 1) {
      expect(resolve("/post/hello-world")).toBe("/post/:slug");
      expect(resolve("/nowhere")).toBeUndefined();
    }
    expect(match).toHaveBeenCalledTimes(2);
  });

  it("keeps at most cacheSize paths, matching a forgotten one again", () => {
    const match = vi.fn((p: string) => `pattern of ${p}`);
    const resolve = remembered(match, 2);
    expect(resolve("/one")).toBe("pattern of /one");
    expect(resolve("/two")).toBe("pattern of /two");
    expect(resolve("/three")).toBe("pattern of /three");
    expect(resolve("/three")).toBe("pattern of /three");
    // "/one" was the least recently used of three: forgotten, matched again.
    expect(resolve("/one")).toBe("pattern of /one");
    expect(match).toHaveBeenCalledTimes(4);
  });
});
