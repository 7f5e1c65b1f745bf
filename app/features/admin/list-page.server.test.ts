import { describe, expect, it } from "vitest";
import { pageOf, searchWhere, shownRange, SEARCH_MAX_LENGTH } from "./list-page.server";
import { profiles } from "#server/db/schema";

describe("the admin lists' search and pages", () => {
  it("trims and caps the text; no text, no WHERE", () => {
    expect(searchWhere("  ", [profiles.username])).toEqual({ query: "", where: undefined });
    const found = searchWhere(` ${"a".repeat(300)} `, [profiles.username, profiles.email]);
    expect(found.query).toHaveLength(SEARCH_MAX_LENGTH);
    expect(found.where).toBeDefined();
  });
  it("shows the page asked for, the last one past the end, the first below it", () => {
    expect(pageOf(120, 2, 50)).toEqual({ page: 2, pageCount: 3, offset: 50 });
    expect(pageOf(120, 9, 50)).toEqual({ page: 3, pageCount: 3, offset: 100 });
    expect(pageOf(0, 0, 50)).toEqual({ page: 1, pageCount: 1, offset: 0 });
    expect(shownRange(120, 50, 50)).toEqual({ from: 51, to: 100 });
    expect(shownRange(0, 0, 0)).toEqual({ from: 0, to: 0 });
  });
});
