/**
 * /podcast.xml: the Podcast category as a podcast (feeds.server.ts
 * re-exports it).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { DEFAULT_SITE_TIME_ZONE, rfc822Date } from "~/lib/format";
import type { Database } from "#server/db/client";
import { posts, profiles, siteSettings } from "#server/db/schema";
import { listCategories } from "~/features/categories/categories.server";
import { scopeCondition } from "~/features/posts/posts.server";
import { sanitizePostHtml } from "~/features/posts/sanitize.server";
import { postVisual } from "~/lib/video";
import { PODCAST_CATEGORY_SLUG } from "./feeds";
import { abs, absoluteHtml, cdata, escapeXml } from "./feed-xml";
import type { Site } from "./feeds.server";

/** Episodes in the podcast feed: podcast apps read the whole back catalogue from it. */
export const PODCAST_EPISODES = 300;
/** Apple's artwork must be square, 1400 to 3000 px; the site's square icon when none is set. */
const DEFAULT_PODCAST_IMAGE = "/podcast-artwork-1400.png";

/** The category's episodes whose audio could be read, newest first. */
function episodeRows(db: Database, categoryId: string) {
  return db
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
        scopeCondition({ kind: "category", id: categoryId }),
        sql`${posts.featuredAudioUrl} IS NOT NULL AND ${posts.audioBytes} IS NOT NULL AND ${posts.audioMimeType} IS NOT NULL`,
      ),
    )
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(PODCAST_EPISODES);
}

type Episode = Awaited<ReturnType<typeof episodeRows>>[number];

/** One episode's <item>: its enclosure, duration, image and body. */
function episodeXml(row: Episode, site: Site, explicit: string) {
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
}

/**
 * The Podcast category as a podcast (docs/decisions/0111), valid for Apple Podcasts
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
  const rows = await episodeRows(db, category.id);
  const owner = settings?.ownerName?.trim() || site.name;
  const email = settings?.ownerEmail?.trim() || `hello@${new URL(site.url).hostname}`;
  const artwork = abs(settings?.image || DEFAULT_PODCAST_IMAGE, site.url);
  const explicit = settings?.explicit ? "true" : "false";
  const showUrl = abs(`/categories/${category.slug}`, site.url);
  const description =
    category.description || `Conversations with founders and mentors from ${site.name}.`;
  const items = rows.map((row) => episodeXml(row, site, explicit)).join("\n");
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
