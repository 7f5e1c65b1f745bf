/**
 * What search engines and link previews learn about a post's media (docs/decisions/0113): a VideoObject for a featured video (name, description, thumbnail,
 * upload date, and its file as contentUrl or its player as embedUrl), an
 * AudioObject for a playable audio file (a PodcastEpisode carrying it in the
 * Podcast category), and og:video / og:audio where the media can be played.
 */
import type { MetaDescriptor } from "react-router";
import type { PostDetail } from "~/features/posts/types";
import {
  directVideoMime,
  isDirectVideoUrl,
  parseVideoUrl,
  postVisual,
  videoEmbedUrl,
} from "~/lib/video";
import { PODCAST_CATEGORY_SLUG } from "./feeds";
import { absoluteUrl, DEFAULT_SHARE_IMAGE } from "./meta";

type MediaPost = Pick<
  PostDetail,
  | "title"
  | "slug"
  | "featuredImageUrl"
  | "featuredVideoUrl"
  | "videoThumbnailUrl"
  | "featuredAudioUrl"
  | "audioType"
  | "audioMimeType"
  | "audioBytes"
  | "audioDurationSeconds"
  | "publishedAt"
> & { category: { slug: string; name: string } };

const AUDIO_MIME = { mp3: "audio/mpeg", mp4: "audio/mp4", wav: "audio/wav" } as const;

/** Seconds as an ISO 8601 duration (PT1H2M3S). */
export function isoDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s || (!h && !m) ? `${s}S` : ""}`;
}

/** The featured video: a YouTube/Vimeo player, or a file the browser plays. */
function videoOf(post: MediaPost) {
  const link = parseVideoUrl(post.featuredVideoUrl) ?? parseVideoUrl(post.featuredImageUrl);
  if (link) return { embedUrl: videoEmbedUrl(link), type: "text/html" };
  if (isDirectVideoUrl(post.featuredVideoUrl)) {
    return { contentUrl: post.featuredVideoUrl!, type: directVideoMime(post.featuredVideoUrl!) };
  }
  return null;
}

export function mediaMeta(
  post: MediaPost,
  options: { description: string; siteName: string; siteUrl: string },
): MetaDescriptor[] {
  const { description, siteName, siteUrl } = options;
  const abs = (path: string) => absoluteUrl(path, siteUrl);
  const pageUrl = abs(`/post/${post.slug}`);
  const uploadDate = new Date(post.publishedAt).toISOString();
  const out: MetaDescriptor[] = [];

  const video = videoOf(post);
  if (video) {
    const still = postVisual(post).imageUrl ?? DEFAULT_SHARE_IMAGE.path;
    const url = abs(video.embedUrl ?? video.contentUrl);
    out.push(
      { property: "og:video", content: url },
      ...(url.startsWith("https:") ? [{ property: "og:video:secure_url", content: url }] : []),
      { property: "og:video:type", content: video.type },
      {
        "script:ld+json": {
          "@context": "https://schema.org",
          "@type": "VideoObject",
          name: post.title,
          description,
          thumbnailUrl: [abs(still)],
          uploadDate,
          ...(video.embedUrl ? { embedUrl: url } : { contentUrl: url }),
          url: pageUrl,
        },
      },
    );
  }

  const audioType = post.audioType;
  if (post.featuredAudioUrl && audioType && audioType !== "embed") {
    const url = abs(post.featuredAudioUrl);
    const type = post.audioMimeType ?? AUDIO_MIME[audioType];
    const audio = {
      "@type": "AudioObject",
      name: post.title,
      description,
      contentUrl: url,
      encodingFormat: type,
      uploadDate,
      ...(post.audioDurationSeconds ? { duration: isoDuration(post.audioDurationSeconds) } : {}),
      ...(post.audioBytes ? { contentSize: `${post.audioBytes} B` } : {}),
    };
    out.push(
      { property: "og:audio", content: url },
      ...(url.startsWith("https:") ? [{ property: "og:audio:secure_url", content: url }] : []),
      { property: "og:audio:type", content: type },
    );
    out.push({
      "script:ld+json":
        post.category.slug === PODCAST_CATEGORY_SLUG
          ? {
              "@context": "https://schema.org",
              "@type": "PodcastEpisode",
              name: post.title,
              description,
              url: pageUrl,
              datePublished: uploadDate,
              ...(post.audioDurationSeconds
                ? { timeRequired: isoDuration(post.audioDurationSeconds) }
                : {}),
              associatedMedia: audio,
              partOfSeries: {
                "@type": "PodcastSeries",
                name: `${post.category.name} | ${siteName}`,
                url: abs(`/categories/${post.category.slug}`),
                webFeed: abs("/podcast.xml"),
              },
            }
          : { "@context": "https://schema.org", ...audio },
    });
  }
  return out;
}
