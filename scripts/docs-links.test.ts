import { describe, expect, it } from "vitest";
import { brokenLink, docsFiles, linksOf } from "./docs-anchors";

/**
 * Every relative link in README.md and docs/ opens: the file exists and, when
 * the link names a heading, the heading is there (GitHub's anchors). Moving or
 * renaming a section means fixing the links to it.
 */
describe("docs links", () => {
  it.each(docsFiles())("%s links only to files and headings that exist", (file) => {
    const broken = linksOf(file)
      .map(({ target, line }) => ({ line, target, why: brokenLink(file, target) }))
      .filter(({ why }) => why !== null)
      .map(({ line, target, why }) => `${file}:${line} ${target}: ${why}`);
    expect(broken).toEqual([]);
  });
});
