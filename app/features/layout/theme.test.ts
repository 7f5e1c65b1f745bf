import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { THEME_SCRIPT } from "./theme";

/** Storage that throws on read (a browser with storage blocked). */
const BLOCKED = new Error("SecurityError");

/** Runs the inline head script with a stored value and an OS setting; returns data-theme. */
function run(
  stored: string | null | Error,
  osDark: boolean,
  promo: string | null = null,
): string | undefined {
  return runWith(stored, osDark, promo)["data-theme"];
}

function runWith(
  stored: string | null | Error,
  osDark: boolean,
  promo: string | null,
  bannerKey: string | null = "k1x9",
) {
  const attributes: Record<string, string> = {};
  runInNewContext(THEME_SCRIPT, {
    localStorage: {
      getItem: (key: string) => {
        if (stored instanceof Error) throw stored;
        return key === "theme" ? stored : promo;
      },
    },
    matchMedia: (query: string) => ({
      matches: query === "(prefers-color-scheme: dark)" && osDark,
    }),
    document: {
      documentElement: {
        setAttribute: (name: string, value: string) => (attributes[name] = value),
        getAttribute: (name: string) => (name === "data-promo-key" ? bannerKey : null),
      },
    },
  });
  return attributes;
}

describe("THEME_SCRIPT (set before the first paint)", () => {
  it("applies a stored choice whatever the OS says", () => {
    expect(run("dark", false)).toBe("dark");
    expect(run("light", true)).toBe("light");
  });

  it("follows prefers-color-scheme with no choice, an unknown one or no storage", () => {
    expect(run(null, true)).toBe("dark");
    expect(run(null, false)).toBe("light");
    expect(run("purple", true)).toBe("dark");
    expect(run(BLOCKED, true)).toBe("dark");
    expect(run(BLOCKED, false)).toBe("light");
  });
});

describe("THEME_SCRIPT and the hidden promotion bar (docs/decisions/0269)", () => {
  it("marks <html> when the reader hid this very bar", () => {
    expect(runWith("light", false, "k1x9")["data-promo-dismissed"]).toBe("");
  });

  it("leaves it off for another bar, none hidden, no bar, or storage blocked", () => {
    expect(runWith("light", false, "old1")["data-promo-dismissed"]).toBeUndefined();
    expect(runWith(null, false, null)["data-promo-dismissed"]).toBeUndefined();
    expect(runWith(null, false, "k1x9", null)["data-promo-dismissed"]).toBeUndefined();
    expect(runWith(BLOCKED, false, "k1x9")["data-promo-dismissed"]).toBeUndefined();
  });
});
