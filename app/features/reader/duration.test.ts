import { describe, expect, it } from "vitest";
import { durationInWords, formatDuration } from "./duration";

describe("formatDuration", () => {
  it("shows minutes and seconds, with hours when there are any", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(5)).toBe("0:05");
    expect(formatDuration(245)).toBe("4:05");
    expect(formatDuration(3729)).toBe("1:02:09");
    expect(formatDuration(59.9)).toBe("0:59");
  });

  it("shows 0:00 for nothing known", () => {
    expect(formatDuration(null)).toBe("0:00");
    expect(formatDuration(undefined)).toBe("0:00");
    expect(formatDuration(Number.NaN)).toBe("0:00");
    expect(formatDuration(Infinity)).toBe("0:00");
    expect(formatDuration(-3)).toBe("0:00");
  });

  it("says it in words for screen readers", () => {
    expect(durationInWords(245)).toBe("4 minutes 5 seconds");
    expect(durationInWords(3601)).toBe("1 hour 1 second");
    expect(durationInWords(0)).toBe("0 seconds");
  });
});
