/**
 * /sitemap.xml and /robots.txt (feeds.server.ts re-exports them).
 */
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { posts, postTags, profiles, tags } from "#server/db/schema";
import { listCategories } from "~/features/categories/categories.server";
import { ABOUT_LINKS } from "~/features/layout/nav-links";
import { tagPath } from "~/features/posts/archive";
import { isPubliclyVisible } from "~/features/posts/posts.server";
import { abs, escapeXml } from "./feed-xml";

/** A sitemap file holds at most 50,000 addresses: posts first, then profiles. */
const SITEMAP_POSTS = 40_000;
const SITEMAP_PROFILES = 8_000;
const SITEMAP_TAGS = 1_000;

export async function sitemapXml(db: Database, siteUrl: string): Promise<string> {
  const [rows, categories, people, tagRows] = await Promise.all([
    db
      .select({ slug: posts.slug, updatedAt: posts.updatedAt })
      .from(posts)
      .where(isPubliclyVisible)
      .orderBy(desc(posts.publishedAt))
      .limit(SITEMAP_POSTS),
    listCategories(db),
    // Public profiles (docs/product/reading.md): approved members; pending and blocked ones are left out.
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
