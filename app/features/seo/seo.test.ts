import { describe, expect, it } from "vitest";
import { escapeXml, robotsTxt } from "./feeds.server";
import type { MetaDescriptor } from "react-router";
import { articleJsonLd, pageMeta, websiteJsonLd } from "./meta";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON-LD is free-form
type Json = any;
const ldOf = (m: MetaDescriptor): Json => (m as Record<string, unknown>)["script:ld+json"];

describe("pageMeta", () => {
  it("gives title, description, canonical, Open Graph and Twitter tags", () => {
    const meta = pageMeta({
      title: "T",
      description: "D",
      path: "/post/a",
      siteName: "FB",
      siteUrl: "https://fb.test",
      image: "/uploads/a.webp",
      type: "article",
    });
    expect(meta).toContainEqual({ title: "T" });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://fb.test/post/a",
    });
    expect(meta).toContainEqual({
      property: "og:image",
      content: "https://fb.test/uploads/a.webp",
    });
    expect(meta).toContainEqual({ property: "og:type", content: "article" });
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });

  it("declares the image's size only when it is known", () => {
    const sizeOf = (image: string | null) => {
      const meta = pageMeta({
        title: "T",
        path: "/",
        siteName: "FB",
        siteUrl: "https://fb.test",
        image,
      });
      const find = (p: string) =>
        (
          meta.find((m) => (m as { property?: string }).property === p) as
            { content: string } | undefined
        )?.content;
      return [find("og:image:width"), find("og:image:height")];
    };
    expect(sizeOf(null)).toEqual(["1200", "630"]); // the default image
    expect(sizeOf("/uploads/posts/a.1600x900.webp")).toEqual(["1600", "900"]);
    expect(sizeOf("https://cdn.example.com/a.jpg")).toEqual([undefined, undefined]);
    expect(sizeOf("https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg")).toEqual([
      undefined,
      undefined,
    ]);
  });
});

describe("JSON-LD", () => {
  it("describes an article with the spec's image and logo sizes", () => {
    const ld = ldOf(
      articleJsonLd({
        schemaType: "NewsArticle",
        headline: "H",
        description: "D",
        articleBody: "B",
        image: null,
        path: "/post/h",
        authorName: "Asha",
        authorPath: "/user/asha",
        publishedAt: "2026-01-01T00:00:00Z",
        updatedAt: "2026-01-02T00:00:00Z",
        siteName: "FB",
        siteUrl: "https://fb.test",
      }),
    );
    expect(ld["@type"]).toBe("NewsArticle");
    expect(ld.image).toMatchObject({ width: 1200, height: 630 });
    expect(ld.author).toMatchObject({ "@type": "Person", name: "Asha" });
    expect(ld.publisher.logo).toMatchObject({ width: 600, height: 60 });
    const site = ldOf(websiteJsonLd("FB", "https://fb.test"));
    expect(site.potentialAction.target.urlTemplate).toBe(
      "https://fb.test/search?q={search_term_string}",
    );
  });
});

describe("feeds", () => {
  it("escapes XML and points robots at the sitemap", () => {
    expect(escapeXml(`<a href="x">&'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;",
    );
    expect(robotsTxt("https://fb.test")).toContain("Sitemap: https://fb.test/sitemap.xml");
  });
});
