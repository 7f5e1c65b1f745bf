import type { MetaDescriptor } from "react-router";
import { parseSizedImage } from "#server/storage/image-variants";
import { DEFAULT_SHARE_IMAGE, metaDescription } from "~/lib/share-card";

export type RootData = { siteName?: string; siteUrl?: string } | undefined;

/** The root loader's site name and address, from a route's meta `matches`. */
export function siteOf(matches: readonly unknown[]): { siteName: string; siteUrl: string } {
  const root = (matches[0] as { loaderData?: RootData } | undefined)?.loaderData;
  return {
    siteName: root?.siteName ?? "FounderBridge",
    siteUrl: root?.siteUrl ?? "http://localhost:3000",
  };
}

// The previews' defaults and fallbacks live with the writing page's card (docs/product/authoring.md#studio).
export { DEFAULT_DESCRIPTION, DEFAULT_SHARE_IMAGE } from "~/lib/share-card";

export function absoluteUrl(pathOrUrl: string, siteUrl: string) {
  return new URL(pathOrUrl, siteUrl).toString();
}

/** A page's title without the " | {site name}" it ends with (og:site_name carries the name). */
export function withoutSiteName(title: string, siteName: string) {
  const suffix = ` | ${siteName}`;
  return title.endsWith(suffix) ? title.slice(0, -suffix.length) : title;
}

/**
 * The size of a page's share image when it is known: the default image's, or
 * an uploaded image's (its address carries its size, variants.ts). Null for
 * any other image (a YouTube or Vimeo still, an image elsewhere), whose size
 * is not declared rather than guessed.
 */
export function shareImageSize(image: string | null | undefined) {
  if (!image) return { width: DEFAULT_SHARE_IMAGE.width, height: DEFAULT_SHARE_IMAGE.height };
  const sized = parseSizedImage(image);
  return sized ? { width: sized.width, height: sized.height } : null;
}

/**
 * Title, description, canonical URL, Open Graph and Twitter card tags for a
 * page (docs/product/reading.md#search-engines-and-link-previews: social meta defaults are set for pages). The previews'
 * title is the page's own, without the site name (`og:site_name` says it);
 * their image always has alt text: `imageAlt`, else the previews' title for
 * a page's own image, else the default image's.
 */
export function pageMeta(options: {
  title: string;
  /** The previews' title; default: `title` without " | {site name}". */
  socialTitle?: string;
  description?: string | null;
  path: string;
  siteName: string;
  siteUrl: string;
  image?: string | null;
  imageAlt?: string | null;
  type?: "website" | "article" | "profile";
  noindex?: boolean;
  extra?: MetaDescriptor[];
}): MetaDescriptor[] {
  const description = metaDescription(options.description);
  const url = absoluteUrl(options.path, options.siteUrl);
  const image = absoluteUrl(options.image || DEFAULT_SHARE_IMAGE.path, options.siteUrl);
  const size = shareImageSize(options.image);
  const socialTitle = options.socialTitle ?? withoutSiteName(options.title, options.siteName);
  const imageAlt = options.image ? options.imageAlt || socialTitle : DEFAULT_SHARE_IMAGE.alt;
  return [
    { title: options.title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: options.siteName },
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:title", content: socialTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    ...(size
      ? [
          { property: "og:image:width", content: String(size.width) },
          { property: "og:image:height", content: String(size.height) },
        ]
      : []),
    { property: "og:image:alt", content: imageAlt },
    { property: "og:locale", content: "en_GB" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: socialTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
    ...(options.noindex ? [{ name: "robots", content: "noindex, follow" }] : []),
    ...(options.extra ?? []),
  ];
}

/**
 * The social meta defaults for a page with nothing of its own to show in a
 * preview (an account page, the 404 page, /health, the admin pages): its
 * title with the site name, the site's description and image, canonical at
 * its own path (no query).
 */
export function defaultPageMeta(
  args: { matches: readonly unknown[]; location: { pathname: string } },
  title: string,
  options: { description?: string | null; noindex?: boolean; extra?: MetaDescriptor[] } = {},
): MetaDescriptor[] {
  const { siteName, siteUrl } = siteOf(args.matches);
  return pageMeta({
    title: `${title} | ${siteName}`,
    description: options.description,
    path: args.location.pathname,
    siteName,
    siteUrl,
    extra: [
      // Not for search engines at all (an error page, an account's own page).
      ...(options.noindex ? [{ name: "robots", content: "noindex" }] : []),
      ...(options.extra ?? []),
    ],
  });
}

/** JSON-LD for the site: WebSite with a SearchAction, and the Organization. */
export function websiteJsonLd(siteName: string, siteUrl: string): MetaDescriptor {
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: siteName,
      url: absoluteUrl("/", siteUrl),
      potentialAction: {
        "@type": "SearchAction",
        target: {
          "@type": "EntryPoint",
          urlTemplate: `${absoluteUrl("/search", siteUrl)}?q={search_term_string}`,
        },
        "query-input": "required name=search_term_string",
      },
      publisher: organization(siteName, siteUrl),
    },
  };
}

export function organization(siteName: string, siteUrl: string) {
  return {
    "@type": "Organization",
    name: siteName,
    url: absoluteUrl("/", siteUrl),
    logo: {
      "@type": "ImageObject",
      url: absoluteUrl("/logo-600x60.png", siteUrl),
      width: 600,
      height: 60,
    },
  };
}

export function breadcrumbsJsonLd(
  items: { name: string; path: string }[],
  siteUrl: string,
): MetaDescriptor {
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: items.map((item, index) => ({
        "@type": "ListItem",
        position: index + 1,
        name: item.name,
        item: absoluteUrl(item.path, siteUrl),
      })),
    },
  };
}

/** A post as its category's schema type (NewsArticle, BlogPosting or Article). */
export function articleJsonLd(options: {
  schemaType: "NewsArticle" | "BlogPosting" | "Article";
  headline: string;
  description: string;
  articleBody: string;
  image: string | null;
  path: string;
  authorName: string;
  authorPath: string;
  publishedAt: Date | string;
  updatedAt: Date | string;
  siteName: string;
  siteUrl: string;
}): MetaDescriptor {
  const url = absoluteUrl(options.path, options.siteUrl);
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": options.schemaType,
      headline: options.headline.slice(0, 110),
      description: options.description,
      articleBody: options.articleBody,
      image: {
        "@type": "ImageObject",
        url: absoluteUrl(options.image || DEFAULT_SHARE_IMAGE.path, options.siteUrl),
        ...shareImageSize(options.image),
      },
      author: {
        "@type": "Person",
        name: options.authorName,
        url: absoluteUrl(options.authorPath, options.siteUrl),
      },
      publisher: organization(options.siteName, options.siteUrl),
      datePublished: new Date(options.publishedAt).toISOString(),
      dateModified: new Date(options.updatedAt).toISOString(),
      mainEntityOfPage: { "@type": "WebPage", "@id": url },
      url,
    },
  };
}
