/**
 * What a post's link preview shows (og:title, og:description, og:image and
 * the site's address), from the post's fields: one set of fallbacks for the
 * server's meta tags (app/features/seo/post-meta.ts, the post page's
 * shareImage) and the writing page's live card (docs/product/authoring.md#studio). Isomorphic.
 */
import { postVisual } from "./video";

export const DEFAULT_DESCRIPTION =
  "Articles, guides, AMAs, podcasts and startup stories from mentors who build products between the UK and India.";

/** The link previews' image when a page has none: 1200 × 630, as the spec's. */
export const DEFAULT_SHARE_IMAGE = {
  path: "/og-default.png",
  width: 1200,
  height: 630,
  // What the picture shows (public/og-default.png).
  alt: "FounderBridge: Build between the UK and India, with mentors.",
} as const;

/** og_image, else the featured image, else the video's still (docs/product/README.md#data-model, docs/product/reading.md#search-engines-and-link-previews); null: the default. */
export function shareImageOf(post: {
  ogImage: string | null;
  featuredImageUrl: string | null;
  featuredVideoUrl: string | null;
  videoThumbnailUrl?: string | null;
}): string | null {
  return post.ogImage?.trim() || postVisual(post).imageUrl;
}

/** The excerpt, or the text's first 160 characters (docs/product/authoring.md#post-form). */
export function postDescription(excerpt: string | null | undefined, text: string): string {
  return (excerpt?.trim() || text).slice(0, 160);
}

/** A description as the meta tags carry it: the site's own when empty, at most 300 characters. */
export function metaDescription(description: string | null | undefined): string {
  return (description || DEFAULT_DESCRIPTION).slice(0, 300);
}

/**
 * The text of an HTML body for a description, in the browser: block ends
 * become spaces, tags go, the common entities are read, spaces collapse
 * (as the server's htmlToText, without its sanitiser).
 */
export function bodyText(html: string): string {
  return html
    .replace(/<(script|style|textarea|noscript|title)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<\/(p|h[1-6]|li|div|td|th|blockquote|pre|figcaption|tr|dd|dt)>|<br\s*\/?>/gi, "$& ")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

export type ShareCardFields = {
  title: string;
  og_title: string;
  og_description: string;
  og_image: string;
  excerpt: string;
  content: string;
  featured_image_url: string;
  featured_video_url: string;
};

export type ShareCard = { title: string; description: string; image: string; domain: string };

/** The card a link to the post shows, as the post page's meta tags will say it. */
export function shareCard(fields: ShareCardFields, siteUrl: string): ShareCard {
  const description = postDescription(fields.excerpt, bodyText(fields.content));
  const image = shareImageOf({
    ogImage: fields.og_image,
    featuredImageUrl: fields.featured_image_url.trim() || null,
    featuredVideoUrl: fields.featured_video_url.trim() || null,
  });
  return {
    title: fields.og_title || fields.title,
    description: metaDescription(fields.og_description || description),
    image: image || DEFAULT_SHARE_IMAGE.path,
    domain: new URL(siteUrl).host.replace(/^www\./, ""),
  };
}
