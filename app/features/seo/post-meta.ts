import type { MetaDescriptor } from "react-router";
import type { PostView } from "~/features/posts/types";
import { eventJsonLd } from "./event-meta";
import { mediaMeta } from "./media-meta";
import { articleJsonLd, breadcrumbsJsonLd, pageMeta } from "./meta";

/**
 * A post page's head (docs/product/reading.md#search-engines-and-link-previews): title and description, Open Graph and
 * Twitter tags from og_title, og_description and og_image, else the title,
 * the excerpt (or the text's first 160 characters) and the featured image
 * (on a video post too; else the video's still); article tags; JSON-LD as
 * the category's schema type with a 500-character articleBody; the media's
 * and an event's (docs/decisions/0113, docs/decisions/0115); breadcrumbs.
 */
export function postMeta(
  view: Pick<PostView, "post" | "description" | "bodyExcerpt" | "shareImage" | "event">,
  site: { siteName: string; siteUrl: string },
): MetaDescriptor[] {
  const { post, description, bodyExcerpt, shareImage, event } = view;
  const { siteName, siteUrl } = site;
  const path = `/post/${post.slug}`;
  return [
    ...pageMeta({
      title: `${post.ogTitle || post.title} | ${siteName}`,
      // The previews: the post's own title; og:site_name carries the site's.
      socialTitle: post.ogTitle || post.title,
      imageAlt: post.title,
      description: post.ogDescription || description,
      path,
      siteName,
      siteUrl,
      image: shareImage,
      type: "article",
    }),
    { property: "article:published_time", content: new Date(post.publishedAt).toISOString() },
    { property: "article:modified_time", content: new Date(post.updatedAt).toISOString() },
    { property: "article:section", content: post.category.name },
    ...post.tags.map((tag) => ({ property: "article:tag", content: tag.name })),
    articleJsonLd({
      schemaType: post.category.schemaType,
      headline: post.title,
      description,
      articleBody: bodyExcerpt,
      image: shareImage,
      path,
      authorName: post.author.name,
      authorPath: `/user/${post.author.username}`,
      publishedAt: post.publishedAt,
      updatedAt: post.updatedAt,
      siteName,
      siteUrl,
    }),
    ...mediaMeta(post, { description, siteName, siteUrl }),
    ...(event
      ? [eventJsonLd(event, post, { description, image: shareImage, siteName, siteUrl })]
      : []),
    breadcrumbsJsonLd(
      [
        { name: "Home", path: "/" },
        { name: post.category.name, path: `/categories/${post.category.slug}` },
        { name: post.title, path },
      ],
      siteUrl,
    ),
  ];
}
