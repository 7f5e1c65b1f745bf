/**
 * Creating notifications (spec 1 §3 notification; spec 2 §7 helpers). Every
 * insert reaches the member's open tabs through the database trigger that
 * sends NOTIFY on the notification_events channel (migration 0005; the
 * process side is server/realtime/notification-hub.ts).
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { broadcasts, notifications, profiles } from "#server/db/schema";
import { afterNotificationCreated } from "~/features/email-preferences/preferences.server";

export type NotificationType = "follow" | "approval" | "promotion" | "broadcast";
export type NewNotification = {
  type: NotificationType;
  title: string;
  message?: string | null;
  link?: string | null;
};

/** Accepts a transaction as well as the database. */
type Executor = Pick<Database, "insert" | "select" | "update" | "delete" | "execute">;

export async function notify(db: Executor, userId: string, notification: NewNotification) {
  const [row] = await db
    .insert(notifications)
    .values({
      userId,
      type: notification.type,
      title: notification.title,
      message: notification.message ?? null,
      link: notification.link ?? null,
    })
    .returning();
  // The member's preference for the type: an e-mail job at once, or nothing kept (issue 20).
  await afterNotificationCreated(db, row!);
  return row!;
}

/** An admin approved the member's account. */
export function notifyApproval(db: Executor, userId: string) {
  return notify(db, userId, {
    type: "approval",
    title: "Your account has been approved",
    message: "Welcome! You can now comment, like, save posts and follow mentors.",
    link: "/",
  });
}

/** An admin promoted the member to mentor. */
export function notifyPromotion(db: Executor, userId: string) {
  return notify(db, userId, {
    type: "promotion",
    title: "You are now a mentor",
    message: "You have been promoted to mentor. You can now write posts.",
    link: "/create-post",
  });
}

/** Someone followed a mentor or admin (spec 2 §4: the follower's username and full name). */
/** A follow notification's link: the follower's profile (usernames never change). */
export const followNotificationLink = (username: string) => `/user/${username}`;

export function notifyFollow(
  db: Executor,
  followedId: string,
  follower: { username: string; fullName: string | null },
) {
  const name = follower.fullName?.trim() || follower.username;
  return notify(db, followedId, {
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
