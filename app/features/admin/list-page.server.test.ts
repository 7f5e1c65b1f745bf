import { describe, expect, it } from "vitest";
import { pageOf, searchWhere, shownRange, SEARCH_MAX_LENGTH } from "./list-page.server";
import { sql } from "drizzle-orm";
import { profiles } from "#server/db/schema";

describe("the admin lists' search and pages", () => {
  it("trims and caps the text; no text, no WHERE", () => {
    const email = sql`lower(${profiles.email})`;
    expect(searchWhere("  ", [email])).toEqual({ query: "", where: undefined });
    const found = searchWhere(` ${"a".repeat(300)} `, [email, email]);
    expect(found.query).toHaveLength(SEARCH_MAX_LENGTH);
    expect(found.where).toBeDefined();
  });
  it("makes control characters spaces, so no search spans the name key's newline", () => {
    expect(searchWhere("asha\nrao\t", [sql`x`]).query).toBe("asha rao");
    let seen = "";
    searchWhere("50%_Off\\", [
      (pattern) => {
        seen = pattern;
        return sql`true`;
      },
    ]);
    // Lower-cased (the keys are), the LIKE characters escaped.
    expect(seen).toBe("%50\\%\\_off\\\\%");
  });
  it("shows the page asked for, the last one past the end, the first below it", () => {
    expect(pageOf(120, 2, 50)).toEqual({ page: 2, pageCount: 3, offset: 50 });
    expect(pageOf(120, 9, 50)).toEqual({ page: 3, pageCount: 3, offset: 100 });
    expect(pageOf(0, 0, 50)).toEqual({ page: 1, pageCount: 1, offset: 0 });
    expect(shownRange(120, 50, 50)).toEqual({ from: 51, to: 100 });
    expect(shownRange(0, 0, 0)).toEqual({ from: 0, to: 0 });
  });
});
