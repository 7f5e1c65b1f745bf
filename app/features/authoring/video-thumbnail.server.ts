/**
 * The still of a Vimeo link, resolved when a post is saved (docs/milestones.md#issue-4-reading: "a
 * YouTube or Vimeo link shows its thumbnail"). A YouTube still's address
 * follows from the video's id (app/lib/video.ts); a Vimeo still's does not:
 * Vimeo's oEmbed endpoint gives it (`thumbnail_url`). It is asked once, at
 * save time, through the metadata endpoint's fetcher (public addresses only,
 * every redirect checked, 4 seconds, 64 KB), and stored in
 * posts.video_thumbnail_url, so that pages never wait for Vimeo. When Vimeo
 * cannot answer, the post is saved all the same, without a still; the next
 * save asks again.
 */
import { parseVideoUrl } from "~/lib/video";
import { fetchChecked, type FetchOptions } from "./metadata.server";

export const VIMEO_OEMBED_ENDPOINT = "https://vimeo.com/api/oembed.json";

/** Resolves a Vimeo link to its still's address, or null. Injected in tests. */
export type ThumbnailResolver = (videoUrl: string) => Promise<string | null>;

type VisualFields = { featuredImageUrl: string | null; featuredVideoUrl: string | null };

/**
 * The Vimeo link whose still the post's cards, hero and link previews use:
 * a Vimeo link given as the featured image, or the featured video when there
 * is no featured image. Null otherwise (YouTube stills need no lookup).
 */
export function vimeoThumbnailSource(post: VisualFields): string | null {
  const image = parseVideoUrl(post.featuredImageUrl);
  if (image) return image.provider === "vimeo" ? post.featuredImageUrl!.trim() : null;
  if (post.featuredImageUrl) return null;
  const video = parseVideoUrl(post.featuredVideoUrl);
  return video?.provider === "vimeo" ? post.featuredVideoUrl!.trim() : null;
}

/** The still's address from an oEmbed answer: an https URL, or null. */
export function parseOembedThumbnail(body: string): string | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const value = (json as { thumbnail_url?: unknown } | null)?.thumbnail_url;
  if (typeof value !== "string" || value.length > 2048) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The oEmbed request for a Vimeo link (a large still: width 1280). */
export function oembedRequestUrl(videoUrl: string, endpoint = VIMEO_OEMBED_ENDPOINT): string {
  const url = new URL(endpoint);
  url.searchParams.set("url", videoUrl);
  url.searchParams.set("width", "1280");
  return url.toString();
}

/**
 * Asks Vimeo's oEmbed endpoint for the link's still. Never throws: any
 * failure (refused address, timeout, not JSON, no still) gives null, and is
 * passed to `onError`.
 */
export async function fetchVimeoThumbnail(
  videoUrl: string,
  options: {
    endpoint?: string;
    /** The fetcher's options (tests allow their local server's address). */
    fetch?: FetchOptions;
    onError?: (error: unknown) => void;
  } = {},
): Promise<string | null> {
  try {
    const { body } = await fetchChecked(oembedRequestUrl(videoUrl, options.endpoint), {
      timeoutMs: 4000,
      maxBytes: 64 * 1024,
      ...options.fetch,
      accept: "application/json",
      contentType: /^application\/(json|[\w.+-]+\+json)\b/i,
    });
    const thumbnail = parseOembedThumbnail(body);
    if (!thumbnail) options.onError?.(new Error("The oEmbed answer has no thumbnail_url"));
    return thumbnail;
  } catch (error) {
    options.onError?.(error);
    return null;
  }
}

/**
 * The still to store for the post as it is being saved: none without a Vimeo
 * link; the stored one while the link is unchanged; else the resolver's
 * answer (not on autosave, which must stay quick: the next Save or Publish
 * asks).
 */
export async function resolveVideoThumbnail(
  next: VisualFields,
  previous: (VisualFields & { videoThumbnailUrl: string | null }) | undefined,
  options: { resolve: ThumbnailResolver; autosave: boolean },
): Promise<string | null> {
  const source = vimeoThumbnailSource(next);
  if (!source) return null;
  if (previous?.videoThumbnailUrl && vimeoThumbnailSource(previous) === source) {
    return previous.videoThumbnailUrl;
  }
  if (options.autosave) return null;
  return options.resolve(source).catch(() => null);
}
