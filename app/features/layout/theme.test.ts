import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { THEME_SCRIPT } from "./theme";

/** Storage that throws on read (a browser with storage blocked). */
const BLOCKED = new Error("SecurityError");

/** Runs the inline head script with a stored value and an OS setting; returns data-theme. */
function run(stored: string | null | Error, osDark: boolean): string | undefined {
  const attributes: Record<string, string> = {};
  runInNewContext(THEME_SCRIPT, {
    localStorage: {
      getItem: () => {
        if (stored instanceof Error) throw stored;
        return stored;
      },
    },
    matchMedia: (query: string) => ({
      matches: query === "(prefers-color-scheme: dark)" && osDark,
    }),
    document: {
      documentElement: {
        setAttribute: (name: string, value: string) => (attributes[name] = value),
      },
    },
  });
  return attributes["data-theme"];
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
