import { describe, expect, it } from "vitest";
import { utcToZoned, zonedToUtc } from "./time-zone";

describe("zonedToUtc / utcToZoned", () => {
  it("Asia/Kolkata is UTC+5:30 all year", () => {
    expect(zonedToUtc("2026-12-01T09:00", "Asia/Kolkata")?.toISOString()).toBe(
      "2026-12-01T03:30:00.000Z",
    );
    expect(utcToZoned(new Date("2026-12-01T03:30:00Z"), "Asia/Kolkata")).toBe("2026-12-01T09:00");
  });

  it("Europe/London follows summer time", () => {
    expect(zonedToUtc("2026-01-15T12:00", "Europe/London")?.toISOString()).toBe(
      "2026-01-15T12:00:00.000Z",
    );
    expect(zonedToUtc("2026-07-15T12:00", "Europe/London")?.toISOString()).toBe(
      "2026-07-15T11:00:00.000Z",
    );
    expect(utcToZoned(new Date("2026-07-15T11:00:00Z"), "Europe/London")).toBe("2026-07-15T12:00");
  });

  it("round-trips in UTC and refuses what is not a datetime-local value", () => {
    expect(zonedToUtc("2026-03-29T01:30", "UTC")?.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(zonedToUtc("tomorrow", "Asia/Kolkata")).toBeNull();
    expect(zonedToUtc("", "Asia/Kolkata")).toBeNull();
  });
});
