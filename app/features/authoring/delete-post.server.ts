/**
 * Deleting a post, and the authors a post may be given (the admins' form).
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { emitWebhookEvent } from "#server/webhooks/emit";
import type { Database } from "#server/db/client";
import { posts, profiles } from "#server/db/schema";
import { can, effectiveRole, type Actor } from "~/features/accounts/permissions";
import { recordAdminAction } from "~/features/audit/audit.server";

/**
 * Deletes a post: its author (mentor) or any admin. An admin's delete is
 * recorded in the audit trail in the same transaction, wherever it was
 * asked for (the dashboard or My Posts).
 */
export async function deletePost(
  db: Database,
  actor: Actor | null | undefined,
  postId: string,
): Promise<{ ok: true } | { ok: false; status: 403 | 404; error: string }> {
  if (!can(actor, "post.write")) return { ok: false, status: 403, error: "Failed to delete post" };
  const [post] = await db
    .select({ authorId: posts.authorId })
    .from(posts)
    .where(eq(posts.id, postId));
  if (!post) return { ok: false, status: 404, error: "Failed to delete post" };
  if (!can(actor, "post.write", { kind: "post", authorId: post.authorId })) {
    return { ok: false, status: 403, error: "Failed to delete post" };
  }
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(posts)
      .where(eq(posts.id, postId))
      .returning({ title: posts.title, slug: posts.slug, status: posts.status });
    if (gone?.status === "published") {
      await emitWebhookEvent(tx, "post.deleted", {
        post: { id: postId, slug: gone.slug, title: gone.title },
      });
    }
    if (gone && effectiveRole(actor) === "admin") {
      await recordAdminAction(tx, actor!, {
        action: "post.delete",
        targetType: "post",
        targetId: postId,
        targetLabel: gone.title,
        details: { slug: gone.slug },
      });
    }
  });
  return { ok: true };
}

/** Mentors and admins who may be chosen as an author (admins' form). */
export function authorChoices(db: Database) {
  return db
    .select({ id: profiles.id, username: profiles.username, fullName: profiles.fullName })
    .from(profiles)
    .where(and(inArray(profiles.role, ["mentor", "admin"]), ne(profiles.status, "blocked")))
    .orderBy(sql`lower(coalesce(${profiles.fullName}, ${profiles.username}))`);
}
