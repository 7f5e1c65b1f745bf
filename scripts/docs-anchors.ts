/**
 * The anchors a Markdown file offers, as GitHub names them, and the relative
 * links a Markdown file holds: shared by the tests that keep the docs and the
 * code's references to them openable (scripts/docs-links.test.ts,
 * scripts/doc-citations.test.ts).
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** Lines outside fenced code blocks. */
function prose(text: string): string[] {
  let fenced = false;
  return text.split("\n").filter((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** Every anchor of a Markdown file: its headings' slugs (repeats get -1, -2…) and explicit ids. */
export function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of prose(readFileSync(file, "utf8"))) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const base = slug(heading);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const match of line.matchAll(/<a (?:id|name)="([^"]+)"/g)) anchors.add(match[1] ?? "");
  }
  return anchors;
}

/** The relative links of a Markdown file (not http, mailto or code), with their line. */
export function linksOf(file: string): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = [];
  let fenced = false;
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((text, index) => {
      if (/^\s*(```|~~~)/.test(text)) fenced = !fenced;
      if (fenced) return;
      const outsideCode = text.replace(/`[^`]*`/g, "");
      for (const match of outsideCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = match[1] ?? "";
        if (!/^[a-z]+:/i.test(target)) links.push({ target, line: index + 1 });
      }
    });
  return links;
}

/**
 * Why a link from `from` (a file) to `target` ("other.md#anchor", "#anchor",
 * "folder/") cannot be opened, or null when it can.
 */
export function brokenLink(from: string, target: string): string | null {
  const [pathPart = "", anchor] = target.split("#");
  const resolved = pathPart ? path.resolve(path.dirname(from), decodeURI(pathPart)) : from;
  if (!existsSync(resolved)) return `no file ${path.relative(".", resolved)}`;
  if (anchor === undefined) return null;
  const file = statSync(resolved).isDirectory() ? path.join(resolved, "README.md") : resolved;
  if (!file.endsWith(".md")) return null;
  return anchorsOf(file).has(anchor)
    ? null
    : `no heading #${anchor} in ${path.relative(".", file)}`;
}

/** Every Markdown file of the project's docs: README.md and docs/**. */
export function docsFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(full);
      return entry.name.endsWith(".md") ? [full] : [];
    });
  return ["README.md", ...walk("docs")];
}
