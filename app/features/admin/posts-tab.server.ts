/**
 * The dashboard's Posts tab (docs/product/administration.md#posts Posts tab, post status,
 * confirmation texts, admin alerts, 50 a page): search by title or
 * author, filter by status and category, sort by any column, paginated on
 * the server; toggle featured, reassign the author among admins and
 * mentors, delete, and feature, unfeature or delete the selected posts at
 * once. Admins only.
 */
import { emitWebhookEvent } from "#server/webhooks/emit";
import { and, count, eq, gt, inArray, lte, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { categories, posts, profileNameSearchKey, profiles } from "#server/db/schema";
import { unionAll } from "drizzle-orm/pg-core";
import type { Actor } from "~/features/accounts/permissions";
import { assertCan } from "~/features/accounts/permissions.server";
import { AUTHOR_CHANGE_CONFIRMATION, DELETE_CONFIRMATION } from "~/features/authoring/post-rules";
import { authorChoices, deletePost } from "~/features/authoring/save-post.server";
import { messageOf } from "#server/db/errors";
import { orderOf, pageOf, searchWhere, shownRange, type SortDirection } from "./list-page.server";
import { recordAdminAction } from "~/features/audit/audit.server";

export const POSTS_PAGE_SIZE = 50;

export const POST_MESSAGES = {
  /** The same texts as the post editor's (docs/product/administration.md). */
  deleteQuestion: DELETE_CONFIRMATION,
  authorQuestion: AUTHOR_CHANGE_CONFIRMATION,
  deleted: "Post deleted successfully!",
  deleteFailed: "Failed to delete post",
  featured: "Post marked as featured successfully!",
  unfeatured: "Post removed from featured successfully!",
  featureFailed: "Failed to update featured status",
  authorChanged: "Post author changed successfully!",
  authorFailed: (message: string) => `Failed to change author: ${message}`,
  notFound: "Post not found",
  badAuthor: "The new author must be an approved mentor or admin",
  forbidden: "Permission denied: only admins can do this",
  bulkDeleteQuestion: (n: number) =>
    `Are you sure you want to delete ${n === 1 ? "this post" : `these ${n} posts`}? This action cannot be undone.`,
  bulkDeleted: (n: number) => `${n} ${n === 1 ? "post" : "posts"} deleted successfully!`,
  bulkFeatured: (n: number) =>
    `${n} ${n === 1 ? "post" : "posts"} marked as featured successfully!`,
  bulkUnfeatured: (n: number) =>
    `${n} ${n === 1 ? "post" : "posts"} removed from featured successfully!`,
  bulkNone: "Select at least one post",
  bulkTooMany: `Select at most ${50} posts at once`,
} as const;

/** At most one page of posts is acted on at once. */
export const BULK_MAX = 50;

/** The Posts tab's status filter: scheduled is published with a future date (docs/product/administration.md#posts). */
export const POST_FILTER_STATUSES = ["draft", "pending", "scheduled", "published"] as const;
export type PostFilterStatus = (typeof POST_FILTER_STATUSES)[number];

/** The Posts tab's sortable columns (the table's headers) and what each sorts by. */
export const POST_SORTS = ["title", "author", "type", "status", "published", "created"] as const;
export type PostSort = (typeof POST_SORTS)[number];
const POST_ORDER = {
  title: sql`lower(${posts.title})`,
  // The author's username as kept on the post (a trigger, migration admin_author_sort), so
  // that posts_author_sort_idx gives any page without joining and sorting every post.
  author: posts.authorUsername,
  type: posts.postType,
  status: posts.status,
  published: posts.publishedAt,
  created: posts.createdAt,
};

export type AdminPost = {
  id: string;
  title: string;
  slug: string;
  postType: "blog" | "external_link";
  status: "draft" | "pending" | "published";
  isFeatured: boolean;
  publishedAt: Date | null;
  authorId: string;
  authorUsername: string;
  authorName: string;
};

export type PostsPage = {
  posts: AdminPost[];
  total: number;
  page: number;
  pageCount: number;
  from: number;
  to: number;
  query: string;
  sort: PostSort;
  dir: SortDirection;
  status: PostFilterStatus | null;
  /** The category's slug filtered on. */
  category: string | null;
};

function statusWhere(status: PostFilterStatus | null, now: Date) {
  switch (status) {
    case null:
      return undefined;
    case "draft":
    case "pending":
      return eq(posts.status, status);
    case "scheduled":
      return and(eq(posts.status, "published"), gt(posts.publishedAt, now));
    case "published":
      return and(eq(posts.status, "published"), lte(posts.publishedAt, now));
  }
}

/**
 * The title or the author's username or name: the posts whose title matches
 * (its trigram index) and those of the members whose name matches (theirs,
 * then posts_author_idx), so that neither side reads every post.
 */
function postSearch(db: Database, raw: string | undefined) {
  return searchWhere(raw, [
    (pattern) =>
      inArray(
        posts.id,
        unionAll(
          db
            .select({ id: posts.id })
            .from(posts)
            .where(sql`lower(${posts.title}) like ${pattern}`),
          db
            .select({ id: posts.id })
            .from(posts)
            .where(
              inArray(
                posts.authorId,
                db
                  .select({ id: profiles.id })
                  .from(profiles)
                  .where(
                    sql`${profileNameSearchKey(profiles.username, profiles.fullName)} like ${pattern}`,
                  ),
              ),
            ),
        ),
      ),
  ]);
}

/** The page's rows, joined to their authors (only the 50 shown are joined). */
async function pageRows(db: Database, where: SQL | undefined, order: SQL[], offset: number) {
  const shown = inArray(
    posts.id,
    db
      .select({ id: posts.id })
      .from(posts)
      .where(where)
      .orderBy(...order)
      .limit(POSTS_PAGE_SIZE)
      .offset(offset),
  );
  return db
    .select({
      id: posts.id,
      title: posts.title,
      slug: posts.slug,
      postType: posts.postType,
      status: posts.status,
      isFeatured: posts.isFeatured,
      publishedAt: posts.publishedAt,
      authorId: posts.authorId,
      authorUsername: profiles.username,
      authorFullName: profiles.fullName,
    })
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.authorId))
    .where(shown)
    .orderBy(...order)
    .limit(POSTS_PAGE_SIZE);
}

/**
 * Posts of every status whose title or author (username or name) matches,
 * in the status and category asked for, sorted by a column (newest first
 * unless asked), 50 a page.
 */
export async function listAdminPosts(
  db: Database,
  actor: Actor | null | undefined,
  options: {
    query?: string;
    page?: number;
    sort?: PostSort;
    dir?: SortDirection;
    status?: PostFilterStatus | null;
    category?: string | null;
    now?: Date;
  } = {},
): Promise<PostsPage> {
  assertCan(actor, "admin.access");
  const search = postSearch(db, options.query);
  const { query } = search;
  const sort = options.sort ?? "created";
  const dir = options.dir ?? (sort === "created" || sort === "published" ? "desc" : "asc");
  const status = options.status ?? null;
  const category = options.category || null;
  const where = and(
    search.where,
    statusWhere(status, options.now ?? new Date()),
    category
      ? inArray(
          posts.categoryId,
          db.select({ id: categories.id }).from(categories).where(eq(categories.slug, category)),
        )
      : undefined,
  );
  // The count and the page's rows are found on posts alone (its indexes; the search and the
  // author sort need no join), and only the 50 shown are joined to their authors.
  const [counted] = await db.select({ n: count() }).from(posts).where(where);
  const total = Number(counted!.n);
  const { page, pageCount, offset } = pageOf(total, options.page, POSTS_PAGE_SIZE);
  const order = orderOf(POST_ORDER, sort, dir, posts.id, ["published"]);
  const rows = await pageRows(db, where, order, offset);
  return {
    posts: rows.map(({ authorFullName, ...r }) => ({
      ...r,
      authorName: authorFullName?.trim() || r.authorUsername,
    })),
    total,
    page,
    pageCount,
    ...shownRange(total, offset, rows.length),
    query,
    sort,
    dir,
    status,
    category,
  };
}

/** Admins and mentors (not blocked) to choose from. */
export async function adminAuthorChoices(db: Database, actor: Actor | null | undefined) {
  assertCan(actor, "admin.access");
  return authorChoices(db);
}

export async function findAdminPost(db: Database, actor: Actor | null | undefined, id: string) {
  assertCan(actor, "admin.access");
  const [row] = await db
    .select({ id: posts.id, title: posts.title, authorId: posts.authorId })
    .from(posts)
    .where(eq(posts.id, id));
  return row ?? null;
}

export type PostActionResult =
  { ok: true; message: string } | { ok: false; status: 400 | 403 | 404 | 500; error: string };

export async function setFeatured(
  db: Database,
  actor: Actor | null | undefined,
  postId: string,
  featured: boolean,
): Promise<PostActionResult> {
  assertCan(actor, "admin.access");
  try {
    const changed = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(posts)
        .set({ isFeatured: featured })
        .where(eq(posts.id, postId))
        .returning({ id: posts.id, title: posts.title });
      if (!row) return false;
      await recordAdminAction(tx, actor, {
        action: featured ? "post.feature" : "post.unfeature",
        targetType: "post",
        targetId: row.id,
        targetLabel: row.title,
      });
      return true;
    });
    if (!changed) return { ok: false, status: 404, error: POST_MESSAGES.notFound };
    return { ok: true, message: featured ? POST_MESSAGES.featured : POST_MESSAGES.unfeatured };
  } catch {
    return { ok: false, status: 500, error: POST_MESSAGES.featureFailed };
  }
}

/** The new author must be an admin or mentor who is not blocked (one conditional UPDATE). */
export async function changeAuthor(
  db: Database,
  actor: Actor | null | undefined,
  postId: string,
  authorId: string,
): Promise<PostActionResult> {
  assertCan(actor, "admin.access");
  try {
    const [author] = await db
      .select({ id: profiles.id, username: profiles.username })
      .from(profiles)
      .where(
        and(
          eq(profiles.id, authorId),
          inArray(profiles.role, ["mentor", "admin"]),
          ne(profiles.status, "blocked"),
        ),
      );
    if (!author) {
      return { ok: false, status: 400, error: POST_MESSAGES.authorFailed(POST_MESSAGES.badAuthor) };
    }
    const changed = await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ title: posts.title, authorId: posts.authorId, username: profiles.username })
        .from(posts)
        .innerJoin(profiles, eq(profiles.id, posts.authorId))
        .where(eq(posts.id, postId))
        .for("update", { of: posts });
      if (!before) return false;
      await tx.update(posts).set({ authorId }).where(eq(posts.id, postId));
      await recordAdminAction(tx, actor, {
        action: "post.reassign_author",
        targetType: "post",
        targetId: postId,
        targetLabel: before.title,
        details: {
          from: { id: before.authorId, username: before.username },
          to: { id: author.id, username: author.username },
        },
      });
      return true;
    });
    if (!changed) {
      return { ok: false, status: 404, error: POST_MESSAGES.authorFailed(POST_MESSAGES.notFound) };
    }
    return { ok: true, message: POST_MESSAGES.authorChanged };
  } catch (error) {
    return { ok: false, status: 500, error: POST_MESSAGES.authorFailed(messageOf(error)) };
  }
}

export async function adminDeletePost(
  db: Database,
  actor: Actor | null | undefined,
  postId: string,
): Promise<PostActionResult> {
  assertCan(actor, "admin.access");
  try {
    // deletePost records an admin's delete in its own transaction.
    const result = await deletePost(db, actor, postId);
    if (!result.ok) return { ok: false, status: result.status, error: POST_MESSAGES.deleteFailed };
    return { ok: true, message: POST_MESSAGES.deleted };
  } catch {
    return { ok: false, status: 500, error: POST_MESSAGES.deleteFailed };
  }
}

export type BulkResult =
  { ok: true; count: number; message: string } | { ok: false; status: 400 | 500; error: string };

function checkSelection(ids: readonly string[]): BulkResult | null {
  if (ids.length === 0) return { ok: false, status: 400, error: POST_MESSAGES.bulkNone };
  if (ids.length > BULK_MAX) return { ok: false, status: 400, error: POST_MESSAGES.bulkTooMany };
  return null;
}

/**
 * Feature or unfeature the selected posts: one UPDATE, and one audit row per
 * post changed, in one transaction (the posts trigger invalidates each
 * post's cached pages, as for one post). Posts already so are left alone.
 */
export async function bulkSetFeatured(
  db: Database,
  actor: Actor | null | undefined,
  ids: readonly string[],
  featured: boolean,
): Promise<BulkResult> {
  assertCan(actor, "admin.access");
  const refused = checkSelection(ids);
  if (refused) return refused;
  try {
    const changed = await db.transaction(async (tx) => {
      const rows = await tx
        .update(posts)
        .set({ isFeatured: featured })
        .where(and(inArray(posts.id, [...ids]), ne(posts.isFeatured, featured)))
        .returning({ id: posts.id, title: posts.title });
      for (const row of rows) {
        await recordAdminAction(tx, actor, {
          action: featured ? "post.feature" : "post.unfeature",
          targetType: "post",
          targetId: row.id,
          targetLabel: row.title,
          details: { bulk: ids.length },
        });
      }
      return rows.length;
    });
    return {
      ok: true,
      count: changed,
      message: featured
        ? POST_MESSAGES.bulkFeatured(changed)
        : POST_MESSAGES.bulkUnfeatured(changed),
    };
  } catch {
    return { ok: false, status: 500, error: POST_MESSAGES.featureFailed };
  }
}

/** Delete the selected posts: one DELETE and one audit row per post, in one transaction. */
export async function bulkDeletePosts(
  db: Database,
  actor: Actor | null | undefined,
  ids: readonly string[],
): Promise<BulkResult> {
  assertCan(actor, "admin.access");
  const refused = checkSelection(ids);
  if (refused) return refused;
  try {
    const deleted = await db.transaction(async (tx) => {
      const rows = await tx
        .delete(posts)
        .where(inArray(posts.id, [...ids]))
        .returning({ id: posts.id, title: posts.title, slug: posts.slug, status: posts.status });
      for (const row of rows) {
        if (row.status === "published") {
          await emitWebhookEvent(tx, "post.deleted", {
            post: { id: row.id, slug: row.slug, title: row.title },
          });
        }
        await recordAdminAction(tx, actor, {
          action: "post.delete",
          targetType: "post",
          targetId: row.id,
          targetLabel: row.title,
          details: { slug: row.slug, bulk: ids.length },
        });
      }
      return rows.length;
    });
    return { ok: true, count: deleted, message: POST_MESSAGES.bulkDeleted(deleted) };
  } catch {
    return { ok: false, status: 500, error: POST_MESSAGES.deleteFailed };
  }
}
