/**
 * What the Content API reads (docs/operations.md#content-api): published posts whose
 * publication time has come — never drafts, posts awaiting review or
 * scheduled ones — with their category, tags and author's public profile;
 * the categories, the tags and the authors of such posts.
 */
import { and, asc, count, desc, eq, exists, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { categories, posts, postTags, profiles, tags } from "#server/db/schema";
import { isPubliclyVisible } from "~/features/posts/posts.server";
import { MAX_LIMIT } from "./limits";

export { MAX_LIMIT };

const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be a slug");

export const postsQuery = z.object({
  category: slug.optional(),
  tag: slug.optional(),
  author: z
    .string()
    .regex(/^[a-z0-9_]+$/i, "must be a username")
    .optional(),
  page: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be 1 or more")
    .default(1),
  limit: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be 1 or more")
    .max(MAX_LIMIT, `must be ${MAX_LIMIT} or less`)
    .default(15),
});
export type PostsQuery = z.infer<typeof postsQuery>;

export type Pagination = {
  page: number;
  limit: number;
  pages: number;
  total: number;
  next: number | null;
  prev: number | null;
};

const authorColumns = {
  username: profiles.username,
  name: profiles.fullName,
  bio: profiles.bio,
  profileImage: profiles.profilePhotoUrl,
  website: profiles.websiteUrl,
};

const postColumns = {
  id: posts.id,
  title: posts.title,
  slug: posts.slug,
  excerpt: posts.excerpt,
  html: posts.content,
  postType: posts.postType,
  externalUrl: posts.externalUrl,
  featuredImage: posts.featuredImageUrl,
  featured: posts.isFeatured,
  readingTimeMinutes: posts.readingTimeMinutes,
  publishedAt: posts.publishedAt,
  updatedAt: posts.updatedAt,
  categorySlug: categories.slug,
  categoryName: categories.name,
  author: authorColumns,
};

type PostRow = {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  html: string;
  postType: "blog" | "external_link";
  externalUrl: string | null;
  featuredImage: string | null;
  featured: boolean;
  readingTimeMinutes: number;
  publishedAt: Date | null;
  updatedAt: Date;
  categorySlug: string;
  categoryName: string;
  author: {
    username: string;
    name: string | null;
    bio: string | null;
    profileImage: string | null;
    website: string | null;
  };
};

export type ApiPost = ReturnType<typeof toApiPost>;

function toApiPost(
  row: PostRow,
  postTagsOf: Map<string, { slug: string; name: string }[]>,
  siteUrl: string,
) {
  const { categorySlug, categoryName, ...rest } = row;
  return {
    ...rest,
    url: new URL(`/post/${row.slug}`, siteUrl).href,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    category: { slug: categorySlug, name: categoryName },
    tags: postTagsOf.get(row.id) ?? [],
  };
}

async function tagsOf(db: Database, ids: string[]) {
  const map = new Map<string, { slug: string; name: string }[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ postId: postTags.postId, slug: tags.slug, name: tags.name })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(inArray(postTags.postId, ids))
    .orderBy(asc(tags.name));
  for (const { postId, ...tag } of rows) map.set(postId, [...(map.get(postId) ?? []), tag]);
  return map;
}

/** One page of published posts, newest first, with the totals. */
export async function listPosts(db: Database, query: PostsQuery, siteUrl: string) {
  const filters: SQL[] = [isPubliclyVisible!];
  if (query.category) filters.push(eq(categories.slug, query.category));
  if (query.author) filters.push(sql`lower(${profiles.username}) = ${query.author.toLowerCase()}`);
  if (query.tag) {
    filters.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(postTags)
          .innerJoin(tags, eq(tags.id, postTags.tagId))
          .where(and(eq(postTags.postId, posts.id), eq(tags.slug, query.tag))),
      ),
    );
  }
  const where = and(...filters);
  const [{ total }] = (await db
    .select({ total: count() })
    .from(posts)
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .innerJoin(profiles, eq(profiles.id, posts.authorId))
    .where(where)) as [{ total: number }];
  const rows = (await db
    .select(postColumns)
    .from(posts)
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .innerJoin(profiles, eq(profiles.id, posts.authorId))
    .where(where)
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)) as PostRow[];
  const tagMap = await tagsOf(
    db,
    rows.map((r) => r.id),
  );
  const pages = Math.max(1, Math.ceil(total / query.limit));
  const pagination: Pagination = {
    page: query.page,
    limit: query.limit,
    pages,
    total,
    next: query.page < pages ? query.page + 1 : null,
    prev: query.page > 1 ? Math.min(query.page - 1, pages) : null,
  };
  return { posts: rows.map((r) => toApiPost(r, tagMap, siteUrl)), meta: { pagination } };
}

/** One published post by its slug, or null (a draft or a scheduled post is null too). */
export async function postBySlug(db: Database, postSlug: string, siteUrl: string) {
  const [row] = (await db
    .select(postColumns)
    .from(posts)
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .innerJoin(profiles, eq(profiles.id, posts.authorId))
    .where(and(isPubliclyVisible, eq(posts.slug, postSlug)))
    .limit(1)) as PostRow[];
  if (!row) return null;
  return toApiPost(row, await tagsOf(db, [row.id]), siteUrl);
}

const visibleCount = sql<number>`count(${posts.id})::int`;

/** Every category with its count of published posts. */
export async function listCategories(db: Database) {
  const rows = await db
    .select({
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
      postCount: visibleCount,
    })
    .from(categories)
    .leftJoin(posts, and(eq(posts.categoryId, categories.id), isPubliclyVisible))
    .groupBy(categories.id)
    .orderBy(asc(categories.name));
  return { categories: rows };
}

/** The tags carried by at least one published post, with that count. */
export async function listTags(db: Database) {
  const rows = await db
    .select({ slug: tags.slug, name: tags.name, postCount: visibleCount })
    .from(tags)
    .innerJoin(postTags, eq(postTags.tagId, tags.id))
    .innerJoin(posts, and(eq(posts.id, postTags.postId), isPubliclyVisible))
    .groupBy(tags.id)
    .orderBy(asc(tags.name));
  return { tags: rows };
}

/** The public profiles of members with at least one published post (never an e-mail). */
export async function listAuthors(db: Database) {
  const rows = await db
    .select({ ...authorColumns, postCount: visibleCount })
    .from(profiles)
    .innerJoin(posts, and(eq(posts.authorId, profiles.id), isPubliclyVisible))
    .groupBy(profiles.id)
    .orderBy(asc(profiles.username));
  return { authors: rows };
}
