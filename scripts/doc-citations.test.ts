import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { brokenLink } from "./docs-anchors";

/**
 * The code cites documents that are in the repository: the product docs
 * (docs/product/), the guides and the decision records, by path. The numbered
 * specification and the tracker's issues are not in the repository, so a
 * comment citing them by number ("spec", a number and a section sign; or
 * "issue" and a number) is refused: cite the docs/ page that says the same
 * (docs/milestones.md says where each issue's work now lives).
 */
const ROOTS = ["app", "server", "tests", "scripts"];
// Not the SQL migrations: a merged migration is never edited (server/db/migrations/README.md).
const SOURCE = /\.(ts|tsx|js|mjs|css)$/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sources(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

const files = ROOTS.flatMap(sources);
const SECTION = "\u00a7";
const UNREADABLE = [
  new RegExp(`\\b[Ss]pec(?:\\s+\\d)?\\s?${SECTION}`),
  new RegExp(`\\b[Ss]pec \\d\\b`),
  new RegExp(`\\b[Ii]${"ssue"}(?:\\s|\\n\\s*(?:\\*|//)\\s*)+\\d+`),
];
const DOC = /\bdocs\/[\w./-]*[\w/](?:#[\w-]+)?/g;

function lineOf(text: string, index: number) {
  return text.slice(0, index).split("\n").length;
}

describe("citations in the code", () => {
  it("name no numbered specification section and no issue number", () => {
    const found = files.flatMap((file) => {
      const text = readFileSync(file, "utf8");
      return UNREADABLE.flatMap((pattern) => {
        const match = new RegExp(pattern.source, "g").exec(text);
        return match ? [`${file}:${lineOf(text, match.index)} ${match[0].trim()}`] : [];
      });
    });
    expect(found, "cite docs/product/… or docs/decisions/… instead").toEqual([]);
  });

  it("point at documents and headings that exist", () => {
    const broken = files.flatMap((file) => {
      const text = readFileSync(file, "utf8");
      return [...text.matchAll(DOC)].flatMap((match) => {
        const cited = match[0].replace(/[.]+$/, "");
        const decision = /^docs\/decisions\/(\d{4})$/.exec(cited);
        if (decision) {
          const known = readdirSync("docs/decisions").some((f) => f.startsWith(`${decision[1]}-`));
          return known ? [] : [`${file}:${lineOf(text, match.index)} ${cited}: no such record`];
        }
        const [target = ""] = cited.split("#");
        if (!target.endsWith(".md") && !existsSync(target)) {
          return [`${file}:${lineOf(text, match.index)} ${cited}: no such file`];
        }
        if (!target.endsWith(".md")) return [];
        const why = brokenLink(path.resolve("README.md"), cited);
        return why ? [`${file}:${lineOf(text, match.index)} ${cited}: ${why}`] : [];
      });
    });
    expect(broken).toEqual([]);
  });
});
