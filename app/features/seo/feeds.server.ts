/**
 * /sitemap.xml, /robots.txt, and the feeds (issue 21 §3): RSS 2.0 with the
 * full sanitised body (content:encoded) and JSON Feed 1.1, for the site, a
 * category, a tag and an author.
 */
import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { DEFAULT_SITE_TIME_ZONE, isoInZone, rfc822Date } from "~/lib/format";
import sanitizeHtml from "sanitize-html";
import type { Database } from "#server/db/client";
import {
  categories as categoriesTable,
  posts,
  postTags,
  profiles,
  siteSettings,
  tags,
} from "#server/db/schema";
import { listCategories } from "~/features/categories/categories.server";
import { ABOUT_LINKS } from "~/features/layout/nav-links";
import { tagPath } from "~/features/posts/archive";
import {
  isPubliclyVisible,
  scopeCondition,
  type ArchiveScope,
} from "~/features/posts/posts.server";
import { ALLOWED_TAGS, sanitizePostHtml } from "~/features/posts/sanitize.server";
import { postVisual } from "~/lib/video";
import { PODCAST_CATEGORY_SLUG } from "./feeds";

export const RSS_LIMIT = 20;
/** A sitemap file holds at most 50,000 addresses: posts first, then profiles. */
const SITEMAP_POSTS = 40_000;
const SITEMAP_PROFILES = 8_000;
const SITEMAP_TAGS = 1_000;

export function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (c) =>
    c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === "&" ? "&amp;" : c === "'" ? "&apos;" : "&quot;",
  );
}

const abs = (path: string, siteUrl: string) => new URL(path, siteUrl).toString();

export async function sitemapXml(db: Database, siteUrl: string): Promise<string> {
  const [rows, categories, people, tagRows] = await Promise.all([
    db
      .select({ slug: posts.slug, updatedAt: posts.updatedAt })
      .from(posts)
      .where(isPubliclyVisible)
      .orderBy(desc(posts.publishedAt))
      .limit(SITEMAP_POSTS),
    listCategories(db),
    // Public profiles (spec 2 §2): approved members; pending and blocked ones are left out.
    db
      .select({ username: profiles.username })
      .from(profiles)
      .where(eq(profiles.status, "approved"))
      .orderBy(asc(profiles.createdAt), asc(profiles.username))
      .limit(SITEMAP_PROFILES),
    // Tags that a visible post carries (a draft's tag has no page), most used first.
    db
      .select({ slug: tags.slug })
      .from(tags)
      .where(
        and(
          gt(tags.usageCount, 0),
          sql`exists (select 1 from ${postTags} join ${posts} on ${posts.id} = ${postTags.postId}
            where ${postTags.tagId} = ${tags.id} and ${isPubliclyVisible})`,
        ),
      )
      .orderBy(desc(tags.usageCount), asc(tags.slug))
      .limit(SITEMAP_TAGS),
  ]);
  const urls: { loc: string; lastmod?: Date }[] = [
    { loc: abs("/", siteUrl) },
    { loc: abs("/categories", siteUrl) },
    ...categories
      .filter((c) => c.postCount > 0)
      .map((c) => ({ loc: abs(`/categories/${c.slug}`, siteUrl) })),
    ...ABOUT_LINKS.map((l) => ({ loc: abs(l.to, siteUrl) })),
    { loc: abs("/cookie-policy", siteUrl) },
    ...rows.map((r) => ({ loc: abs(`/post/${r.slug}`, siteUrl), lastmod: r.updatedAt })),
    ...people.map((p) => ({ loc: abs(`/user/${p.username}`, siteUrl) })),
    ...tagRows.map((t) => ({ loc: abs(tagPath(t.slug), siteUrl) })),
  ];
  const body = urls
    .map(
      (u) =>
        `  <url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${new Date(u.lastmod).toISOString()}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /search",
    "Disallow: /favorites",
    "Disallow: /notifications",
    "Disallow: /my-posts",
    "Disallow: /create-post",
    "Disallow: /edit-post/",
    "Disallow: /edit-profile",
    "",
    `Sitemap: ${abs("/sitemap.xml", siteUrl)}`,
    "",
  ].join("\n");
}

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

/**
 * Makes every address in sanitised HTML absolute (feed readers show the body
 * away from the site) and drops what only the site's own page uses
 * (srcset/sizes of the responsive copies, lazy loading).
 */
export function absoluteHtml(html: string, siteUrl: string): string {
  const absolute = (value: string | undefined) => {
    if (!value || value.startsWith("#")) return value;
    try {
      return new URL(value, `${siteUrl}/`).toString();
    } catch {
      return value;
    }
  };
  return sanitizeHtml(html, {
    // The input is sanitised already: the same tags, every attribute it kept.
    allowedTags: [...ALLOWED_TAGS],
    allowedAttributes: false,
    transformTags: {
      "*": (tagName, attribs) => {
        const next = { ...attribs };
        for (const name of ["href", "src", "cite", "poster"]) {
          if (next[name] !== undefined) next[name] = absolute(next[name])!;
        }
        delete next.srcset;
        delete next.sizes;
        delete next.loading;
        delete next.decoding;
        return { tagName, attribs: next };
      },
    },
  });
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

/** CDATA for content:encoded; "]]>" inside is split across two sections. */
function cdata(value: string) {
  return `<![CDATA[${value.replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
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

/** Episodes in the podcast feed: podcast apps read the whole back catalogue from it. */
export const PODCAST_EPISODES = 300;
/** Apple's artwork must be square, 1400 to 3000 px; the site's square icon when none is set. */
const DEFAULT_PODCAST_IMAGE = "/podcast-artwork-1400.png";

/**
 * The Podcast category as a podcast (issue 21 §3), valid for Apple Podcasts
 * and Spotify: the channel's itunes tags from site settings (artwork,
 * category, owner, explicit flag), and each episode whose audio could be read
 * with an <enclosure> (its byte length and type), itunes:duration and its
 * image. Episodes whose audio is an embed or could not be read are left out:
 * a podcast app can only play a file. Undefined without the category.
 */
export async function podcastXml(
  db: Database,
  site: Site,
): Promise<{ xml: string; cacheKeys: string[] } | undefined> {
  const category = (await listCategories(db)).find((c) => c.slug === PODCAST_CATEGORY_SLUG);
  if (!category) return undefined;
  const [settings] = await db
    .select({
      image: siteSettings.podcastImageUrl,
      category: siteSettings.podcastCategory,
      ownerName: siteSettings.podcastOwnerName,
      ownerEmail: siteSettings.podcastOwnerEmail,
      explicit: siteSettings.podcastExplicit,
    })
    .from(siteSettings)
    .limit(1);
  const rows = await db
    .select({
      slug: posts.slug,
      title: posts.title,
      excerpt: posts.excerpt,
      content: posts.content,
      featuredImageUrl: posts.featuredImageUrl,
      featuredVideoUrl: posts.featuredVideoUrl,
      videoThumbnailUrl: posts.videoThumbnailUrl,
      audioUrl: posts.featuredAudioUrl,
      audioBytes: posts.audioBytes,
      audioMimeType: posts.audioMimeType,
      audioDurationSeconds: posts.audioDurationSeconds,
      publishedAt: posts.publishedAt,
      authorName: sql<string>`coalesce(nullif(${profiles.fullName}, ''), ${profiles.username})`,
    })
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.authorId))
    .where(
      and(
        scopeCondition({ kind: "category", id: category.id }),
        sql`${posts.featuredAudioUrl} IS NOT NULL AND ${posts.audioBytes} IS NOT NULL AND ${posts.audioMimeType} IS NOT NULL`,
      ),
    )
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(PODCAST_EPISODES);
  const owner = settings?.ownerName?.trim() || site.name;
  const email = settings?.ownerEmail?.trim() || `hello@${new URL(site.url).hostname}`;
  const artwork = abs(settings?.image || DEFAULT_PODCAST_IMAGE, site.url);
  const explicit = settings?.explicit ? "true" : "false";
  const showUrl = abs(`/categories/${category.slug}`, site.url);
  const description =
    category.description || `Conversations with founders and mentors from ${site.name}.`;
  const items = rows
    .map((row) => {
      const url = abs(`/post/${row.slug}`, site.url);
      const visual = postVisual(row).imageUrl;
      const image = visual ? abs(visual, site.url) : null;
      const summary = row.excerpt || row.title;
      const body = absoluteHtml(
        sanitizePostHtml(row.content, { utmSource: site.name, siteOrigin: site.url }),
        site.url,
      );
      return [
        "    <item>",
        `      <title>${escapeXml(row.title)}</title>`,
        `      <link>${escapeXml(url)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
        `      <pubDate>${rfc822Date(row.publishedAt!, site.timeZone ?? DEFAULT_SITE_TIME_ZONE)}</pubDate>`,
        `      <description>${escapeXml(summary)}</description>`,
        body ? `      <content:encoded>${cdata(body)}</content:encoded>` : "",
        `      <enclosure url="${escapeXml(abs(row.audioUrl!, site.url))}" length="${row.audioBytes}" type="${escapeXml(row.audioMimeType!)}"/>`,
        row.audioDurationSeconds
          ? `      <itunes:duration>${row.audioDurationSeconds}</itunes:duration>`
          : "",
        image ? `      <itunes:image href="${escapeXml(image)}"/>` : "",
        `      <itunes:author>${escapeXml(row.authorName)}</itunes:author>`,
        `      <itunes:explicit>${explicit}</itunes:explicit>`,
        "      <itunes:episodeType>full</itunes:episodeType>",
        "    </item>",
      ]
        .filter(Boolean)
        .join("\n");
    })
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>${escapeXml(`${category.name} | ${site.name}`)}</title>
    <link>${escapeXml(showUrl)}</link>
    <description>${escapeXml(description)}</description>
    <language>en-gb</language>
    <copyright>${escapeXml(`© ${site.name}`)}</copyright>
    <atom:link href="${escapeXml(abs("/podcast.xml", site.url))}" rel="self" type="application/rss+xml"/>
    <image>
      <url>${escapeXml(artwork)}</url>
      <title>${escapeXml(`${category.name} | ${site.name}`)}</title>
      <link>${escapeXml(showUrl)}</link>
    </image>
    <itunes:image href="${escapeXml(artwork)}"/>
    <itunes:author>${escapeXml(owner)}</itunes:author>
    <itunes:owner>
      <itunes:name>${escapeXml(owner)}</itunes:name>
      <itunes:email>${escapeXml(email)}</itunes:email>
    </itunes:owner>
    <itunes:category text="${escapeXml(settings?.category || "Business")}"/>
    <itunes:explicit>${explicit}</itunes:explicit>
    <itunes:type>episodic</itunes:type>
    <itunes:summary>${escapeXml(description)}</itunes:summary>
${items}
  </channel>
</rss>
`;
  // Settings writes drop every cached page; posts of the category name it.
  return { xml, cacheKeys: [`category:${category.id}`] };
}
