/**
 * A post's link previews and structured data from the stored post (docs/product/reading.md#search-engines-and-link-previews): og_title, og_description and og_image, else the title, the excerpt
 * (or the text's first 160 characters) and the featured image; a 500-character
 * articleBody; image sizes only when known.
 */
import type { MetaDescriptor } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { clearAllCaches } from "#server/cache/cache";
import { loadPostView } from "~/features/reader/post-page.server";
import { createPost, createUser, type TestUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { postMeta } from "./post-meta";

const t = testDatabaseForThisFile();
let author: TestUser;
const SITE = { siteName: "FB", siteUrl: "https://fb.test" };

beforeEach(async () => {
  clearAllCaches();
  author = await createUser(t.db, { role: "mentor", fullName: "Asha Rao" });
});

async function metaOf(values: Omit<Parameters<typeof createPost>[1], "authorId">) {
  const post = await createPost(t.db, { authorId: author.id, ...values });
  const view = await loadPostView(t.db, post.slug, { name: SITE.siteName, url: SITE.siteUrl });
  if (!view) throw new Error("post not visible");
  return postMeta(view, SITE);
}

/** A JSON-LD block as the tests read it: its type, and whatever else it holds (free-form). */
type Ld = { "@type"?: string; [key: string]: unknown };
const tag = (meta: MetaDescriptor[], key: string) =>
  meta.find(
    (m) =>
      (m as Record<string, unknown>).property === key ||
      (m as Record<string, unknown>).name === key,
  ) as { content: string } | undefined;
const title = (meta: MetaDescriptor[]) =>
  (meta.find((m) => "title" in m) as { title: string }).title;
/** The page's article block (not its breadcrumbs); an empty block when there is none. */
const article = (meta: MetaDescriptor[]): Ld =>
  meta
    .map((m) => (m as { "script:ld+json"?: Ld })["script:ld+json"])
    .find((ld) => ld && ld["@type"] !== "BreadcrumbList") ?? {};

const BODY = `<p>${"Founders moving between Bengaluru and London should plan their banking first. ".repeat(12)}</p>`;
const TEXT = "Founders moving between Bengaluru and London should plan their banking first. "
  .repeat(12)
  .trim();

describe("a post's link previews", () => {
  it("use og_title, og_description and og_image when they are set", async () => {
    const meta = await metaOf({
      title: "The title",
      excerpt: "The excerpt",
      content: BODY,
      featuredImageUrl: "/uploads/posts/cover.1600x900.webp",
      ogTitle: "The social title",
      ogDescription: "The social description",
      ogImage: "https://cdn.example.com/social.png",
    });
    expect(title(meta)).toBe("The social title | FB");
    // The previews: the post's own title, the site's name in og:site_name (docs/decisions/0092).
    expect(tag(meta, "og:title")?.content).toBe("The social title");
    expect(tag(meta, "twitter:title")?.content).toBe("The social title");
    expect(tag(meta, "og:site_name")?.content).toBe("FB");
    expect(tag(meta, "og:image:alt")?.content).toBe("The title");
    expect(tag(meta, "twitter:image:alt")?.content).toBe("The title");
    expect(tag(meta, "og:description")?.content).toBe("The social description");
    expect(tag(meta, "description")?.content).toBe("The social description");
    expect(tag(meta, "og:image")?.content).toBe("https://cdn.example.com/social.png");
    expect(tag(meta, "twitter:image")?.content).toBe("https://cdn.example.com/social.png");
    // Its size is not known: no width or height is declared for it.
    expect(tag(meta, "og:image:width")).toBeUndefined();
    expect(tag(meta, "og:image:height")).toBeUndefined();
    // The structured data keep the post's own headline and description.
    const ld = article(meta);
    expect(ld.headline).toBe("The title");
    expect(ld.description).toBe("The excerpt");
    expect(ld.image).toEqual({ "@type": "ImageObject", url: "https://cdn.example.com/social.png" });
  });

  it("fall back to the title, the excerpt and the featured image (with its real size)", async () => {
    const meta = await metaOf({
      title: "The title",
      excerpt: "The excerpt",
      content: BODY,
      featuredImageUrl: "/uploads/posts/cover.1600x900.webp",
    });
    expect(title(meta)).toBe("The title | FB");
    expect(tag(meta, "og:title")?.content).toBe("The title");
    expect(tag(meta, "og:description")?.content).toBe("The excerpt");
    expect(tag(meta, "twitter:description")?.content).toBe("The excerpt");
    expect(tag(meta, "og:image")?.content).toBe(
      "https://fb.test/uploads/posts/cover.1600x900.webp",
    );
    expect(tag(meta, "og:image:width")?.content).toBe("1600");
    expect(tag(meta, "og:image:height")?.content).toBe("900");
    expect(article(meta).image).toEqual({
      "@type": "ImageObject",
      url: "https://fb.test/uploads/posts/cover.1600x900.webp",
      width: 1600,
      height: 900,
    });
  });

  it("without an excerpt, describe the post by the first 160 characters of its text", async () => {
    const meta = await metaOf({ title: "No excerpt", content: BODY });
    const expected = TEXT.slice(0, 160);
    expect(expected).toHaveLength(160);
    expect(tag(meta, "description")?.content).toBe(expected);
    expect(tag(meta, "og:description")?.content).toBe(expected);
    expect(article(meta).description).toBe(expected);
  });

  it("give the structured data an articleBody of the text's first 500 characters", async () => {
    const meta = await metaOf({ title: "Long", excerpt: "Short", content: BODY });
    const ld = article(meta);
    expect(TEXT.length).toBeGreaterThan(500);
    expect(ld.articleBody).toBe(TEXT.slice(0, 500));
    expect(ld.articleBody).toHaveLength(500);
    // A short body is given whole.
    const short = article(await metaOf({ title: "Short", content: "<p>Just <b>this</b>.</p>" }));
    expect(short.articleBody).toBe("Just this.");
  });

  it("without any image, use the site's default image, declared at its 1200 × 630", async () => {
    const meta = await metaOf({ title: "Plain", content: BODY });
    expect(tag(meta, "og:image")?.content).toBe("https://fb.test/og-default.png");
    expect(tag(meta, "og:image:width")?.content).toBe("1200");
    expect(tag(meta, "og:image:height")?.content).toBe("630");
    expect(article(meta).image).toMatchObject({ width: 1200, height: 630 });
  });

  it("on a video post use the featured image when there is one, else the video's still", async () => {
    const withImage = await metaOf({
      title: "Video with image",
      featuredVideoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      featuredImageUrl: "/uploads/posts/cover.1200x630.webp",
    });
    expect(tag(withImage, "og:image")?.content).toBe(
      "https://fb.test/uploads/posts/cover.1200x630.webp",
    );
    expect(tag(withImage, "og:image:width")?.content).toBe("1200");

    const youtube = await metaOf({
      title: "YouTube only",
      featuredVideoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    });
    expect(tag(youtube, "og:image")?.content).toBe(
      "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    );
    expect(tag(youtube, "og:image:width")).toBeUndefined();

    const vimeo = await metaOf({
      title: "Vimeo only",
      featuredVideoUrl: "https://vimeo.com/76979871",
      videoThumbnailUrl: "https://i.vimeocdn.com/video/1-d_1280",
    });
    expect(tag(vimeo, "og:image")?.content).toBe("https://i.vimeocdn.com/video/1-d_1280");
    expect(article(vimeo).image).toEqual({
      "@type": "ImageObject",
      url: "https://i.vimeocdn.com/video/1-d_1280",
    });
  });
});
