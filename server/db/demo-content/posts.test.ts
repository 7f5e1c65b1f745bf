/** The demo posts read as finished writing: no notes to ourselves left in the copy. */
import { describe, expect, it } from "vitest";
import { DEMO_POSTS } from "./posts";

describe("demo posts", () => {
  it("contain no placeholder or to-do notes", () => {
    const marked = DEMO_POSTS.filter((p) =>
      /\b(TODO|FIXME|TBD|XXX)\b|lorem ipsum|placeholder/i.test(
        [p.title, p.excerpt ?? "", p.content].join("\n"),
      ),
    ).map((p) => p.slug);
    expect(marked).toEqual([]);
  });
});
