/**
 * `npm run docs:index`
 *
 * Writes the index of docs/decisions/README.md from each record's own header
 * (its number and title on the first line, `Date:` and `Status:` below), so
 * that the index never disagrees with a record. Everything above the
 * `## Index` heading is kept as written. `--check` writes nothing and exits 1
 * when the index is stale (scripts/decision-records.test.ts does the same).
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const DECISIONS = path.resolve("docs/decisions");
const HEADING = "## Index";

export interface DecisionRecord {
  file: string;
  number: string;
  title: string;
  date: string;
  status: string;
}

export function readRecords(folder = DECISIONS): DecisionRecord[] {
  return readdirSync(folder)
    .filter((file) => /^\d{4}-.+\.md$/.test(file) && !file.startsWith("0000"))
    .sort()
    .map((file) => {
      const lines = readFileSync(path.join(folder, file), "utf8").split("\n");
      const title = /^# \d{4} (.+)$/.exec(lines[0] ?? "")?.[1] ?? "";
      const date = /^Date: (.+)$/m.exec(lines.slice(0, 6).join("\n"))?.[1] ?? "";
      const status = /^Status: (.+)$/m.exec(lines.slice(0, 6).join("\n"))?.[1] ?? "";
      return { file, number: file.slice(0, 4), title: title.trim(), date, status };
    });
}

const escape = (cell: string) => cell.replaceAll("|", "\\|");

/** The index as Prettier would lay it out: one table, columns padded to their widest cell. */
export function renderIndex(records: DecisionRecord[]): string {
  const header = ["No.", "Decision", "Date", "Status"];
  const rows = records.map((r) => [
    `[${r.number}](${r.file})`,
    escape(r.title),
    r.date,
    escape(r.status),
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  return [
    HEADING,
    "",
    "Generated from the records' headers by `npm run docs:index`; do not edit by hand.",
    "",
    line(header),
    `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`,
    ...rows.map(line),
    "",
  ].join("\n");
}

/** The README with its index section replaced by a fresh one. */
export function withFreshIndex(readme: string, records: DecisionRecord[]): string {
  const start = readme.indexOf(`\n${HEADING}\n`);
  const head = start === -1 ? `${readme.trimEnd()}\n` : readme.slice(0, start + 1);
  return `${head}${renderIndex(records)}`;
}

function main() {
  const file = path.join(DECISIONS, "README.md");
  const readme = readFileSync(file, "utf8");
  const fresh = withFreshIndex(readme, readRecords());
  if (process.argv.includes("--check")) {
    if (fresh !== readme) {
      console.error("docs/decisions/README.md: the index is stale; run `npm run docs:index`.");
      process.exit(1);
    }
    return;
  }
  if (fresh !== readme) writeFileSync(file, fresh);
  console.log(`docs/decisions/README.md: ${readRecords().length} records indexed.`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
