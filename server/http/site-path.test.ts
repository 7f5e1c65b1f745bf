import { describe, expect, it } from "vitest";
import { isAllowedImageUrl, isHttpsUrl, isSitePath, sitePathOr } from "./site-path";

describe("isSitePath: a path on this site", () => {
  it("accepts plain paths with a query and a fragment", () => {
    for (const path of ["/", "/post/a-post", "/search?q=a%20b&page=2", "/edit-profile#photo"]) {
      expect({ path, ok: isSitePath(path) }).toEqual({ path, ok: true });
    }
  });

  it("refuses what a browser could read as another site, and anything not a path", () => {
    for (const path of [
      "//evil.example/",
      "/\\evil.example/",
      "/\t/evil.example/",
      "/\n/evil.example/",
      "/\r/evil.example",
      "/ /evil.example",
      "/a\\b",
      "/\u0000",
      "/\u00a0/evil.example",
      "/\u200b/evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "evil.example",
      "",
      "/".repeat(1) + "x".repeat(3000),
      42,
      null,
    ]) {
      expect({ path, ok: isSitePath(path) }).toEqual({ path, ok: false });
    }
    expect(sitePathOr("/\t/evil.example/", "/home")).toBe("/home");
    expect(sitePathOr("/post/a")).toBe("/post/a");
  });
});

describe("isHttpsUrl and isAllowedImageUrl", () => {
  it("accepts https addresses and this site's uploads only", () => {
    const site = "http://127.0.0.1:3000";
    for (const url of [
      "https://media.licdn.example/priya.png",
      "/uploads/profile-images/a/b.webp",
      "http://127.0.0.1:3000/uploads/x.png",
    ]) {
      expect({ url, ok: isAllowedImageUrl(url, site) }).toEqual({ url, ok: true });
    }
    for (const url of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "http://cdn.example/x.png",
      "/post/a",
      "/uploads/../admin",
      "/\\evil.example/uploads/x.png",
      "http://127.0.0.1:3000/admin",
      "http://127.0.0.1:3000//evil.example/uploads/x.png",
      "https://\tevil.example/x.png",
      null,
    ]) {
      expect({ url, ok: isAllowedImageUrl(url, site) }).toEqual({ url, ok: false });
    }
    expect(isHttpsUrl("https://")).toBe(false);
    expect(isHttpsUrl("http://example.com/")).toBe(false);
  });
});
