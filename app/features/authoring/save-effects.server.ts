/**
 * The last step of a post save, in its transaction: what follows the write —
 * the followers' notice, the revision, the webhook, the audit trail and the
 * idempotency record.
 */
import { inArray } from "drizzle-orm";
import { emitWebhookEvent } from "#server/webhooks/emit";
import { announceNewPosts } from "~/features/notifications/new-posts.server";
import type { Database } from "#server/db/client";
import type { Services } from "#server/services";
import { recordIdempotentResult } from "#server/db/idempotency";
import { profiles } from "#server/db/schema";
import type { Actor } from "~/features/accounts/permissions";
import { recordAdminAction } from "~/features/audit/audit.server";
import { recordRevision } from "./revisions.server";
import type { SavedPost } from "./save-result.server";
import type { SavePlan } from "./save-validate.server";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Everything a save writes besides the post and its tags. */
export async function recordSaveEffects(
  tx: Transaction,
  actor: Actor,
  plan: SavePlan,
  content: string,
  row: SavedPost,
  keyed: { key: string; digest: string } | undefined,
  jobs: Services["jobs"],
) {
  const { input, existing, now, authorId, isAdmin, isFeatured } = plan;
  // Public now: the author's followers hear of it, once (a scheduled post: the clock tells).
  if (row.status === "published") await announceNewPosts({ db: tx, jobs }, { postId: row.id });
  // A person's save keeps a revision (docs/milestones.md#issue-18-the-writing-studio); an autosave does not.
  if (input.intent !== "autosave") {
    await recordRevision(tx, {
      postId: row.id,
      title: input.title,
      content,
      excerpt: input.excerpt,
      authorId,
      savedBy: actor.id,
      at: now,
    });
  }
  // An edit of a post that was already public (its first publication is post.published).
  if (
    existing?.status === "published" &&
    row.status === "published" &&
    input.intent !== "autosave"
  ) {
    await emitWebhookEvent(tx, "post.updated", {
      post: { id: row.id, slug: row.slug, title: input.title },
    });
  }
  if (isAdmin) {
    await auditAdminSave(tx, actor, {
      postId: row.id,
      title: input.title,
      autosave: input.intent === "autosave",
      authorBefore: existing?.authorId ?? actor.id,
      authorAfter: authorId,
      featuredBefore: existing?.isFeatured ?? false,
      featuredAfter: isFeatured,
    });
  }
  if (keyed) {
    await recordIdempotentResult(tx, actor.id, keyed.key, {
      digest: keyed.digest,
      created: !existing,
      post: row,
    });
  }
}

/**
 * The audit trail for what an admin does in the post editor (the same
 * records as the dashboard's Posts tab): a feature toggle, an author change
 * (a new post written for someone else counts as one, from the admin), and
 * an edit of another author's post. Autosaves of someone else's post are
 * not logged as edits, or every 30 seconds of typing would add a row; a
 * feature or author change is logged whichever save carried it, since the
 * next save no longer sees it as a change.
 */
async function auditAdminSave(
  tx: Database,
  actor: Actor,
  change: {
    postId: string;
    title: string;
    autosave: boolean;
    authorBefore: string;
    authorAfter: string;
    featuredBefore: boolean;
    featuredAfter: boolean;
  },
) {
  const target = {
    targetType: "post",
    targetId: change.postId,
    targetLabel: change.title,
  } as const;
  if (change.featuredBefore !== change.featuredAfter) {
    await recordAdminAction(tx, actor, {
      action: change.featuredAfter ? "post.feature" : "post.unfeature",
      ...target,
    });
  }
  if (change.authorBefore !== change.authorAfter) {
    const names = await tx
      .select({ id: profiles.id, username: profiles.username })
      .from(profiles)
      .where(inArray(profiles.id, [change.authorBefore, change.authorAfter]));
    const who = (id: string) => ({
      id,
      username: names.find((n) => n.id === id)?.username ?? null,
    });
    await recordAdminAction(tx, actor, {
      action: "post.reassign_author",
      ...target,
      details: { from: who(change.authorBefore), to: who(change.authorAfter) },
    });
  }
  if (!change.autosave && change.authorBefore !== actor.id) {
    await recordAdminAction(tx, actor, { action: "post.update", ...target });
  }
}
