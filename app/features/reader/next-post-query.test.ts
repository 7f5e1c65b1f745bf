import { describe, expect, it } from "vitest";
import { readQuery } from "~/lib/read-input.server";
import { nextPostQuery } from "./next-post.server";

const next = (search: string) =>
  readQuery(new URL(`http://localhost/api/posts/next?${search}`), nextPostQuery);

describe("the next post's query", () => {
  it("reads the slug and up to 200 ids seen", () => {
    expect(next("after=a-post&seen=1,,2")).toEqual({
      ok: true,
      data: { after: "a-post", seen: ["1", "2"] },
    });
    const many = Array.from({ length: 250 }, (_, i) => String(i)).join(",");
    expect(next(`after=a&seen=${many}`)).toMatchObject({ ok: true });
    const read = next(`after=a&seen=${many}`);
    expect(read.ok && read.data.seen.length).toBe(200);
  });
  it("refuses a missing or malformed slug with the message", () => {
    for (const bad of ["", "after=", "after=A", `after=${"a".repeat(201)}`]) {
      expect(next(bad)).toEqual({ ok: false, message: "Failed to fetch next post" });
    }
  });
});
