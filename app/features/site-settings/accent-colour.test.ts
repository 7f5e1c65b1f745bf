import { describe, expect, it } from "vitest";
import {
  ACCENT_MESSAGES,
  checkAccentColour,
  contrastWithWhite,
  normaliseHex,
} from "./accent-colour";

describe("the accent colour (docs/decisions/0262)", () => {
  it("takes #rgb and #rrggbb in any case, and nothing else", () => {
    expect(normaliseHex(" #1E40AF ")).toBe("#1e40af");
    expect(normaliseHex("#abc")).toBe("#aabbcc");
    for (const bad of ["1e40af", "#1e40a", "#12345g", "blue", "rgb(0,0,0)", ""])
      expect(normaliseHex(bad)).toBeNull();
  });

  it("measures contrast against white as WCAG does", () => {
    expect(contrastWithWhite("#000000")).toBeCloseTo(21, 5);
    expect(contrastWithWhite("#ffffff")).toBeCloseTo(1, 5);
    // The site's own brand-700 and WCAG's usual examples.
    expect(contrastWithWhite("#1e40af")).toBeCloseTo(8.72, 1);
    expect(contrastWithWhite("#767676")).toBeCloseTo(4.54, 2);
    expect(contrastWithWhite("#777777")).toBeCloseTo(4.48, 2);
  });

  it("refuses a colour below 4.5:1 with the ratio in the message, and a non-hex value", () => {
    expect(checkAccentColour("#1E40AF")).toEqual({ ok: true, colour: "#1e40af" });
    expect(checkAccentColour("#767676")).toEqual({ ok: true, colour: "#767676" });
    expect(checkAccentColour("#777777")).toEqual({
      ok: false,
      error: ACCENT_MESSAGES.tooLight(4.47),
    });
    expect(checkAccentColour("#fde047")).toMatchObject({ ok: false });
    expect(ACCENT_MESSAGES.tooLight(1.23)).toBe(
      "This accent colour is too light: its contrast against white is 1.23:1, and it needs at least 4.5:1. Choose a darker colour.",
    );
    expect(checkAccentColour("navy")).toEqual({ ok: false, error: ACCENT_MESSAGES.notHex });
  });
});
