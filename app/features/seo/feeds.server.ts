/** /sitemap.xml, /robots.txt, /rss.xml and /categories/{slug}/rss.xml. */
import { asc, desc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { posts, profiles } from "#server/db/schema";
import { listCategories } from "~/features/categories/categories.server";
import { ABOUT_LINKS } from "~/features/layout/nav-links";
import { isPubliclyVisible, queryPublishedPosts } from "~/features/posts/posts.server";

export const RSS_LIMIT = 20;
/** A sitemap file holds at most 50,000 addresses: posts first, then profiles. */
const SITEMAP_POSTS = 40_000;
const SITEMAP_PROFILES = 9_000;

export function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (c) =>
    c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === "&" ? "&amp;" : c === "'" ? "&apos;" : "&quot;",
  );
}

const abs = (path: string, siteUrl: string) => new URL(path, siteUrl).toString();

export async function sitemapXml(db: Database, siteUrl: string): Promise<string> {
  const [rows, categories, people] = await Promise.all([
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

/** RSS 2.0 of the latest 20 visible posts, of one category when given. */
export async function rssXml(
  db: Database,
  site: { name: string; url: string },
  categorySlug?: string,
): Promise<string | undefined> {
  let category: { id: string; name: string; slug: string; description: string | null } | undefined;
  if (categorySlug) {
    category = (await listCategories(db)).find((c) => c.slug === categorySlug);
    if (!category) return undefined;
  }
  const items = await queryPublishedPosts(db, { categoryId: category?.id, limit: RSS_LIMIT });
  const channelLink = abs(category ? `/categories/${category.slug}` : "/", site.url);
  const selfLink = abs(category ? `/categories/${category.slug}/rss.xml` : "/rss.xml", site.url);
  const title = category ? `${category.name} | ${site.name}` : site.name;
  const description =
    category?.description ??
    "Mentor-led guidance for founders building products between the UK and India.";
  const itemXml = items
    .map((p) => {
      const link = abs(`/post/${p.slug}`, site.url);
      return [
        "    <item>",
        `      <title>${escapeXml(p.title)}</title>`,
        `      <link>${escapeXml(link)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
        `      <pubDate>${new Date(p.publishedAt).toUTCString()}</pubDate>`,
        `      <dc:creator>${escapeXml(p.author.name)}</dc:creator>`,
        `      <category>${escapeXml(p.category.name)}</category>`,
        p.excerpt ? `      <description>${escapeXml(p.excerpt)}</description>` : "",
        "    </item>",
      ]
        .filter(Boolean)
        .join("\n");
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeXml(title)}</title>
    <link>${escapeXml(channelLink)}</link>
    <description>${escapeXml(description)}</description>
    <language>en-gb</language>
    <atom:link href="${escapeXml(selfLink)}" rel="self" type="application/rss+xml"/>
${itemXml}
  </channel>
</rss>
`;
}
