/** YouTube and Vimeo links: their ids, thumbnails and embed addresses. */

const YOUTUBE =
  /^(?:https?:)?\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/)|youtu\.be\/)([\w-]{11})/i;
const VIMEO = /^(?:https?:)?\/\/(?:www\.|player\.)?vimeo\.com\/(?:video\/)?(\d+)/i;

export type VideoLink = { provider: "youtube" | "vimeo"; id: string };

/**
 * A video file the browser plays itself (<video>): an https address or a
 * path on this site ending in .mp4, .m4v or .webm. Plain http is not one:
 * the CSP (media-src 'self' https:) would block it.
 */
const VIDEO_FILE = /^(?:https:\/\/[^/?#\s]+|\/(?![/\\]))[^?#\s]*\.(mp4|m4v|webm)(?:[?#]\S*)?$/i;

export function isDirectVideoUrl(url: string | null | undefined): boolean {
  return Boolean(url && VIDEO_FILE.test(url.trim()));
}

/** The MIME type of a video file address (isDirectVideoUrl), for <source type>. */
export function directVideoMime(url: string): string {
  const ext = VIDEO_FILE.exec(url.trim())?.[1]?.toLowerCase();
  return ext === "webm" ? "video/webm" : "video/mp4";
}

export function parseVideoUrl(url: string | null | undefined): VideoLink | null {
  if (!url) return null;
  const yt = YOUTUBE.exec(url.trim());
  if (yt) return { provider: "youtube", id: yt[1]! };
  const vimeo = VIMEO.exec(url.trim());
  if (vimeo) return { provider: "vimeo", id: vimeo[1]! };
  return null;
}

/**
 * A still for the video: YouTube's follows from the id; Vimeo's is the one
 * resolved when the post was saved (posts.video_thumbnail_url), if any.
 */
export function videoThumbnail(video: VideoLink, stored?: string | null): string | null {
  if (video.provider === "youtube") return `https://i.ytimg.com/vi/${video.id}/hqdefault.jpg`;
  return stored || null;
}

export function videoEmbedUrl(video: VideoLink): string {
  return video.provider === "youtube"
    ? `https://www.youtube-nocookie.com/embed/${video.id}`
    : `https://player.vimeo.com/video/${video.id}`;
}

/**
 * The image a card shows for a post, and whether it stands for a video
 * (spec: a featured_image_url may be a video link whose thumbnail is used).
 */
export function postVisual(post: {
  featuredImageUrl: string | null;
  featuredVideoUrl: string | null;
  /** A Vimeo link's still, resolved at save time. */
  videoThumbnailUrl?: string | null;
}): { imageUrl: string | null; isVideo: boolean } {
  const stored = post.videoThumbnailUrl;
  const imageAsVideo = parseVideoUrl(post.featuredImageUrl);
  if (imageAsVideo) return { imageUrl: videoThumbnail(imageAsVideo, stored), isVideo: true };
  const video = parseVideoUrl(post.featuredVideoUrl);
  const hasVideo = Boolean(video) || isDirectVideoUrl(post.featuredVideoUrl);
  if (post.featuredImageUrl) return { imageUrl: post.featuredImageUrl, isVideo: hasVideo };
  if (video) return { imageUrl: videoThumbnail(video, stored), isVideo: true };
  return { imageUrl: null, isVideo: hasVideo };
}
