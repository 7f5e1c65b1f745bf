/**
 * Favourites (docs/product/community.md#favourites /favorites: toggled on and off per member and
 * post). Approved members only; saved posts listed newest saved first.
 */
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { onceForKey } from "#server/db/idempotency";
import { favorites } from "#server/db/schema";
import { can, type Actor } from "~/features/accounts/permissions";
import { findCommentablePost } from "~/features/comments/comments.server";
import { queryCardsByIds, type PostCard } from "~/features/posts/posts.server";

export type FavoriteResult =
  { ok: true; saved: boolean } | { ok: false; status: 400 | 403 | 404; error: string };

/**
 * Saves or removes; `save` says which (absent: toggle). With an idempotency
 * key, a retry answers what the first did and changes nothing, so a retried
 * toggle never flips back (docs/decisions/0095).
 */
export async function toggleFavorite(
  db: Database,
  actor: Actor,
  postId: string,
  save?: boolean,
  options: { idempotencyKey?: string } = {},
): Promise<FavoriteResult> {
  if (!can(actor, "favorite.toggle")) {
    return { ok: false, status: 403, error: "You do not have permission to do that." };
  }
  const post = await findCommentablePost(db, postId);
  if (!post) return { ok: false, status: 404, error: "Post not found" };
  const pair = and(eq(favorites.userId, actor.id), eq(favorites.postId, post.id));
  const once = await db.transaction((tx) =>
    onceForKey<FavoriteResult>(
      tx as unknown as Database,
      actor.id,
      options.idempotencyKey,
      `favorite:${post.id}:${save ?? "toggle"}`,
      async () => {
        if (save === false) {
          await tx.delete(favorites).where(pair);
          return { ok: true, saved: false };
        }
        const inserted = await tx
          .insert(favorites)
          .values({ userId: actor.id, postId: post.id })
          .onConflictDoNothing()
          .returning({ id: favorites.id });
        if (inserted.length === 0 && save === undefined) {
          await tx.delete(favorites).where(pair);
          return { ok: true, saved: false };
        }
        return { ok: true, saved: true };
      },
    ),
  );
  return "mismatch" in once ? { ok: false, status: 400, error: "Invalid request" } : once.result;
}

export async function isSaved(db: Database, userId: string, postId: string) {
  const [row] = await db
    .select({ id: favorites.id })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.postId, postId)));
  return Boolean(row);
}

export type SavedPost = { post: PostCard; savedAt: Date };

/** The member's saved posts that are still published, newest saved first. */
export async function listFavorites(db: Database, userId: string): Promise<SavedPost[]> {
  const rows = await db
    .select({ postId: favorites.postId, savedAt: favorites.createdAt })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt))
    .limit(200);
  const cards = await queryCardsByIds(
    db,
    rows.map((r) => r.postId),
  );
  const byId = new Map(cards.map((c) => [c.id, c]));
  return rows.flatMap((r) => {
    const post = byId.get(r.postId);
    return post ? [{ post, savedAt: r.savedAt }] : [];
  });
}
