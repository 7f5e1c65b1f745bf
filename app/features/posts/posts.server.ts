/**
 * The reader's post queries (docs/product/reading.md "posts"). Every query shows only
 * publicly visible posts: status published and published_at reached.
 */
import { and, desc, eq, inArray, lt, notInArray, sql, type SQL } from "drizzle-orm";
import { CACHE_TTL, createCache } from "#server/cache/cache";
import type { Database } from "#server/db/client";
import { categories, posts, postTags, profiles, tags } from "#server/db/schema";
import { isPubliclyVisible } from "./latest-posts.server";
import type { PostCard, PostDetail } from "./types";
import { isUuid } from "~/lib/uuid";

export { isPubliclyVisible };

export type { AuthorSummary, PostCard, PostDetail } from "./types";

export const HOME_POST_LIMIT = 50;
export const HOME_FEATURED_LIMIT = 4;
export const SIDEBAR_FEATURED_LIMIT = 5;
export const RELATED_LIMIT = 5;
export const MOST_VIEWED_DAYS = 30;
export const MOST_VIEWED_LIMIT = 5;

const cardColumns = {
  id: posts.id,
  title: posts.title,
  slug: posts.slug,
  excerpt: posts.excerpt,
  postType: posts.postType,
  featuredImageUrl: posts.featuredImageUrl,
  featuredVideoUrl: posts.featuredVideoUrl,
  videoThumbnailUrl: posts.videoThumbnailUrl,
  publishedAt: posts.publishedAt,
  commentCount: posts.commentCount,
  viewCount: posts.viewCount,
  readingTimeMinutes: posts.readingTimeMinutes,
  isFeatured: posts.isFeatured,
  authorUsername: profiles.username,
  authorName: sql<string>`coalesce(nullif(${profiles.fullName}, ''), ${profiles.username})`,
  authorPhotoUrl: profiles.profilePhotoUrl,
  authorRole: profiles.role,
  categoryId: categories.id,
  categoryName: categories.name,
  categorySlug: categories.slug,
};

type CardRow = Awaited<ReturnType<ReturnType<typeof selectCards>["execute"]>>[number];

function toCard(row: CardRow): PostCard {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    postType: row.postType,
    featuredImageUrl: row.featuredImageUrl,
    featuredVideoUrl: row.featuredVideoUrl,
    videoThumbnailUrl: row.videoThumbnailUrl,
    publishedAt: row.publishedAt!,
    commentCount: row.commentCount,
    viewCount: row.viewCount,
    readingTimeMinutes: row.readingTimeMinutes,
    isFeatured: row.isFeatured,
    author: {
      username: row.authorUsername,
      name: row.authorName,
      photoUrl: row.authorPhotoUrl,
      role: row.authorRole,
    },
    category: { id: row.categoryId, name: row.categoryName, slug: row.categorySlug },
  };
}

function selectCards(db: Database) {
  return db
    .select(cardColumns)
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.authorId))
    .innerJoin(categories, eq(categories.id, posts.categoryId));
}

// ------------------------------------------------------------------ queries

/** Published, newest first by published_at, limit 50, optional category (docs/product/reading.md#categories). */
export async function queryPublishedPosts(
  db: Database,
  options: { categoryId?: string; limit?: number; offset?: number } = {},
): Promise<PostCard[]> {
  const rows = await selectCards(db)
    .where(
      options.categoryId
        ? and(isPubliclyVisible, eq(posts.categoryId, options.categoryId))
        : isPubliclyVisible,
    )
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(options.limit ?? HOME_POST_LIMIT)
    .offset(options.offset ?? 0);
  return rows.map(toCard);
}

/** Whose posts an archive lists: every post, a category's, an author's or a tag's. */
export type ArchiveScope =
  | { kind: "all" }
  | { kind: "category"; id: string }
  | { kind: "author"; id: string }
  | { kind: "tag"; id: string };

/** The visible posts of a scope (an archive's, a feed's). */
export function scopeCondition(scope: ArchiveScope): SQL | undefined {
  switch (scope.kind) {
    case "all":
      return isPubliclyVisible;
    case "category":
      return and(isPubliclyVisible, eq(posts.categoryId, scope.id));
    case "author":
      return and(isPubliclyVisible, eq(posts.authorId, scope.id));
    case "tag":
      return and(
        isPubliclyVisible,
        sql`exists (select 1 from ${postTags} where ${postTags.postId} = ${posts.id} and ${postTags.tagId} = ${scope.id})`,
      );
  }
}

/**
 * `limit` cards of a scope from `offset`, newest first, plus whether more
 * follow (one row more is read instead of counting them all). The ids come
 * first, walked in the order of posts_published_idx,
 * posts_category_published_idx or posts_author_idx (a tag's through
 * post_tags), then the cards of those ids only. Sequential scans are off for
 * the transaction (as search does): a deep page (page 500 reads 10,000 index
 * entries) must not make reading and sorting every post look cheaper to the
 * planner (archive.integration.test.ts EXPLAINs them at 10,000 posts).
 */
export async function queryPostsPage(
  db: Database,
  scope: ArchiveScope,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ posts: PostCard[]; more: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('enable_seqscan', 'off', true)`);
    const ids = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(scopeCondition(scope))
      .orderBy(desc(posts.publishedAt), desc(posts.id))
      .limit(limit + 1)
      .offset(offset);
    const cards = await queryCardsByIds(
      tx,
      ids.slice(0, limit).map((r) => r.id),
    );
    return { posts: cards, more: ids.length > limit };
  });
}

/** Featured and published, newest first (4 on home, 5 in sidebars). */
export async function queryFeaturedPosts(db: Database, limit: number): Promise<PostCard[]> {
  const rows = await selectCards(db)
    .where(and(isPubliclyVisible, eq(posts.isFeatured, true)))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(limit);
  return rows.map(toCard);
}

/** Most viewed of the posts published in the last 30 days (default 5). */
export async function queryMostViewedPosts(
  db: Database,
  limit = MOST_VIEWED_LIMIT,
): Promise<PostCard[]> {
  const rows = await selectCards(db)
    .where(
      and(
        isPubliclyVisible,
        sql`${posts.publishedAt} >= now() - make_interval(days => ${MOST_VIEWED_DAYS})`,
      ),
    )
    .orderBy(desc(posts.viewCount), desc(posts.publishedAt))
    .limit(limit);
  return rows.map(toCard);
}

/** Same category, published, excluding the current one, newest first, 5 (Also Read). */
export async function queryRelatedPosts(
  db: Database,
  post: { id: string; categoryId: string },
  limit = RELATED_LIMIT,
): Promise<PostCard[]> {
  const rows = await selectCards(db)
    .where(
      and(isPubliclyVisible, eq(posts.categoryId, post.categoryId), sql`${posts.id} <> ${post.id}`),
    )
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(limit);
  return rows.map(toCard);
}

/**
 * The next post for infinite scroll: published before `before`, not among
 * `seenIds`, the same category first, then any category (docs/product/reading.md#categories).
 */
export async function queryNextPost(
  db: Database,
  options: { before: Date; categoryId?: string; seenIds: string[] },
): Promise<{ slug: string } | undefined> {
  const seen = options.seenIds.filter(isUuid).slice(0, 200);
  const base = and(
    isPubliclyVisible,
    lt(posts.publishedAt, options.before),
    seen.length ? notInArray(posts.id, seen) : undefined,
  );
  const pick = (where: SQL | undefined) =>
    db
      .select({ slug: posts.slug })
      .from(posts)
      .where(where)
      .orderBy(desc(posts.publishedAt), desc(posts.id))
      .limit(1);
  if (options.categoryId) {
    const [same] = await pick(and(base, eq(posts.categoryId, options.categoryId)));
    if (same) return same;
  }
  const [any] = await pick(base);
  return any;
}

/** One visible post by slug, with author, category and tags; undefined when none. */
export async function queryPostBySlug(db: Database, slug: string): Promise<PostDetail | undefined> {
  return queryPostDetail(db, and(isPubliclyVisible, eq(posts.slug, slug))!);
}

/**
 * Any post by id, whatever its status: the author's preview of a draft
 * (docs/milestones.md#issue-18-the-writing-studio). Never cached, never listed; the caller checks who may see it.
 */
export async function queryAnyPostById(db: Database, id: string): Promise<PostDetail | undefined> {
  return queryPostDetail(db, eq(posts.id, id));
}

async function queryPostDetail(db: Database, where: SQL): Promise<PostDetail | undefined> {
  const [row] = await db
    .select({
      ...cardColumns,
      content: posts.content,
      externalUrl: posts.externalUrl,
      featuredAudioUrl: posts.featuredAudioUrl,
      audioType: posts.audioType,
      audioBytes: posts.audioBytes,
      audioMimeType: posts.audioMimeType,
      audioDurationSeconds: posts.audioDurationSeconds,
      eventStartsAt: posts.eventStartsAt,
      eventEndsAt: posts.eventEndsAt,
      eventTimeZone: posts.eventTimeZone,
      eventVenue: posts.eventVenue,
      eventOnlineUrl: posts.eventOnlineUrl,
      eventBookingUrl: posts.eventBookingUrl,
      captionsUrl: posts.captionsUrl,
      captionsLang: posts.captionsLang,
      captionsLabel: posts.captionsLabel,
      updatedAt: posts.updatedAt,
      sidebarEnabled: posts.sidebarEnabled,
      sidebarWidgets: posts.sidebarWidgets,
      sidebarWidget2: posts.sidebarWidget2,
      ogTitle: posts.ogTitle,
      ogDescription: posts.ogDescription,
      ogImage: posts.ogImage,
      schemaType: categories.schemaType,
      categorySidebarWidget: categories.sidebarWidget,
      categorySidebarWidget2: categories.sidebarWidget2,
    })
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.authorId))
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .where(where)
    .limit(1);
  if (!row) return undefined;
  const postTagRows = await db
    .select({ name: tags.name, slug: tags.slug })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(eq(postTags.postId, row.id))
    .orderBy(tags.name);
  const card = toCard(row);
  return {
    ...card,
    content: row.content,
    externalUrl: row.externalUrl,
    featuredAudioUrl: row.featuredAudioUrl,
    audioType: row.audioType,
    audioBytes: row.audioBytes,
    audioMimeType: row.audioMimeType,
    audioDurationSeconds: row.audioDurationSeconds,
    eventStartsAt: row.eventStartsAt,
    eventEndsAt: row.eventEndsAt,
    eventTimeZone: row.eventTimeZone,
    eventVenue: row.eventVenue,
    eventOnlineUrl: row.eventOnlineUrl,
    eventBookingUrl: row.eventBookingUrl,
    captionsUrl: row.captionsUrl,
    captionsLang: row.captionsLang,
    captionsLabel: row.captionsLabel,
    updatedAt: row.updatedAt,
    sidebarEnabled: row.sidebarEnabled,
    sidebarWidgets: [...(row.sidebarWidgets ?? [])].sort((a, b) => a.order - b.order),
    sidebarWidget2: row.sidebarWidget2,
    ogTitle: row.ogTitle,
    ogDescription: row.ogDescription,
    ogImage: row.ogImage,
    category: {
      ...card.category,
      schemaType: row.schemaType,
      sidebarWidget: row.categorySidebarWidget,
      sidebarWidget2: row.categorySidebarWidget2,
    },
    tags: postTagRows,
  };
}

/** Cards for the given ids, in the given order (search results). */
export async function queryCardsByIds(db: Database, ids: string[]): Promise<PostCard[]> {
  if (ids.length === 0) return [];
  const rows = await selectCards(db).where(and(isPubliclyVisible, inArray(posts.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, toCard(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

// ------------------------------------------------------------------- caches

const listCache = createCache<PostCard[]>({
  name: "posts-list",
  ttl: CACHE_TTL.postList,
  scopes: ["posts", "categories"],
  max: 200,
});
const pageCache = createCache<{ posts: PostCard[]; more: boolean }>({
  name: "posts-page",
  ttl: CACHE_TTL.postList,
  scopes: ["posts", "categories"],
  max: 500,
});
const postCache = createCache<{ post: PostDetail | null }>({
  name: "post",
  ttl: CACHE_TTL.post,
  // "comments": the post page shows its comment count (lists may lag up to their 3 minutes).
  scopes: ["posts", "categories", "comments"],
  max: 2000,
});
const mostViewedCache = createCache<PostCard[]>({
  name: "most-viewed",
  ttl: CACHE_TTL.mostViewed,
  scopes: ["posts", "categories"],
  max: 10,
});

/** The 50 newest, optionally of one category (cached 3 minutes). */
export function publishedPosts(db: Database, categoryId?: string) {
  return listCache.get(`published:${categoryId ?? "all"}`, () =>
    queryPublishedPosts(db, { categoryId }),
  );
}

/** A page of an archive (cached 3 minutes, as the lists are). */
export function postsPage(
  db: Database,
  scope: ArchiveScope,
  range: { offset: number; limit: number },
) {
  const key = `${scope.kind}:${"id" in scope ? scope.id : ""}:${range.offset}:${range.limit}`;
  return pageCache.get(key, () => queryPostsPage(db, scope, range));
}

export function featuredPosts(db: Database, limit: number) {
  return listCache.get(`featured:${limit}`, () => queryFeaturedPosts(db, limit));
}

export function relatedPosts(db: Database, post: { id: string; categoryId: string }) {
  return listCache.get(`related:${post.id}`, () => queryRelatedPosts(db, post));
}

export function mostViewedPosts(db: Database, limit = MOST_VIEWED_LIMIT) {
  return mostViewedCache.get(String(limit), () => queryMostViewedPosts(db, limit));
}

/** One post by slug (cached 5 minutes, misses too). */
export async function postBySlug(db: Database, slug: string): Promise<PostDetail | undefined> {
  const { post } = await postCache.get(slug, async () => ({
    post: (await queryPostBySlug(db, slug)) ?? null,
  }));
  return post ?? undefined;
}
