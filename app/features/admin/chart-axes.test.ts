import { describe, expect, it } from "vitest";
import { countTicks, dayLabel, labelIndexes } from "./chart-axes";

describe("the charts' axes (docs/decisions/0261)", () => {
  it("counts at round steps from 0 to at least the tallest bar", () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3]);
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks(40)).toEqual([0, 10, 20, 30, 40]);
    expect(countTicks(43)).toEqual([0, 20, 40, 60]);
    expect(countTicks(1234)).toEqual([0, 500, 1000, 1500]);
    expect(countTicks(2.5)).toEqual([0, 1, 2, 3]);
  });

  it("labels a few days evenly, the first and the last among them", () => {
    expect(labelIndexes(0)).toEqual([]);
    expect(labelIndexes(4)).toEqual([0, 1, 2, 3]);
    expect(labelIndexes(30)).toEqual([0, 6, 12, 17, 23, 29]);
    expect(labelIndexes(90, 5)).toEqual([0, 22, 45, 67, 89]);
  });

  it("writes a day as the site writes dates, and leaves other labels alone", () => {
    expect(dayLabel("2026-09-07")).toBe("7 Sept");
    expect(dayLabel("2026-12-31")).toBe("31 Dec");
    expect(dayLabel("week 3")).toBe("week 3");
  });
});
