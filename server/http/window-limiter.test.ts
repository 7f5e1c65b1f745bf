import { describe, expect, it } from "vitest";
import { createWindowLimiter, forgetAllWindows } from "./window-limiter";

describe("createWindowLimiter", () => {
  it("allows up to the limit per window and key", () => {
    const allow = createWindowLimiter({ limit: 2, windowMs: 1000 });
    expect(allow("a", 0)).toBe(true);
    expect(allow("a", 10)).toBe(true);
    expect(allow("a", 20)).toBe(false);
    expect(allow("b", 20)).toBe(true);
  });

  it("starts a new window after windowMs", () => {
    const allow = createWindowLimiter({ limit: 1, windowMs: 1000 });
    expect(allow("a", 0)).toBe(true);
    expect(allow("a", 999)).toBe(false);
    expect(allow("a", 1000)).toBe(true);
  });

  it("keeps at most maxKeys windows", () => {
    const allow = createWindowLimiter({ limit: 1, windowMs: 1000, maxKeys: 2 });
    allow("a", 0);
    allow("b", 0);
    allow("c", 0); // evicts "a"
    expect(allow("a", 1)).toBe(true);
  });

  it("forgets every limiter's windows when a new app starts", () => {
    const one = createWindowLimiter({ limit: 1, windowMs: 60_000 });
    const two = createWindowLimiter({ limit: 1, windowMs: 60_000 });
    one("a", 0);
    two("a", 0);
    expect([one("a", 1), two("a", 1)]).toEqual([false, false]);
    forgetAllWindows();
    expect([one("a", 2), two("a", 2)]).toEqual([true, true]);
  });
});
