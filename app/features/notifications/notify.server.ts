/**
 * Creating notifications (docs/product/README.md#data-model notification; docs/product/community.md#notifications helpers). Every
 * insert reaches the member's open tabs through the database trigger that
 * sends NOTIFY on the notification_events channel (migration 0005; the
 * process side is server/realtime/notification-hub.ts).
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { broadcasts, notifications, profiles } from "#server/db/schema";
import {
  afterNotificationsCreated,
  type MailTarget,
} from "~/features/email-preferences/preferences.server";

export type NotificationType =
  "follow" | "approval" | "promotion" | "broadcast" | "reply" | "comment" | "new_post" | "mention";

/**
 * Grouping (decision 0120): while the member has an unread notification of
 * the same type on the same `key`, a new one updates it (its actors, title,
 * message, link and time) instead of adding a row. The title is then
 * "NAME and N others PHRASE", NAME being the latest actor.
 */
export type NotificationGroup = { key: string; actorName: string; phrase: string };

export type NewNotification = {
  type: NotificationType;
  title: string;
  message?: string | null;
  link?: string | null;
  /** Whose action this tells of (kept on the row; grouped rows count each once). */
  actorId?: string | null;
  group?: NotificationGroup;
};

/** Accepts a transaction as well as the database. */
type Executor = Pick<Database, "insert" | "select" | "update" | "delete" | "execute">;

/**
 * What a notification is written with: the executor (the caller's
 * transaction, kept) and the job queue its e-mail goes to, undefined when no
 * queue is started (then no e-mail job is enqueued).
 */
export type NotifyTarget = MailTarget & { db: Executor };

/** "Priya", "Priya and 1 other", "Priya and 3 others". */
export function groupedTitle(actorName: string, actorCount: number, phrase: string): string {
  const others = actorCount - 1;
  if (others <= 0) return `${actorName} ${phrase}`;
  return `${actorName} and ${others} ${others === 1 ? "other" : "others"} ${phrase}`;
}

/**
 * The one way a notification is created (docs/milestones.md#issue-20-members-come-back: later, e-mail per the
 * member's preferences hooks in here). Inserts one row per recipient, or,
 * with `group`, updates the recipient's unread row of that type and key.
 * Returns the rows written. Who may be told is the caller's decision.
 */
export async function notifyAll(
  to: NotifyTarget,
  userIds: readonly string[],
  notification: NewNotification,
): Promise<(typeof notifications.$inferSelect)[]> {
  const { db } = to;
  const recipients = [...new Set(userIds)];
  if (recipients.length === 0) return [];
  const actorIds = notification.actorId ? [notification.actorId] : [];
  const values = recipients.map((userId) => ({
    userId,
    type: notification.type,
    title: notification.title,
    message: notification.message ?? null,
    link: notification.link ?? null,
    groupKey: notification.group?.key ?? null,
    actorIds,
  }));
  const group = notification.group;
  if (!group && recipients.length > 1) {
    // Many recipients (a mentor's followers): one statement, the ids as one JSON parameter.
    const rows = await db
      .insert(notifications)
      .select(
        db
          .select({
            id: sql<string>`gen_random_uuid()`.as("id"),
            userId: sql<string>`r.value`.as("user_id"),
            type: sql<NotificationType>`${notification.type}::notification_type`.as("type"),
            title: sql<string>`${notification.title}::text`.as("title"),
            message: sql<string | null>`${notification.message ?? null}::text`.as("message"),
            link: sql<string | null>`${notification.link ?? null}::text`.as("link"),
            isRead: sql<boolean>`false`.as("is_read"),
            broadcastId: sql<string | null>`null::uuid`.as("broadcast_id"),
            groupKey: sql<string | null>`null::text`.as("group_key"),
            actorIds: sql<
              string[]
            >`array(SELECT jsonb_array_elements_text(${JSON.stringify(actorIds)}::jsonb))`.as(
              "actor_ids",
            ),
            createdAt: sql<Date>`now()`.as("created_at"),
          })
          .from(sql`jsonb_array_elements_text(${JSON.stringify(recipients)}::jsonb) AS r`),
      )
      .returning();
    return afterNotificationsCreated(to, rows);
  }
  if (!group) {
    return afterNotificationsCreated(to, await db.insert(notifications).values(values).returning());
  }
  const actor = notification.actorId ?? "";
  const known = sql`${actor}::text = ANY(${notifications.actorIds})`;
  const count = sql`(cardinality(${notifications.actorIds}) + CASE WHEN ${known} THEN 0 ELSE 1 END)`;
  const rows = await db
    .insert(notifications)
    .values(values)
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.type, notifications.groupKey],
      targetWhere: sql`NOT ${notifications.isRead} AND ${notifications.groupKey} IS NOT NULL`,
      set: {
        actorIds: sql`CASE WHEN ${known} THEN ${notifications.actorIds} ELSE array_append(${notifications.actorIds}, ${actor}::text) END`,
        title: sql`${group.actorName}::text || CASE WHEN ${count} > 1 THEN ' and ' || (${count} - 1) || CASE WHEN ${count} = 2 THEN ' other ' ELSE ' others ' END ELSE ' ' END || ${group.phrase}::text`,
        message: sql`excluded.message`,
        link: sql`excluded.link`,
        createdAt: sql`now()`,
      },
    })
    .returning();
  return afterNotificationsCreated(to, rows);
}

export async function notify(to: NotifyTarget, userId: string, notification: NewNotification) {
  const [row] = await notifyAll(to, [userId], notification);
  return row!;
}

/** An admin approved the member's account. */
export function notifyApproval(to: NotifyTarget, userId: string) {
  return notify(to, userId, {
    type: "approval",
    title: "Your account has been approved",
    message: "Welcome! You can now comment, like, save posts and follow mentors.",
    link: "/",
  });
}

/** An admin promoted the member to mentor. */
export function notifyPromotion(to: NotifyTarget, userId: string) {
  return notify(to, userId, {
    type: "promotion",
    title: "You are now a mentor",
    message: "You have been promoted to mentor. You can now write posts.",
    link: "/create-post",
  });
}

/** Someone followed a mentor or admin (docs/product/community.md#follows: the follower's username and full name). */
/** A follow notification's link: the follower's profile (usernames never change). */
export const followNotificationLink = (username: string) => `/user/${username}`;

export function notifyFollow(
  to: NotifyTarget,
  followedId: string,
  follower: { username: string; fullName: string | null },
) {
  const name = follower.fullName?.trim() || follower.username;
  return notify(to, followedId, {
    type: "follow",
    title: "New follower",
    message: `${name} (@${follower.username}) started following you`,
    link: followNotificationLink(follower.username),
  });
}

export type BroadcastInput = {
  title: string;
  /** Defaults to the title. */
  message?: string | null;
  link: string;
  roleFilter: "all" | "user" | "mentor" | "admin";
  statusFilter: "all" | "approved" | "pending" | "blocked";
  sentBy: string | null;
};

/**
 * A broadcast (for the administration issue): one broadcasts row and one
 * notification per matching member, inserted by a single INSERT … SELECT in
 * one transaction. Returns the recipient count (0: nobody matched, nothing
 * stored). Validation of title, message and link is the caller's.
 */
export async function broadcast(db: Database, input: BroadcastInput): Promise<number> {
  const message = input.message?.trim() ? input.message : input.title;
  const filters: SQL[] = [];
  if (input.roleFilter !== "all") filters.push(eq(profiles.role, input.roleFilter));
  if (input.statusFilter !== "all") filters.push(eq(profiles.status, input.statusFilter));
  const where = filters.length ? and(...filters) : sql`true`;
  return db.transaction(async (tx) => {
    const [sent] = await tx
      .insert(broadcasts)
      .values({
        title: input.title,
        message,
        link: input.link,
        roleFilter: input.roleFilter,
        statusFilter: input.statusFilter,
        sentBy: input.sentBy,
      })
      .returning({ id: broadcasts.id });
    const inserted = await tx
      .insert(notifications)
      .select(
        tx
          .select({
            id: sql<string>`gen_random_uuid()`.as("id"),
            userId: profiles.id,
            type: sql<NotificationType>`'broadcast'::notification_type`.as("type"),
            title: sql<string>`${input.title}`.as("title"),
            message: sql<string>`${message}`.as("message"),
            link: sql<string>`${input.link}`.as("link"),
            isRead: sql<boolean>`false`.as("is_read"),
            broadcastId: sql<string>`${sent!.id}::uuid`.as("broadcast_id"),
            groupKey: sql<string | null>`null`.as("group_key"),
            actorIds: sql<string[]>`'{}'::text[]`.as("actor_ids"),
            createdAt: sql<Date>`now()`.as("created_at"),
          })
          .from(profiles)
          .where(where),
      )
      .returning({ id: notifications.id });
    if (inserted.length === 0) {
      await tx.delete(broadcasts).where(inArray(broadcasts.id, [sent!.id]));
      return 0;
    }
    await tx
      .update(broadcasts)
      .set({ recipientCount: inserted.length })
      .where(eq(broadcasts.id, sent!.id));
    return inserted.length;
  });
}
