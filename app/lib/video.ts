/** YouTube and Vimeo links: their ids, thumbnails and embed addresses. */

const YOUTUBE =
  /^(?:https?:)?\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/)|youtu\.be\/)([\w-]{11})/i;
const VIMEO = /^(?:https?:)?\/\/(?:www\.|player\.)?vimeo\.com\/(?:video\/)?(\d+)/i;

export type VideoLink = { provider: "youtube" | "vimeo"; id: string };

export function parseVideoUrl(url: string | null | undefined): VideoLink | null {
  if (!url) return null;
  const yt = YOUTUBE.exec(url.trim());
  if (yt) return { provider: "youtube", id: yt[1]! };
  const vimeo = VIMEO.exec(url.trim());
  if (vimeo) return { provider: "vimeo", id: vimeo[1]! };
  return null;
}

/** A still for the video, when the provider has a predictable one (YouTube). */
export function videoThumbnail(video: VideoLink): string | null {
  return video.provider === "youtube" ? `https://i.ytimg.com/vi/${video.id}/hqdefault.jpg` : null;
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
}): { imageUrl: string | null; isVideo: boolean } {
  const imageAsVideo = parseVideoUrl(post.featuredImageUrl);
  if (imageAsVideo) return { imageUrl: videoThumbnail(imageAsVideo), isVideo: true };
  const video = parseVideoUrl(post.featuredVideoUrl);
  if (post.featuredImageUrl) return { imageUrl: post.featuredImageUrl, isVideo: Boolean(video) };
  if (video) return { imageUrl: videoThumbnail(video), isVideo: true };
  return { imageUrl: null, isVideo: Boolean(post.featuredVideoUrl) };
}
