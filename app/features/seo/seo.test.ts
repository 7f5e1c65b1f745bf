import { describe, expect, it } from "vitest";
import { escapeXml, robotsTxt } from "./feeds.server";
import type { MetaDescriptor } from "react-router";
import { articleJsonLd, defaultPageMeta, pageMeta, websiteJsonLd } from "./meta";
import { profileMeta } from "./profile-meta";
import { at } from "#tests/support/json";

/** A JSON-LD block as the tests read it: its type, and whatever else it holds. */
type Ld = { "@type"?: string; [key: string]: unknown };
const ldOf = (m: MetaDescriptor) => (m as { "script:ld+json"?: Ld })["script:ld+json"];

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

  it("gives the previews the title without the site name, and alt text for every image", () => {
    const content = (meta: MetaDescriptor[], key: string) =>
      (
        meta.find(
          (m) =>
            (m as { property?: string }).property === key || (m as { name?: string }).name === key,
        ) as { content: string } | undefined
      )?.content;
    const own = pageMeta({
      title: "Crossing borders | FB",
      path: "/post/a",
      siteName: "FB",
      siteUrl: "https://fb.test",
      image: "/uploads/a.webp",
    });
    expect(own).toContainEqual({ title: "Crossing borders | FB" });
    expect(content(own, "og:title")).toBe("Crossing borders");
    expect(content(own, "twitter:title")).toBe("Crossing borders");
    expect(content(own, "og:site_name")).toBe("FB");
    expect(content(own, "og:image:alt")).toBe("Crossing borders");
    expect(content(own, "twitter:image:alt")).toBe("Crossing borders");
    const named = pageMeta({
      title: "T | FB",
      path: "/",
      siteName: "FB",
      siteUrl: "https://fb.test",
      image: "/uploads/a.webp",
      imageAlt: "A map of the UK",
    });
    expect(content(named, "og:image:alt")).toBe("A map of the UK");
    const fallback = pageMeta({
      title: "T",
      path: "/",
      siteName: "FB",
      siteUrl: "https://fb.test",
    });
    expect(content(fallback, "og:image:alt")).toBe(
      "FounderBridge: Build between the UK and India, with mentors.",
    );
    expect(content(fallback, "twitter:image:alt")).toBe(content(fallback, "og:image:alt"));
  });

  it("defaultPageMeta: the site's name in the title, canonical at the path without its query", () => {
    const meta = defaultPageMeta(
      {
        matches: [{ loaderData: { siteName: "FB", siteUrl: "https://fb.test" } }],
        location: { pathname: "/login" },
      },
      "Sign in",
    );
    expect(meta).toContainEqual({ title: "Sign in | FB" });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://fb.test/login",
    });
    expect(meta).toContainEqual({ property: "og:title", content: "Sign in" });
    expect(meta).toContainEqual({ property: "og:url", content: "https://fb.test/login" });
    expect(meta.some((m) => (m as { name?: string }).name === "description")).toBe(true);
    expect(meta.some((m) => (m as { name?: string }).name === "robots")).toBe(false);
    const hidden = defaultPageMeta(
      { matches: [], location: { pathname: "/health" } },
      "Service health",
      { noindex: true },
    );
    expect(hidden).toContainEqual({ title: "Service health | FounderBridge" });
    expect(hidden).toContainEqual({ name: "robots", content: "noindex" });
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
    expect(ld?.["@type"]).toBe("NewsArticle");
    expect(ld?.image).toMatchObject({ width: 1200, height: 630 });
    expect(ld?.author).toMatchObject({ "@type": "Person", name: "Asha" });
    expect(at(ld, "publisher", "logo")).toMatchObject({ width: 600, height: 60 });
    const site = ldOf(websiteJsonLd("FB", "https://fb.test"));
    expect(at(site, "potentialAction", "target", "urlTemplate")).toBe(
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

describe("profileMeta", () => {
  const page = {
    profile: {
      username: "priya_sharma",
      fullName: "Priya Sharma",
      profilePhotoUrl: "/uploads/profile-images/p/1.webp",
      bio: "Founder of a UK-India logistics start-up.",
      role: "mentor" as const,
      userType: "Mentor",
      linkedinUrl: "https://www.linkedin.com/in/priya",
      websiteUrl: "javascript:alert(1)",
      createdAt: new Date("2026-01-02T03:04:05Z"),
    },
    postCount: 3,
    followerCount: 12,
  };

  it("gives a ProfilePage whose main entity is the Person, and the preview tags", () => {
    const meta = profileMeta(page, { siteName: "FB", siteUrl: "https://fb.test" });
    expect(meta).toContainEqual({ title: "Priya Sharma (@priya_sharma) | FB" });
    expect(meta).toContainEqual({ property: "og:type", content: "profile" });
    expect(meta).toContainEqual({ property: "og:title", content: "Priya Sharma (@priya_sharma)" });
    expect(meta).toContainEqual({
      name: "description",
      content: "Founder of a UK-India logistics start-up.",
    });
    expect(meta).toContainEqual({ property: "og:image:alt", content: "Priya Sharma" });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://fb.test/user/priya_sharma",
    });
    const ld = ldOf(meta.find((m) => ldOf(m))!);
    expect(ld?.["@type"]).toBe("ProfilePage");
    expect(ld?.dateCreated).toBe("2026-01-02T03:04:05.000Z");
    expect(ld?.mainEntity).toMatchObject({
      "@type": "Person",
      name: "Priya Sharma",
      alternateName: "@priya_sharma",
      url: "https://fb.test/user/priya_sharma",
      image: "https://fb.test/uploads/profile-images/p/1.webp",
      jobTitle: "Mentor",
      sameAs: ["https://www.linkedin.com/in/priya"],
    });
  });

  it("describes a member without a bio or photo in a line, with the default image", () => {
    const meta = profileMeta(
      { ...page, profile: { ...page.profile, bio: null, profilePhotoUrl: null, role: "user" } },
      { siteName: "FB", siteUrl: "https://fb.test" },
    );
    expect(meta).toContainEqual({
      name: "description",
      content: "Priya Sharma (@priya_sharma) on FB: 3 published posts.",
    });
    expect(meta).toContainEqual({
      property: "og:image",
      content: "https://fb.test/og-default.png",
    });
    expect(at(ldOf(meta.find((m) => ldOf(m))!), "mainEntity", "image")).toBeUndefined();
  });
});
