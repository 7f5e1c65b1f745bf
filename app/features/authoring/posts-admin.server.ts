/**
 * Reading posts for their authors: the edit form (docs/product/administration.md#posts edit page)
 * and My Posts (docs/product/administration.md, docs/product/README.md#roles-and-permissions).
 */
import { asc, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { formText } from "~/lib/form-fields";
import type { Database } from "#server/db/client";
import type { Services } from "#server/services";
import { isUuid } from "~/lib/uuid";
import { deletePost } from "./save-post.server";
import { categories, posts, postTags, profiles, tags } from "#server/db/schema";
import { can, effectiveRole, type Actor } from "~/features/accounts/permissions";
import { EDIT_MESSAGES } from "./post-rules";

/** The delete form on /my-posts: the post's id ("" when absent). */
export const myPostsDeleteForm = z.object({ id: formText });

/**
 * My Posts' Delete (docs/product/administration.md#posts): the author's own post, or any post for an
 * admin; a malformed id is a post not found.
 */
export async function deleteMyPost(
  { db }: Pick<Services, "db">,
  actor: Actor,
  input: z.output<typeof myPostsDeleteForm>,
) {
  if (!isUuid(input.id)) return { ok: false, status: 404, error: "Failed to delete post" } as const;
  return deletePost(db, actor, input.id);
}

export type EditablePost = typeof posts.$inferSelect & { tags: string[] };

export type LoadForEdit =
  { ok: true; post: EditablePost } | { ok: false; status: 403 | 404 | 500; error: string };

/** The post to edit, if the actor may edit it (mentors their own, admins any). */
export async function loadPostForEdit(
  db: Database,
  actor: Actor | null | undefined,
  slug: string,
): Promise<LoadForEdit> {
  try {
    const [post] = await db.select().from(posts).where(eq(posts.slug, slug));
    if (!post) return { ok: false, status: 404, error: EDIT_MESSAGES.notFound };
    if (!can(actor, "post.write", { kind: "post", authorId: post.authorId })) {
      return { ok: false, status: 403, error: EDIT_MESSAGES.forbidden };
    }
    const tagRows = await db
      .select({ name: tags.name })
      .from(postTags)
      .innerJoin(tags, eq(tags.id, postTags.tagId))
      .where(eq(postTags.postId, post.id))
      .orderBy(asc(tags.name));
    return { ok: true, post: { ...post, tags: tagRows.map((t) => t.name) } };
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    return {
      ok: false,
      status: 500,
      error: message ? EDIT_MESSAGES.loading(message) : EDIT_MESSAGES.unexpected,
    };
  }
}

export type MyPost = {
  id: string;
  title: string;
  slug: string;
  status: "draft" | "pending" | "published";
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  category: { name: string; slug: string };
  author: { username: string; name: string };
  /** Published with a publication time still to come. */
  scheduled: boolean;
  /** Counted views and live comments (docs/product/administration.md#analytics: authors see their posts' figures). */
  views: number;
  comments: number;
};

/**
 * Mentors: their own posts of every status, newest first. Admins: every
 * published post, newest first (docs/product/README.md#roles-and-permissions, docs/product/administration.md). Others: nothing.
 */
export async function listMyPosts(
  db: Database,
  actor: Actor | null | undefined,
): Promise<MyPost[]> {
  const role = effectiveRole(actor);
  if (!actor || (role !== "mentor" && role !== "admin")) return [];
  const where = role === "admin" ? eq(posts.status, "published") : eq(posts.authorId, actor.id);
  const rows = await db
    .select({
      id: posts.id,
      title: posts.title,
      slug: posts.slug,
      status: posts.status,
      publishedAt: posts.publishedAt,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
      categoryName: categories.name,
      categorySlug: categories.slug,
      username: profiles.username,
      fullName: profiles.fullName,
      scheduled: sql<boolean>`(${posts.status} = 'published' AND ${posts.publishedAt} > now())`,
      views: posts.viewCount,
      comments: posts.commentCount,
    })
    .from(posts)
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .innerJoin(profiles, eq(profiles.id, posts.authorId))
    .where(where)
    .orderBy(
      role === "admin"
        ? desc(posts.publishedAt)
        : desc(sql`coalesce(${posts.publishedAt}, ${posts.createdAt})`),
      desc(posts.createdAt),
    );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    slug: r.slug,
    status: r.status,
    publishedAt: r.publishedAt,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    category: { name: r.categoryName, slug: r.categorySlug },
    author: { username: r.username, name: r.fullName || r.username },
    scheduled: Boolean(r.scheduled),
    views: r.views,
    comments: r.comments,
  }));
}
