import { readdirSync } from "node:fs";
import path from "node:path";
import type { MetaDescriptor } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * docs/product/reading.md#search-engines-and-link-previews: social meta defaults are set for pages. Every route with a page
 * (app/routes/*.tsx) gives its head a title with the site's name, a
 * description, a canonical link, Open Graph and Twitter tags, and alt text for
 * the preview image: here in the state its meta sees with no loader data
 * (a missing category, post, member or page, and every page of its own).
 */
const folder = path.resolve("app/routes");
const routes = readdirSync(folder).filter((f) => f.endsWith(".tsx"));

type MetaArgs = {
  matches: unknown[];
  location: { pathname: string; search: string; hash: string };
  params: Record<string, string>;
  loaderData: undefined;
  data: undefined;
  error: undefined;
};

const args: MetaArgs = {
  matches: [{ id: "root", loaderData: { siteName: "FB", siteUrl: "https://fb.test" } }],
  location: { pathname: "/some/page", search: "?q=1", hash: "" },
  params: {},
  loaderData: undefined,
  data: undefined,
  error: undefined,
};

const find = (meta: MetaDescriptor[], key: string) =>
  meta.find((m) => {
    const r = m as Record<string, unknown>;
    return r.property === key || r.name === key;
  }) as { content: string } | undefined;

type RouteModule = { meta?: (a: MetaArgs) => MetaDescriptor[]; default?: unknown };
const modules = new Map<string, RouteModule>();

describe("every page's head", () => {
  // Importing the route modules loads most of the app: once, with time for a busy machine.
  beforeAll(async () => {
    for (const file of routes) {
      modules.set(file, (await import(path.join(folder, file))) as RouteModule);
    }
  }, 120_000);

  it("there are pages", () => {
    expect(routes.length).toBeGreaterThan(30);
  });

  it.each(routes)("%s", (file) => {
    const mod = modules.get(file)!;
    if (!mod.meta) {
      // Only modules without a page of their own (resource routes, redirects) may have none.
      expect(mod.default, `${file} renders a page without meta`).toBeUndefined();
      return;
    }
    const meta = mod.meta(args);
    const title = (meta.find((m) => "title" in m) as { title: string } | undefined)?.title;
    expect(title, "title").toMatch(/FB/);
    expect(find(meta, "description")?.content, "description").toBeTruthy();
    const canonical = meta.find((m) => (m as { rel?: string }).rel === "canonical") as
      { href: string } | undefined;
    expect(canonical?.href, "canonical").toMatch(/^https:\/\/fb\.test\//);
    expect(canonical?.href, "canonical has no query").not.toContain("?");
    for (const key of [
      "og:site_name",
      "og:title",
      "og:description",
      "og:url",
      "og:image",
      "og:image:alt",
      "twitter:card",
      "twitter:title",
      "twitter:image",
      "twitter:image:alt",
    ]) {
      expect(find(meta, key)?.content, key).toBeTruthy();
    }
    expect(find(meta, "og:title")?.content, "og:title without the site name").not.toMatch(
      / \| FB$/,
    );
  });
});
