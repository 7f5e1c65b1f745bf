import { describe, expect, it } from "vitest";
import { pageCacheHeaders, PUBLIC_PAGE_CACHE, readerPageHeaders } from "./cache-headers";

describe("page cache headers", () => {
  it("are public for visitors and private for members", () => {
    const visitor = "theme=dark";
    expect(pageCacheHeaders(visitor, undefined)).toMatchObject({
      "Cache-Control": PUBLIC_PAGE_CACHE,
    });
    expect(PUBLIC_PAGE_CACHE).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    for (const cookie of [
      "better-auth.session_token=abc",
      "a=1; __Secure-better-auth.session_token=abc",
    ]) {
      expect(pageCacheHeaders(cookie, undefined)).toMatchObject({
        "Cache-Control": "private, no-store",
      });
    }
  });

  it("vary on the cookie and, when one is configured, the country header", () => {
    const visitor = null;
    expect(pageCacheHeaders(visitor, undefined)).toMatchObject({ Vary: "Cookie" });
    expect(pageCacheHeaders(visitor, "cf-ipcountry")).toMatchObject({
      Vary: "Cookie, cf-ipcountry",
    });
  });

  it("pass the loader's headers on, and never cache errors", () => {
    const loaderHeaders = new Headers({ "Cache-Control": PUBLIC_PAGE_CACHE, Vary: "Cookie" });
    expect(readerPageHeaders({ loaderHeaders }).get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE);
    expect(
      readerPageHeaders({ loaderHeaders, errorHeaders: new Headers() }).get("Cache-Control"),
    ).toBe("no-store");
  });
});
