import { describe, expect, it } from "vitest";
import { diffText } from "./revisions.server";

describe("diffText", () => {
  it("marks the words removed from the revision and added since, keeping the rest", () => {
    const parts = diffText(
      "Founders move from Leeds to Pune",
      "Founders move from Leeds to Bengaluru",
    );
    expect(parts.filter((p) => p.removed).map((p) => p.value)).toEqual(["Pune"]);
    expect(parts.filter((p) => p.added).map((p) => p.value)).toEqual(["Bengaluru"]);
    expect(parts.map((p) => (p.added ? "" : p.value)).join("")).toBe(
      "Founders move from Leeds to Pune",
    );
  });

  it("has no changes for the same text", () => {
    expect(diffText("same words", "same words")).toEqual([{ value: "same words" }]);
  });
});
