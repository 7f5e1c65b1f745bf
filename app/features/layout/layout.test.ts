import { describe, expect, it } from "vitest";
import { headerCategories, postCountLabel } from "~/features/categories/categories.server";
import { searchHref } from "./search-form";
import { contactEmailFor } from "./site-chrome.server";

describe("searchHref", () => {
  it("is undefined for a blank query and trims the query", () => {
    expect(searchHref("")).toBeUndefined();
    expect(searchHref("   \t")).toBeUndefined();
    expect(searchHref("  visa rules ")).toBe("/search?q=visa%20rules");
    expect(searchHref("a&b=c")).toBe("/search?q=a%26b%3Dc");
  });
});

describe("contactEmailFor", () => {
  it("uses the site's domain, and none for localhost or an IP", () => {
    expect(contactEmailFor("https://www.founderbridge.co.uk")).toBe("hello@founderbridge.co.uk");
    expect(contactEmailFor("http://localhost:3000")).toBeNull();
    expect(contactEmailFor("http://127.0.0.1:3100")).toBeNull();
  });
});

describe("categories helpers", () => {
  it("orders the header's categories as the spec lists them, skipping missing ones", () => {
    const all = ["events", "amas", "news", "podcast", "other"].map((slug) => ({
      id: slug,
      name: slug.toUpperCase(),
      slug,
      description: null,
      schemaType: "Article" as const,
      sidebarWidget: null,
      sidebarWidget2: null,
      postCount: 0,
    }));
    expect(headerCategories(all).map((c) => c.slug)).toEqual(["news", "amas", "podcast", "events"]);
  });

  it("says 1 post and N posts", () => {
    expect(postCountLabel(0)).toBe("0 posts");
    expect(postCountLabel(1)).toBe("1 post");
    expect(postCountLabel(12)).toBe("12 posts");
  });
});
