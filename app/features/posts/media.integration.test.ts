/**
 * The post's media as the reader's pages show them (docs/product/reading.md#post-page): the audio
 * player for each audio_type, the video hero (YouTube or Vimeo player, or a
 * video file played natively), a Vimeo link's still resolved at save time
 * and used by the hero, the cards and the link previews; and what the post
 * form refuses so that the page never has a source the CSP would block.
 */
import { eq } from "drizzle-orm";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { clearAllCaches } from "#server/cache/cache";
import { CookieJar } from "#tests/support/http-app";
import { categories, posts } from "#server/db/schema";
import { contentSecurityPolicy } from "#server/http/security";
import type { Actor } from "~/features/accounts/permissions";
import { MEDIA_MESSAGES } from "~/features/authoring/post-form.server";
import { savePost } from "~/features/authoring/save-post.server";
import {
  fetchVimeoThumbnail,
  type ThumbnailResolver,
} from "~/features/authoring/video-thumbnail.server";
import { createPost, createUser } from "#tests/support/factories";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";
import { at } from "#tests/support/json";

const site = siteOverHttpForThisFile();
const STILL = "https://i.vimeocdn.com/video/452001751-8216e0e9b6b4-d_1280";
const VIMEO = "https://vimeo.com/76979871";

let mentor: Actor;
let podcast: string;

beforeEach(async () => {
  clearAllCaches();
  const u = await createUser(site.testDb.db, { role: "mentor" });
  mentor = { id: u.id, role: "mentor", status: "approved" };
  const [row] = await site.testDb.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, "podcast"));
  podcast = row!.id;
});

async function page(path: string) {
  const res = await site.get(new CookieJar(), path);
  expect(res.status).toBe(200);
  return site.text(res);
}

/** The post's <article> only (not the sidebar's or the header's markup). */
function articleOf(html: string, slug: string) {
  const start = html.indexOf(`data-post-slug="${slug}"`);
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</article>", start));
}

function metaContent(html: string, property: string) {
  const tag = html.match(new RegExp(`<meta property="${property}" content="([^"]*)"`));
  return tag?.[1];
}

async function publish(
  fields: Record<string, string>,
  resolver = vi.fn<ThumbnailResolver>(() => Promise.resolve(STILL)),
) {
  const result = await savePost(
    site.testDb.db,
    mentor,
    { intent: "publish", title: "Media post", category_id: podcast, ...fields },
    // The audio's facts are read by audio-facts.integration.test.ts; here nothing is fetched.
    { videoThumbnail: resolver, audioProbe: () => Promise.resolve(null) },
  );
  return { result, resolver };
}

async function storedThumbnail(id: string) {
  const [row] = await site.testDb.db
    .select({ url: posts.videoThumbnailUrl })
    .from(posts)
    .where(eq(posts.id, id));
  return row!.url;
}

describe("the audio player", () => {
  it.each([
    ["mp3", "https://media.example.com/ep1.mp3", "audio/mpeg"],
    ["mp4", "https://media.example.com/ep1.m4a", "audio/mp4"],
    ["wav", "/uploads/audio/ep1.wav", "audio/wav"],
  ] as const)("plays %s natively with its type", async (type, src, mime) => {
    const { result } = await publish({ featured_audio_url: src, audio_type: type });
    if (!result.ok) throw new Error(result.error);
    const html = articleOf(await page(`/post/${result.post.slug}`), result.post.slug);
    expect(html).toMatch(/<audio controls="" preload="none"[^>]*aria-label="Listen: Media post"/);
    expect(html).toContain(`<source src="${src}" type="${mime}"/>`);
    expect(html).toContain(`<a href="${src}">Download the audio</a>`);
    expect(html).not.toContain("<iframe");
  });

  it("embeds a player from an allowed host as an iframe", async () => {
    const src = "https://open.spotify.com/embed/episode/7makk4oTQel546B0PZlDM5";
    const { result } = await publish({ featured_audio_url: src, audio_type: "embed" });
    if (!result.ok) throw new Error(result.error);
    const html = articleOf(await page(`/post/${result.post.slug}`), result.post.slug);
    expect(html).toContain(`<iframe src="${src}" title="Audio: Media post"`);
    expect(html).not.toContain("<audio");
    // The page's CSP lets that frame load.
    expect(contentSecurityPolicy("n", false)).toContain("https://open.spotify.com");
  });

  it("the form refuses http audio (the CSP's media-src is 'self' https:), embeds from other hosts, and a missing type", async () => {
    const http = await publish({
      featured_audio_url: "http://media.example.com/ep1.mp3",
      audio_type: "mp3",
    });
    expect(http.result).toMatchObject({
      ok: false,
      status: 400,
      error: `Error: ${MEDIA_MESSAGES.audioHttps}`,
      fieldErrors: { featured_audio_url: MEDIA_MESSAGES.audioHttps },
    });
    const foreign = await publish({
      featured_audio_url: "https://evil.example/player",
      audio_type: "embed",
    });
    expect(foreign.result).toMatchObject({
      ok: false,
      fieldErrors: { featured_audio_url: MEDIA_MESSAGES.audioEmbedHost },
    });
    const untyped = await publish({ featured_audio_url: "https://media.example.com/ep1.mp3" });
    expect(untyped.result).toMatchObject({
      ok: false,
      fieldErrors: { audio_type: MEDIA_MESSAGES.audioType },
    });
    // Autosave keeps the draft as typed (Save and Publish check).
    const autosave = await savePost(site.testDb.db, mentor, {
      intent: "autosave",
      title: "Half-typed",
      featured_audio_url: "http://media.example.com/ep1.mp3",
      featured_video_url: "https://example.com/some-page",
    });
    expect(autosave.ok).toBe(true);
    // An https file and an allowed embed are accepted.
    expect(
      (await publish({ featured_audio_url: "https://media.example.com/a.mp3", audio_type: "mp3" }))
        .result.ok,
    ).toBe(true);
  });

  it("rows saved before those rules show no player rather than a blocked one", async () => {
    const old = await createPost(site.testDb.db, {
      authorId: mentor.id,
      featuredAudioUrl: "http://media.example.com/ep1.mp3",
      audioType: "mp3",
    });
    const foreign = await createPost(site.testDb.db, {
      authorId: mentor.id,
      featuredAudioUrl: "https://evil.example/player",
      audioType: "embed",
    });
    expect(articleOf(await page(`/post/${old.slug}`), old.slug)).not.toContain("<audio");
    expect(articleOf(await page(`/post/${foreign.slug}`), foreign.slug)).not.toContain("<iframe");
  });
});

describe("the video hero", () => {
  it("a YouTube or Vimeo featured video is its player (an allowed frame)", async () => {
    const { result } = await publish({
      featured_video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      featured_image_url: "/uploads/posts/cover.1200x630.webp",
    });
    if (!result.ok) throw new Error(result.error);
    const html = await page(`/post/${result.post.slug}`);
    expect(articleOf(html, result.post.slug)).toContain(
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Video: Media post"',
    );
    // The link previews use the featured image, not the player.
    expect(metaContent(html, "og:image")).toBe(`${site.app.url}/uploads/posts/cover.1200x630.webp`);
  });

  it("a video file plays natively, with the featured image as its poster", async () => {
    const src = "https://media.example.com/talks/demo.mp4";
    const { result } = await publish({
      featured_video_url: src,
      featured_image_url: "/uploads/posts/cover.1200x630.webp",
    });
    if (!result.ok) throw new Error(result.error);
    const html = await page(`/post/${result.post.slug}`);
    const article = articleOf(html, result.post.slug);
    expect(article).toMatch(
      /<video controls="" preload="metadata" poster="\/uploads\/posts\/cover.1200x630.webp"[^>]*aria-label="Video: Media post"/,
    );
    expect(article).toContain(`<source src="${src}" type="video/mp4"/>`);
    expect(metaContent(html, "og:image")).toBe(`${site.app.url}/uploads/posts/cover.1200x630.webp`);
    // Its card carries the play overlay, like a YouTube or Vimeo post's.
    // (the only post of the category).
    expect(await page("/categories/podcast")).toContain('<span class="sr-only">Video</span>');
  });

  it("the form refuses any other video address, with a clear message", async () => {
    for (const url of [
      "https://example.com/some-page",
      "http://media.example.com/demo.mp4",
      "https://media.example.com/demo.avi",
    ]) {
      const { result } = await publish({ featured_video_url: url });
      expect(result, url).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { featured_video_url: MEDIA_MESSAGES.video },
      });
    }
  });
});

describe("a Vimeo link's still", () => {
  it("is resolved at save time and shown by the hero, the cards and the link previews", async () => {
    const { result, resolver } = await publish({ featured_image_url: VIMEO });
    if (!result.ok) throw new Error(result.error);
    expect(resolver).toHaveBeenCalledWith(VIMEO);
    expect(await storedThumbnail(result.post.id)).toBe(STILL);

    const html = await page(`/post/${result.post.slug}`);
    expect(articleOf(html, result.post.slug)).toContain(`src="${STILL}"`);
    expect(metaContent(html, "og:image")).toBe(STILL);
    expect(html).toContain(`<meta name="twitter:image" content="${STILL}"/>`);
    // Its size is not known: not declared.
    expect(metaContent(html, "og:image:width")).toBeUndefined();
    const ld = JSON.parse(
      html.match(
        /<script type="application\/ld\+json">(\{"@context":"https:\/\/schema.org","@type":"(?:BlogPosting|NewsArticle|Article)".*?)<\/script>/,
      )![1]!,
    ) as unknown;
    expect(at(ld, "image")).toEqual({ "@type": "ImageObject", url: STILL });

    const home = await page("/");
    expect(home).toContain(`src="${STILL}"`);
    expect(home).toContain('<span class="sr-only">Video</span>');
  });

  it("is kept while the link is unchanged, asked again for a new one, and its failure does not stop the save", async () => {
    const first = await publish({ featured_video_url: VIMEO });
    if (!first.result.ok) throw new Error(first.result.error);
    const again = vi.fn(() => Promise.resolve("https://i.vimeocdn.com/other"));
    const edit = await savePost(
      site.testDb.db,
      mentor,
      {
        id: first.result.post.id,
        intent: "publish",
        title: "Media post, edited",
        category_id: podcast,
        featured_video_url: VIMEO,
      },
      { videoThumbnail: again },
    );
    expect(edit.ok).toBe(true);
    expect(again).not.toHaveBeenCalled();
    expect(await storedThumbnail(first.result.post.id)).toBe(STILL);

    const failing = vi.fn(() => Promise.resolve(null));
    const moved = await savePost(
      site.testDb.db,
      mentor,
      {
        id: first.result.post.id,
        intent: "publish",
        title: "Media post, edited",
        category_id: podcast,
        featured_video_url: "https://vimeo.com/1234567",
      },
      { videoThumbnail: failing },
    );
    expect(moved.ok).toBe(true);
    expect(failing).toHaveBeenCalledWith("https://vimeo.com/1234567");
    expect(await storedThumbnail(first.result.post.id)).toBeNull();
    // Without a still, the hero is the video's player all the same.
    const slug = moved.ok ? moved.post.slug : "";
    expect(articleOf(await page(`/post/${slug}`), slug)).toContain(
      '<iframe src="https://player.vimeo.com/video/1234567"',
    );
  });

  it("a Vimeo image link without a still shows the player instead of nothing", async () => {
    const { result } = await publish(
      { featured_image_url: VIMEO },
      vi.fn(() => Promise.resolve(null)),
    );
    if (!result.ok) throw new Error(result.error);
    expect(articleOf(await page(`/post/${result.post.slug}`), result.post.slug)).toContain(
      '<iframe src="https://player.vimeo.com/video/76979871"',
    );
  });

  describe("through the real fetcher, from a local stand-in for Vimeo's endpoint", () => {
    let server: http.Server;
    let endpoint: string;
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        const asked = new URL(req.url ?? "/", "http://localhost").searchParams.get("url");
        res.setHeader("Content-Type", "application/json");
        res.end(JSON.stringify(asked === VIMEO ? { thumbnail_url: STILL } : {}));
      });
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/oembed.json`;
    });
    afterAll(() => {
      server.closeAllConnections();
      server.close();
    });

    it("stores the still that the endpoint names", async () => {
      const { result } = await publish(
        { featured_video_url: VIMEO },
        vi.fn((url: string) =>
          fetchVimeoThumbnail(url, { endpoint, fetch: { allowAddresses: ["127.0.0.1"] } }),
        ),
      );
      if (!result.ok) throw new Error(result.error);
      expect(await storedThumbnail(result.post.id)).toBe(STILL);
    });
  });
});
