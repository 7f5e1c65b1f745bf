import { describe, expect, it } from "vitest";
import {
  findLoop,
  landingPath,
  normaliseTarget,
  validateRedirect,
} from "~/features/admin/redirects-page.server";
import { isReservedPath, normalisePath, withQuery } from "./redirects";

describe("normalisePath", () => {
  it("keeps one form: encoded, dot segments resolved, no trailing slash", () => {
    expect(normalisePath("/old/")).toBe("/old");
    expect(normalisePath("/old///")).toBe("/old");
    expect(normalisePath("/")).toBe("/");
    expect(normalisePath("/a/../b")).toBe("/b");
    expect(normalisePath("/café")).toBe("/caf%C3%A9");
    expect(normalisePath("/caf%C3%A9")).toBe("/caf%C3%A9");
  });
  it("refuses what is not a plain site path", () => {
    for (const bad of ["old", "//evil.example", "/a?b", "/a#b", "/a b", "/a\\b", "", "/a\nb"]) {
      expect([bad, normalisePath(bad)]).toEqual([bad, null]);
    }
  });
});

describe("isReservedPath", () => {
  it("covers the prefixes and what is under them, in any case, but not look-alikes", () => {
    for (const p of [
      "/admin",
      "/admin/redirects",
      "/API/health",
      "/assets/x.js",
      "/uploads/a",
      "/login",
    ]) {
      expect([p, isReservedPath(p)]).toEqual([p, true]);
    }
    for (const p of ["/administration", "/apis", "/", "/about"]) {
      expect([p, isReservedPath(p)]).toEqual([p, false]);
    }
  });
});

describe("withQuery", () => {
  it("adds the request's query string before any fragment", () => {
    expect(withQuery("/new", "")).toBe("/new");
    expect(withQuery("/new", "?a=1")).toBe("/new?a=1");
    expect(withQuery("/new?x=1", "?a=1")).toBe("/new?x=1&a=1");
    expect(withQuery("/new#top", "?a=1")).toBe("/new?a=1#top");
    expect(withQuery("https://e.org/p?x=1#h", "?a=1")).toBe("https://e.org/p?x=1&a=1#h");
  });
});

describe("the redirect form's rules", () => {
  const values = { fromPath: "/a", toPath: "/b", statusCode: "", notes: "" };
  it("defaults to 301 and normalises both paths", () => {
    expect(validateRedirect({ ...values, fromPath: " /a/ ", toPath: " /b/?x=1 " })).toEqual({
      ok: true,
      input: { fromPath: "/a", toPath: "/b?x=1", statusCode: 301, notes: null },
    });
    expect(normaliseTarget("https://example.org/x")).toBe("https://example.org/x");
    expect(normaliseTarget("ftp://example.org/x")).toBeNull();
  });
  it("finds loops of any length, and only loops", () => {
    const existing = new Map([
      ["/b", "/c"],
      ["/c", "/d?x=1"],
      ["/x", "https://site.example/a"],
    ]);
    expect(findLoop(existing, "/d", "/b")).toEqual(["/d", "/b", "/c", "/d"]);
    expect(findLoop(existing, "/a", "/a")).toEqual(["/a", "/a"]);
    expect(findLoop(existing, "/e", "/b")).toBeNull();
    expect(findLoop(existing, "/a", "/x")).toBeNull();
    expect(findLoop(existing, "/a", "/x", "https://site.example")).toEqual(["/a", "/x", "/a"]);
    expect(landingPath("https://other.example/a", "https://site.example")).toBeNull();
  });
});
