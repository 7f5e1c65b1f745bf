import { and, desc, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { categories, posts, profiles } from "#server/db/schema";

/** Conditions for a post visitors may see: published, and its publication time reached. */
export const isPubliclyVisible = and(
  eq(posts.status, "published"),
  isNotNull(posts.publishedAt),
  lte(posts.publishedAt, sql`now()`),
);

export type PostSummary = {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  publishedAt: Date | null;
  authorName: string;
  categoryName: string;
  categorySlug: string;
};

/** Newest published posts with author and category. */
export async function latestPublishedPosts(db: Database, limit: number): Promise<PostSummary[]> {
  return db
    .select({
      id: posts.id,
      title: posts.title,
      slug: posts.slug,
      excerpt: posts.excerpt,
      publishedAt: posts.publishedAt,
      authorName: sql<string>`coalesce(${profiles.fullName}, ${profiles.username})`,
      categoryName: categories.name,
      categorySlug: categories.slug,
    })
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.authorId))
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .where(isPubliclyVisible)
    .orderBy(desc(posts.publishedAt))
    .limit(limit);
}
