import { describe, expect, it } from "vitest";
import { hotp, stepOfCode, totpStep } from "./totp-once";

/** RFC 4226 Appendix D: the secret "12345678901234567890" and its first ten codes. */
const RFC_SECRET = "12345678901234567890";
const RFC_CODES = [
  "755224",
  "287082",
  "359152",
  "969429",
  "338314",
  "254676",
  "287922",
  "162583",
  "399871",
  "520489",
];

describe("the step of an authenticator code", () => {
  it("computes HOTP as RFC 4226 does", () => {
    const key = new TextEncoder().encode(RFC_SECRET);
    expect(RFC_CODES.map((_, counter) => hotp(key, counter))).toEqual(RFC_CODES);
  });

  it("finds the step of a code from the step before, now or after, and no other", () => {
    const now = 1_700_000_015_000;
    const step = totpStep(now);
    const key = new TextEncoder().encode(RFC_SECRET);
    for (const offset of [-1, 0, 1]) {
      expect(stepOfCode(RFC_SECRET, hotp(key, step + offset), now)).toBe(step + offset);
    }
    expect(stepOfCode(RFC_SECRET, hotp(key, step - 2), now)).toBeNull();
    expect(stepOfCode(RFC_SECRET, hotp(key, step + 2), now)).toBeNull();
    expect(stepOfCode(RFC_SECRET, "12345", now)).toBeNull();
  });

  it("reads a secret imported as base32", () => {
    // "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ" is RFC_SECRET in base32.
    const now = 1_700_000_015_000;
    const code = hotp(new TextEncoder().encode(RFC_SECRET), totpStep(now));
    expect(stepOfCode("base32:gezdgnbvgy3tqojqgezdgnbvgy3tqojq", code, now)).toBe(totpStep(now));
  });
});
