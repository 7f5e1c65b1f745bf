import { CACHE_TTL, createCache } from "#server/cache/cache";
import type { Database } from "#server/db/client";
import { EMBED_HOSTS } from "#server/http/security";
import { getPublicSiteSettings } from "~/features/settings/site-settings.server";
import { parseVideoUrl, postVisual, videoEmbedUrl } from "~/lib/video";
import {
  featuredPosts,
  postBySlug,
  relatedPosts,
  SIDEBAR_FEATURED_LIMIT,
  type PostDetail,
} from "./posts.server";
import { htmlToText, sanitizePostHtml, withUtmSource } from "./sanitize.server";
import type { PostView } from "./types";
import { prepareWidgets } from "./widgets.server";

export type { PostView };

function isEmbeddable(url: string) {
  try {
    return EMBED_HOSTS.includes(new URL(url).origin);
  } catch {
    return false;
  }
}

function audioOf(post: PostDetail): PostView["audio"] {
  const src = post.featuredAudioUrl?.trim();
  if (!src || !post.audioType) return null;
  if (post.audioType === "embed") return isEmbeddable(src) ? { kind: "embed", src } : null;
  if (!/^(https?:\/\/|\/)/i.test(src)) return null;
  const mime = { mp3: "audio/mpeg", mp4: "audio/mp4", wav: "audio/wav" }[post.audioType];
  return { kind: "native", src, mime };
}

function heroOf(post: PostDetail): PostView["hero"] {
  const video = parseVideoUrl(post.featuredVideoUrl);
  if (video) return { kind: "video", embedUrl: videoEmbedUrl(video) };
  const { imageUrl, isVideo } = postVisual(post);
  if (imageUrl) return { kind: "image", imageUrl, isVideo };
  return null;
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
  if (!post) return undefined;
  const [related, featured, settings] = await Promise.all([
    relatedPosts(db, { id: post.id, categoryId: post.category.id }),
    post.sidebarEnabled ? featuredPosts(db, SIDEBAR_FEATURED_LIMIT) : Promise.resolve([]),
    getPublicSiteSettings(db),
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
    description: (post.excerpt?.trim() || text).slice(0, 160),
    bodyExcerpt: text.slice(0, 500),
    hero: heroOf(post),
    audio: audioOf(post),
    externalLink,
    related,
    sidebar: post.sidebarEnabled
      ? {
          featured,
          widgets: prepareWidgets([...post.sidebarWidgets, post.sidebarWidget2]),
          banner: settings.defaultSidebarBanner,
        }
      : null,
  };
}
