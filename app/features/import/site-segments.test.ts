/**
 * The importer never puts a redirect in front of the site's own pages: its
 * list of their first path segments must hold every static one in
 * app/routes.ts.
 */
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { SITE_SEGMENTS } from "./import.server";

type Entry = { path?: string; children?: Entry[] };

function firstSegments(entries: readonly Entry[]): string[] {
  return entries.flatMap((entry) => [
    ...(entry.path ? [entry.path.split("/")[0]!] : []),
    ...firstSegments(entry.children ?? []),
  ]);
}

describe("the site's own first path segments", () => {
  it("lists every static first segment of the routes", () => {
    const segments = [...new Set(firstSegments(routes as Entry[]))].filter(
      (s) => !s.startsWith(":") && s !== "*",
    );
    expect(segments.length).toBeGreaterThan(20);
    expect(segments.filter((s) => !SITE_SEGMENTS.has(s))).toEqual([]);
  });
});
