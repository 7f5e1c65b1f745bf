/**
 * The audit trail (beyond the spec): every admin action is recorded with
 * who did it, what they did and when. Call recordAdminAction inside the
 * same transaction as the change where there is one, so a rolled-back
 * change leaves no record. The Overview tab lists latestAdminActions().
 */
import { desc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { adminAuditLog, profiles } from "#server/db/schema";
import type { Actor } from "~/features/accounts/permissions";

export const AUDIT_LIST_LIMIT = 20;

/** What admins do, named verb-first so the list reads as a log. */
export type AdminActionName =
  | "user.approve"
  | "user.block"
  | "user.promote"
  | "user.delete"
  | "post.update"
  | "post.delete"
  | "post.reassign_author"
  | "post.feature"
  | "post.unfeature"
  | "category.create"
  | "category.update"
  | "category.delete"
  | "settings.update"
  | "redirect.create"
  | "redirect.update"
  | "redirect.delete"
  | "banned_word.add"
  | "banned_word.remove"
  | "broadcast.send"
  | "users.export"
  | "report.dismiss"
  | "comment.delete"
  | "jobs.retry_failed"
  | "content.export"
  | "content.import"
  | "api_key.create"
  | "api_key.revoke"
  | "webhook.create"
  | "webhook.delete";

export type AdminActionRecord = {
  action: AdminActionName;
  targetType?:
    | "user"
    | "post"
    | "comment"
    | "category"
    | "settings"
    | "redirect"
    | "banned_word"
    | "broadcast"
    | "jobs"
    | "api_key"
    | "webhook"
    | "import";
  targetId?: string | null;
  /** A human name for the target (username, post title, word…), kept after deletion. */
  targetLabel?: string | null;
  details?: Record<string, unknown> | null;
};

/** Anything that can run an insert: the database or a transaction. */
type Writer = Pick<Database, "insert" | "select">;

export async function recordAdminAction(db: Writer, actor: Actor, record: AdminActionRecord) {
  const [who] = await db
    .select({ username: profiles.username })
    .from(profiles)
    .where(eq(profiles.id, actor.id))
    .limit(1);
  await db.insert(adminAuditLog).values({
    actorId: actor.id,
    actorUsername: who?.username ?? null,
    action: record.action,
    targetType: record.targetType ?? null,
    targetId: record.targetId ?? null,
    targetLabel: record.targetLabel ?? null,
    details: record.details ?? null,
  });
}

export type AuditEntry = {
  id: string;
  actorUsername: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  details: Record<string, unknown> | null;
  createdAt: Date;
};

/** The newest entries first; callers check admin access before calling. */
export async function latestAdminActions(
  db: Database,
  limit = AUDIT_LIST_LIMIT,
): Promise<AuditEntry[]> {
  return db
    .select({
      id: adminAuditLog.id,
      actorUsername: adminAuditLog.actorUsername,
      action: adminAuditLog.action,
      targetType: adminAuditLog.targetType,
      targetId: adminAuditLog.targetId,
      targetLabel: adminAuditLog.targetLabel,
      details: adminAuditLog.details,
      createdAt: adminAuditLog.createdAt,
    })
    .from(adminAuditLog)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit);
}

/** What each action is called in lists (the Overview, the Activity page and its filter). */
export const ACTION_DESCRIPTIONS: Record<AdminActionName, string> = {
  "user.approve": "Approved user",
  "user.block": "Blocked user",
  "user.promote": "Promoted user to mentor",
  "user.delete": "Deleted user",
  "post.update": "Edited another author's post",
  "post.delete": "Deleted post",
  "post.reassign_author": "Changed post author",
  "post.feature": "Featured post",
  "post.unfeature": "Unfeatured post",
  "category.create": "Created category",
  "category.update": "Updated category",
  "category.delete": "Deleted category",
  "settings.update": "Updated site settings",
  "redirect.create": "Created redirect",
  "redirect.update": "Updated redirect",
  "redirect.delete": "Deleted redirect",
  "banned_word.add": "Added banned word",
  "banned_word.remove": "Removed banned word",
  "broadcast.send": "Sent notification",
  "users.export": "Exported users CSV",
  "report.dismiss": "Dismissed reports",
  "comment.delete": "Deleted reported comment",
  "jobs.retry_failed": "Retried failed jobs",
  "content.export": "Exported site content",
  "content.import": "Imported site content",
  "api_key.create": "Created a Content API key",
  "api_key.revoke": "Revoked a Content API key",
  "webhook.create": "Added a webhook",
  "webhook.delete": "Deleted a webhook",
};

/** The Overview's words for an action; an unknown name is shown as stored. */
export function describeAdminAction(action: string): string {
  return Object.hasOwn(ACTION_DESCRIPTIONS, action)
    ? ACTION_DESCRIPTIONS[action as AdminActionName]
    : action;
}
