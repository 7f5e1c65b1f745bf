import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readRecords, withFreshIndex } from "./decision-index";

/**
 * Every decision record has the form of docs/decisions/0000-template.md and is
 * listed in the folder's index (docs/decisions/README.md), which is generated
 * from the records' headers by `npm run docs:index` (scripts/decision-index.ts).
 */
const folder = path.resolve("docs/decisions");
const records = readdirSync(folder).filter(
  (f) => /^\d{4}-.+\.md$/.test(f) && !f.startsWith("0000"),
);
const index = readFileSync(path.join(folder, "README.md"), "utf8");
const STATUS =
  /^Status: (proposed|accepted|deprecated|(superseded|superseded in part) by \d{4}\b.*)$/m;

describe("decision records", () => {
  it("there are records, each number used once", () => {
    expect(records.length).toBeGreaterThan(20);
    const numbers = records.map((f) => f.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it.each(records)("%s has a title, Date, Status and the three headings", (file) => {
    const text = readFileSync(path.join(folder, file), "utf8");
    const lines = text.split("\n");
    expect(lines[0]).toMatch(new RegExp(`^# ${file.slice(0, 4)} \\S`));
    expect(lines[2]).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/);
    expect(lines[3]).toMatch(STATUS);
    for (const heading of ["## Context", "## Decision", "## Consequences"]) {
      expect(text.split("\n")).toContain(heading);
    }
    const superseded = /^Status: superseded(?: in part)? by (\d{4})/m.exec(text)?.[1];
    if (superseded) expect(records.some((f) => f.startsWith(superseded))).toBe(true);
  });

  it.each(records)("%s is in the index with its status", (file) => {
    const status = /^Status: (.*)$/m.exec(readFileSync(path.join(folder, file), "utf8"))?.[1];
    const row = index.split("\n").find((line) => line.includes(`](${file})`));
    expect(row, `docs/decisions/README.md lists ${file}`).toBeDefined();
    const cells = row?.split("|").map((cell) => cell.trim());
    expect(cells).toContain(status);
  });

  it("the index is the one generated from the records' headers (npm run docs:index)", () => {
    expect(index, "run `npm run docs:index`").toBe(withFreshIndex(index, readRecords(folder)));
    const rows = index.split("\n").filter((line) => /^\| \[\d{4}\]/.test(line));
    expect(rows).toHaveLength(records.length);
  });
});
