import { describe, expect, it } from "vitest";
import { highlight, snippetAround } from "./highlight";

describe("highlight", () => {
  it("marks every case-insensitive occurrence", () => {
    expect(highlight("Visa and VISA", "visa")).toEqual([
      { text: "Visa", match: true },
      { text: " and ", match: false },
      { text: "VISA", match: true },
    ]);
    expect(highlight("nothing", "x")).toEqual([{ text: "nothing", match: false }]);
  });
});

describe("snippetAround", () => {
  it("cuts a window around the first match at word boundaries", () => {
    const text = `${"alpha ".repeat(50)}target ${"omega ".repeat(50)}`;
    const snippet = snippetAround(text, "TARGET", 60)!;
    expect(snippet).toMatch(/^… (alpha )+target (omega ?)+ …$/);
    expect(snippetAround("short target text", "target")).toBe("short target text");
    expect(snippetAround("no match", "zzz")).toBeUndefined();
  });
});
