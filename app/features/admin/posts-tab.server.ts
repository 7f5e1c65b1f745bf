/**
 * The dashboard's Posts tab (spec 2 §2 Posts tab, §4 post status, §5
 * confirmation texts, §8 admin alerts, §9 50 a page): search by title or
 * author, paginated on the server; toggle featured, reassign the author
 * among admins and mentors, delete. Admins only.
 */
import { and, asc, count, desc, eq, inArray, ne } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { posts, profiles } from "#server/db/schema";
import type { Actor } from "~/features/accounts/permissions";
import { assertCan } from "~/features/accounts/permissions.server";
import { AUTHOR_CHANGE_CONFIRMATION, DELETE_CONFIRMATION } from "~/features/authoring/post-rules";
import { authorChoices, deletePost } from "~/features/authoring/save-post.server";
import { messageOf } from "#server/db/errors";
import { pageOf, searchWhere, shownRange } from "./list-page.server";
import { recordAdminAction } from "~/features/audit/audit.server";

export const POSTS_PAGE_SIZE = 50;

export const POST_MESSAGES = {
  /** The same texts as the post editor's (spec 2 §5). */
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
} as const;

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
};

/** Posts of every status whose title or author (username or name) matches, newest first. */
export async function listAdminPosts(
  db: Database,
  actor: Actor | null | undefined,
  options: { query?: string; page?: number } = {},
): Promise<PostsPage> {
  assertCan(actor, "admin.access");
  const { query, where } = searchWhere(options.query, [
    posts.title,
    profiles.username,
    profiles.fullName,
  ]);
  const [counted] = await db
    .select({ n: count() })
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.authorId))
    .where(where);
  const total = Number(counted!.n);
  const { page, pageCount, offset } = pageOf(total, options.page, POSTS_PAGE_SIZE);
  const rows = await db
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
    .where(where)
    .orderBy(desc(posts.createdAt), asc(posts.id))
    .limit(POSTS_PAGE_SIZE)
    .offset(offset);
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
      await recordAdminAction(tx, actor!, {
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
      await recordAdminAction(tx, actor!, {
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
