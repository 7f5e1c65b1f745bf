// One set of fallbacks with the writing page's link card (docs/product/authoring.md#studio).
import { postDescription, shareImageOf } from "~/lib/share-card";
import { CACHE_TTL, createCache } from "#server/cache/cache";
import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { profiles } from "#server/db/schema";
import { EMBED_HOSTS } from "#server/http/security";
import { getPublicSiteSettings } from "~/features/site-settings/public-settings.server";
import {
  directVideoMime,
  isDirectVideoUrl,
  parseVideoUrl,
  postVisual,
  videoEmbedUrl,
} from "~/lib/video";
import {
  featuredPosts,
  postBySlug,
  relatedPosts,
  SIDEBAR_FEATURED_LIMIT,
  type PostDetail,
} from "~/features/posts/posts.server";
import { htmlToText, sanitizePostHtml, withUtmSource } from "~/features/posts/sanitize.server";
import type { PostView } from "~/features/posts/types";
import { CAPTIONS_DEFAULTS } from "~/features/authoring/captions";
import { eventViewOf } from "~/features/events/event-view.server";
import { defaultBannerUnlessShown, prepareWidgets } from "~/features/posts/widgets.server";

export type { PostView };

function isEmbeddable(url: string) {
  try {
    return EMBED_HOSTS.includes(new URL(url).origin);
  } catch {
    return false;
  }
}

export const AUDIO_MIME = { mp3: "audio/mpeg", mp4: "audio/mp4", wav: "audio/wav" } as const;

/** The podcast's own square artwork (the feed's default, app/features/seo/podcast.server.ts). */
const PODCAST_ARTWORK = "/podcast-artwork-1400.png";

/**
 * The audio player (docs/product/README.md#data-model audio_type): mp3, mp4 and wav play natively
 * from an https address or this site's own files (the CSP's media-src is
 * 'self' https:, and the form refuses http://); embed is an iframe from an
 * allow-listed host only. Anything else shows no player.
 */
export function audioOf(
  post: Pick<
    PostDetail,
    "featuredAudioUrl" | "audioType" | "audioDurationSeconds" | "featuredImageUrl"
  > &
    Partial<Pick<PostDetail, "featuredVideoUrl" | "videoThumbnailUrl">>,
): PostView["audio"] {
  const src = post.featuredAudioUrl?.trim();
  if (!src || !post.audioType) return null;
  if (post.audioType === "embed") return isEmbeddable(src) ? { kind: "embed", src } : null;
  if (!/^(https:\/\/|\/(?![/\\]))/i.test(src)) return null;
  const duration = post.audioDurationSeconds;
  return {
    kind: "native",
    src,
    mime: AUDIO_MIME[post.audioType],
    durationSeconds: duration && duration > 0 ? Math.round(duration) : null,
    artwork:
      postVisual({
        featuredImageUrl: post.featuredImageUrl,
        featuredVideoUrl: post.featuredVideoUrl ?? null,
        videoThumbnailUrl: post.videoThumbnailUrl ?? null,
      }).imageUrl ?? PODCAST_ARTWORK,
  };
}

/**
 * The hero: a YouTube or Vimeo featured video as its player; a video file as
 * a native player (the featured image as its poster); else the featured
 * image, or a video link's still. A Vimeo link given as the image whose still
 * could not be resolved shows its player instead.
 */
export function heroOf(
  post: Pick<
    PostDetail,
    | "featuredImageUrl"
    | "featuredVideoUrl"
    | "videoThumbnailUrl"
    | "captionsUrl"
    | "captionsLang"
    | "captionsLabel"
  >,
): PostView["hero"] {
  const video = parseVideoUrl(post.featuredVideoUrl);
  if (video) return { kind: "video", embedUrl: videoEmbedUrl(video) };
  const { imageUrl, isVideo } = postVisual(post);
  if (post.featuredVideoUrl && isDirectVideoUrl(post.featuredVideoUrl)) {
    const src = post.featuredVideoUrl.trim();
    return {
      kind: "file",
      src,
      mime: directVideoMime(src),
      poster: imageUrl,
      captions: captionsOf(post),
    };
  }
  if (imageUrl) return { kind: "image", imageUrl, isVideo };
  const imageAsVideo = parseVideoUrl(post.featuredImageUrl);
  if (imageAsVideo) return { kind: "video", embedUrl: videoEmbedUrl(imageAsVideo) };
  return null;
}

/**
 * A featured video file's captions track (docs/decisions/0113): a WebVTT file on
 * this site's storage (the form accepts nothing else), its language and label.
 */
export function captionsOf(
  post: Pick<PostDetail, "captionsUrl" | "captionsLang" | "captionsLabel">,
): { src: string; lang: string; label: string } | null {
  const src = post.captionsUrl?.trim();
  if (!src) return null;
  return {
    src,
    lang: post.captionsLang || CAPTIONS_DEFAULTS.lang,
    label: post.captionsLabel || CAPTIONS_DEFAULTS.label,
  };
}

const viewCache = createCache<{ view: PostView | null }>({
  name: "post-view",
  ttl: CACHE_TTL.post,
  scopes: ["posts", "categories", "settings", "comments"],
  max: 2000,
});

/** Everything the post page shows for one post (cached 5 minutes), or undefined when missing. */
export async function loadPostView(
  db: Database,
  slug: string,
  site: { name: string; url: string },
): Promise<PostView | undefined> {
  const { view } = await viewCache.get(slug, async () => ({
    view: (await buildPostView(db, slug, site)) ?? null,
  }));
  return view ?? undefined;
}

async function buildPostView(
  db: Database,
  slug: string,
  site: { name: string; url: string },
): Promise<PostView | undefined> {
  const post = await postBySlug(db, slug);
  return post ? viewOfPost(db, post, site) : undefined;
}

/**
 * The page's view of a post, whatever its status: the post page's (through
 * the cache above) and a draft's preview (docs/milestones.md#issue-18-the-writing-studio), so a preview is drawn
 * exactly as the published page will be.
 */
export async function viewOfPost(
  db: Database,
  post: PostDetail,
  site: { name: string; url: string },
): Promise<PostView> {
  const [related, featured, settings, authorBio] = await Promise.all([
    relatedPosts(db, { id: post.id, categoryId: post.category.id }),
    // One more than shown: the post being read is left out of its own sidebar.
    post.sidebarEnabled
      ? featuredPosts(db, SIDEBAR_FEATURED_LIMIT + 1).then((list) =>
          list.filter((p) => p.id !== post.id).slice(0, SIDEBAR_FEATURED_LIMIT),
        )
      : Promise.resolve([]),
    getPublicSiteSettings(db),
    authorBioOf(db, post.author.username),
  ]);
  const { content, ...rest } = post;
  const text = htmlToText(content);
  let externalLink: PostView["externalLink"] = null;
  if (post.postType === "external_link" && post.externalUrl) {
    try {
      const url = new URL(post.externalUrl);
      if (url.protocol === "http:" || url.protocol === "https:") {
        externalLink = {
          href: withUtmSource(url.toString(), site.name, site.url),
          hostname: url.hostname.replace(/^www\./, ""),
        };
      }
    } catch {
      // An invalid address shows no card.
    }
  }
  return {
    post: rest,
    html: sanitizePostHtml(content, { utmSource: site.name, siteOrigin: site.url }),
    description: postDescription(post.excerpt, text),
    bodyExcerpt: text.slice(0, 500),
    hero: heroOf(post),
    shareImage: shareImageOf(post),
    audio: audioOf(post),
    externalLink,
    event: eventViewOf(post, site.url),
    related,
    authorBio,
    sidebar: post.sidebarEnabled ? sidebarOf(post, featured, settings.defaultSidebarBanner) : null,
  };
}

/** The author's bio for the card that ends the article. */
async function authorBioOf(db: Database, username: string): Promise<string | null> {
  const [row] = await db
    .select({ bio: profiles.bio })
    .from(profiles)
    .where(eq(profiles.username, username));
  return row?.bio?.trim() || null;
}

/** The sidebar: featured posts, the post's widgets, the default banner once (docs/decisions/0264). */
function sidebarOf(
  post: PostDetail,
  featured: PostView["related"],
  banner: { imageUrl: string; link: string | null } | null,
): NonNullable<PostView["sidebar"]> {
  const widgets = prepareWidgets([...post.sidebarWidgets, post.sidebarWidget2]);
  return { featured, widgets, banner: defaultBannerUnlessShown(widgets, banner) };
}

/**
 * The page's own post as its document's loader gives it: the body stays
 * readable on the server, which draws it, but is not enumerable, so React
 * Router's hydration data (which serialises own enumerable keys) leaves it
 * out; the browser takes it from the markup (app/features/reader/post-body.tsx,
 * decision 0160). A `.data` request (client navigation) keeps it. A copy: the
 * cached view is shared by every request.
 */
export function bodyInMarkupOnly(view: PostView, dataRequest: boolean): PostView {
  if (dataRequest || !view.html) return view;
  const { html, ...rest } = view;
  const copy: PostView = { ...rest, htmlInMarkup: true };
  Object.defineProperty(copy, "html", { value: html, enumerable: false });
  return copy;
}
