/**
 * /sitemap.xml, /robots.txt, and the feeds (docs/decisions/0111): RSS 2.0 with the
 * full sanitised body (content:encoded) and JSON Feed 1.1, for the site, a
 * category, a tag and an author.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { DEFAULT_SITE_TIME_ZONE, isoInZone, rfc822Date } from "~/lib/format";
import type { Database } from "#server/db/client";
import { categories as categoriesTable, posts, profiles, tags } from "#server/db/schema";
import { listCategories } from "~/features/categories/categories.server";
import { tagPath } from "~/features/posts/archive";
import {
  isPubliclyVisible,
  scopeCondition,
  type ArchiveScope,
} from "~/features/posts/posts.server";
import { sanitizePostHtml } from "~/features/posts/sanitize.server";
import { postVisual } from "~/lib/video";
import { abs, absoluteHtml, cdata, escapeXml } from "./feed-xml";

export { absoluteHtml, escapeXml } from "./feed-xml";
export { robotsTxt, sitemapXml } from "./sitemap.server";
export { PODCAST_EPISODES, podcastXml } from "./podcast.server";

export const RSS_LIMIT = 20;
/** The site; `timeZone` (Site Settings, default Europe/London): the feeds' dates are on its clock. */
export type Site = { name: string; url: string; timeZone?: string };

/** Whose posts a feed carries. */
export type FeedSource =
  | { kind: "site" }
  | { kind: "category"; slug: string }
  | { kind: "tag"; slug: string }
  | { kind: "author"; username: string };

export type FeedItem = {
  id: string;
  url: string;
  title: string;
  summary: string | null;
  /** The body, sanitised, with every address absolute, the featured image first. */
  contentHtml: string;
  image: string | null;
  publishedAt: Date;
  updatedAt: Date;
  author: { name: string; url: string };
  category: string;
};

export type Feed = {
  title: string;
  description: string;
  /** The page the feed follows, and the feeds' own addresses (absolute). */
  homePage: string;
  rssUrl: string;
  jsonUrl: string;
  items: FeedItem[];
  /** What the feed lists, for the page cache (decision 0104): list:all, category:ID, tag:ID, author:ID. */
  cacheKeys: string[];
  /** The site's time zone: dates carry its offset (decision 0144). */
  timeZone: string;
};

const SITE_DESCRIPTION =
  "Mentor-led guidance for founders building products between the UK and India.";

/** Resolves the source to its scope and names; undefined when there is no such category, tag or author. */
async function describeSource(db: Database, source: FeedSource, site: Site) {
  if (source.kind === "site") {
    return {
      scope: { kind: "all" } as ArchiveScope,
      title: site.name,
      description: SITE_DESCRIPTION,
      path: "/",
      feedPath: "",
    };
  }
  if (source.kind === "category") {
    const category = (await listCategories(db)).find((c) => c.slug === source.slug);
    if (!category) return undefined;
    return {
      scope: { kind: "category", id: category.id } as ArchiveScope,
      title: `${category.name} | ${site.name}`,
      description: category.description || SITE_DESCRIPTION,
      path: `/categories/${category.slug}`,
      feedPath: `/categories/${category.slug}`,
    };
  }
  if (source.kind === "tag") {
    const [tag] = await db
      .select({ id: tags.id, name: tags.name, slug: tags.slug })
      .from(tags)
      .where(eq(tags.slug, source.slug))
      .limit(1);
    if (!tag) return undefined;
    return {
      scope: { kind: "tag", id: tag.id } as ArchiveScope,
      title: `#${tag.name} | ${site.name}`,
      description: `Posts tagged ${tag.name} on ${site.name}.`,
      path: tagPath(tag.slug),
      feedPath: tagPath(tag.slug),
    };
  }
  if (!/^[A-Za-z0-9_]{1,100}$/.test(source.username)) return undefined;
  const [person] = await db
    .select({
      id: profiles.id,
      username: profiles.username,
      name: sql<string>`coalesce(nullif(${profiles.fullName}, ''), ${profiles.username})`,
      status: profiles.status,
    })
    .from(profiles)
    .where(sql`lower(${profiles.username}) = ${source.username.toLowerCase()}`)
    .limit(1);
  // Blocked members have no public page, and no feed.
  if (!person || person.status === "blocked") return undefined;
  return {
    scope: { kind: "author", id: person.id } as ArchiveScope,
    title: `${person.name} | ${site.name}`,
    description: `Posts by ${person.name} on ${site.name}.`,
    path: `/user/${person.username}`,
    feedPath: `/user/${person.username}`,
  };
}

/** The latest 20 visible posts of the source, with their full bodies; undefined when there is no such source. */
export async function loadFeed(
  db: Database,
  source: FeedSource,
  site: Site,
): Promise<Feed | undefined> {
  const described = await describeSource(db, source, site);
  if (!described) return undefined;
  const ids = await db
    .select({ id: posts.id })
    .from(posts)
    .where(scopeCondition(described.scope))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(RSS_LIMIT);
  const rows = ids.length
    ? await db
        .select({
          id: posts.id,
          slug: posts.slug,
          title: posts.title,
          excerpt: posts.excerpt,
          content: posts.content,
          featuredImageUrl: posts.featuredImageUrl,
          featuredVideoUrl: posts.featuredVideoUrl,
          videoThumbnailUrl: posts.videoThumbnailUrl,
          publishedAt: posts.publishedAt,
          updatedAt: posts.updatedAt,
          authorUsername: profiles.username,
          authorName: sql<string>`coalesce(nullif(${profiles.fullName}, ''), ${profiles.username})`,
          categoryName: categoriesTable.name,
        })
        .from(posts)
        .innerJoin(profiles, eq(profiles.id, posts.authorId))
        .innerJoin(categoriesTable, eq(categoriesTable.id, posts.categoryId))
        .where(
          and(
            isPubliclyVisible,
            inArray(
              posts.id,
              ids.map((r) => r.id),
            ),
          ),
        )
        .orderBy(desc(posts.publishedAt), desc(posts.id))
    : [];
  const items = rows.map((row): FeedItem => {
    const url = abs(`/post/${row.slug}`, site.url);
    const visual = postVisual(row).imageUrl;
    const image = visual ? abs(visual, site.url) : null;
    const body = sanitizePostHtml(row.content, { utmSource: site.name, siteOrigin: site.url });
    const lead = image
      ? `<p><img src="${escapeXml(image)}" alt="${escapeXml(row.title)}"></p>`
      : "";
    return {
      id: url,
      url,
      title: row.title,
      summary: row.excerpt,
      contentHtml: absoluteHtml(lead + body, site.url),
      image,
      publishedAt: new Date(row.publishedAt!),
      updatedAt: new Date(row.updatedAt),
      author: { name: row.authorName, url: abs(`/user/${row.authorUsername}`, site.url) },
      category: row.categoryName,
    };
  });
  return {
    title: described.title,
    description: described.description,
    homePage: abs(described.path, site.url),
    rssUrl: abs(`${described.feedPath}/rss.xml`, site.url),
    jsonUrl: abs(`${described.feedPath}/feed.json`, site.url),
    items,
    cacheKeys: [
      described.scope.kind === "all" ? "list:all" : `${described.scope.kind}:${described.scope.id}`,
    ],
    timeZone: site.timeZone ?? DEFAULT_SITE_TIME_ZONE,
  };
}

/** Image types by extension, for media:content. */
function imageType(url: string) {
  const ext = /\.(png|jpe?g|gif|webp|avif)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  if (!ext) return null;
  return ext === "jpg" ? "image/jpeg" : `image/${ext}`;
}

/** RSS 2.0 with content:encoded (the full body) and media:content (the image). */
export function rssXml(feed: Feed): string {
  const itemXml = feed.items
    .map((item) => {
      const type = item.image ? imageType(item.image) : null;
      return [
        "    <item>",
        `      <title>${escapeXml(item.title)}</title>`,
        `      <link>${escapeXml(item.url)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(item.id)}</guid>`,
        `      <pubDate>${rfc822Date(item.publishedAt, feed.timeZone)}</pubDate>`,
        `      <dc:creator>${escapeXml(item.author.name)}</dc:creator>`,
        `      <category>${escapeXml(item.category)}</category>`,
        item.summary ? `      <description>${escapeXml(item.summary)}</description>` : "",
        `      <content:encoded>${cdata(item.contentHtml)}</content:encoded>`,
        item.image
          ? `      <media:content url="${escapeXml(item.image)}" medium="image"${type ? ` type="${type}"` : ""}/>`
          : "",
        "    </item>",
      ]
        .filter(Boolean)
        .join("\n");
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/">
  <channel>
    <title>${escapeXml(feed.title)}</title>
    <link>${escapeXml(feed.homePage)}</link>
    <description>${escapeXml(feed.description)}</description>
    <language>en-gb</language>
    <atom:link href="${escapeXml(feed.rssUrl)}" rel="self" type="application/rss+xml"/>
${itemXml}
  </channel>
</rss>
`;
}

export type JsonFeedItem = {
  id: string;
  url: string;
  title: string;
  content_html?: string;
  content_text?: string;
  summary?: string;
  image?: string;
  date_published: string;
  date_modified: string;
  authors: { name: string; url: string }[];
  tags: string[];
};

/** JSON Feed 1.1 (https://jsonfeed.org/version/1.1). */
export function jsonFeed(feed: Feed): {
  version: string;
  title: string;
  home_page_url: string;
  feed_url: string;
  description: string;
  language: string;
  items: JsonFeedItem[];
} {
  return {
    version: "https://jsonfeed.org/version/1.1",
    title: feed.title,
    home_page_url: feed.homePage,
    feed_url: feed.jsonUrl,
    description: feed.description,
    language: "en-GB",
    items: feed.items.map((item) => ({
      id: item.id,
      url: item.url,
      title: item.title,
      ...(item.contentHtml
        ? { content_html: item.contentHtml }
        : { content_text: item.summary || item.title }),
      ...(item.summary ? { summary: item.summary } : {}),
      ...(item.image ? { image: item.image } : {}),
      date_published: isoInZone(item.publishedAt, feed.timeZone),
      date_modified: isoInZone(item.updatedAt, feed.timeZone),
      authors: [{ name: item.author.name, url: item.author.url }],
      tags: [item.category],
    })),
  };
}
