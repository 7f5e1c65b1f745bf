import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formText, formTextOr, onceText, onceTextOrNull } from "./form-fields";

const file = new File(["x"], "x.png");

describe("the form field readers", () => {
  it("read a field as FormData.get would: the first string, else the fallback", () => {
    const form = z.object({ a: formText, b: formTextOr("all"), c: formTextOr("all") });
    expect(form.parse({ a: ["1", "2"], b: file })).toEqual({ a: "1", b: "all", c: "all" });
  });
  it("read a field sent once; repeated, a file or absent is the fallback", () => {
    const form = z.object({
      a: onceText("301"),
      b: onceTextOrNull,
      c: onceTextOrNull,
      d: onceText(),
    });
    expect(form.parse({ a: ["302", "307"], b: file, d: "x" })).toEqual({
      a: "301",
      b: null,
      c: null,
      d: "x",
    });
  });
});
