/**
 * Reading and marking notifications (docs/product/community.md#notifications /notifications: unread to
 * read, never back). Every query is scoped to the member's own rows.
 */
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { formText } from "~/lib/form-fields";
import type { Database } from "#server/db/client";
import { notifications } from "#server/db/schema";
import {
  BELL_LIMIT,
  FILTERS,
  NOTIFICATION_MESSAGES,
  parseFilter,
  NOTIFICATIONS_PAGE_LIMIT,
  type BellState,
  type NotificationFilter,
  type NotificationItem,
} from "./notification-rules";
import { isUuid } from "~/lib/uuid";

export { parseFilter } from "./notification-rules";

/** /notifications?filter=all|unread|announcements (empty is all); another is refused. */
export const notificationsQuery = z.object({
  filter: formText
    .transform(parseFilter)
    .pipe(z.enum(FILTERS, NOTIFICATION_MESSAGES.invalidFilter)),
});

/** The page's POST: intent=read|view|read-all, and the notification's id. */
export const notificationsActionForm = z.object({ intent: formText, id: formText });

const columns = {
  id: notifications.id,
  type: notifications.type,
  title: notifications.title,
  message: notifications.message,
  link: notifications.link,
  isRead: notifications.isRead,
  createdAt: notifications.createdAt,
};

/** The 20 newest of the member's notifications under a filter. */
export async function listNotifications(
  db: Database,
  userId: string,
  filter: NotificationFilter = "all",
): Promise<NotificationItem[]> {
  const where: SQL[] = [eq(notifications.userId, userId)];
  if (filter === "unread") where.push(eq(notifications.isRead, false));
  if (filter === "announcements") where.push(eq(notifications.type, "broadcast"));
  return db
    .select(columns)
    .from(notifications)
    .where(and(...where))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_LIMIT);
}

/** The bell's one statement per database, prepared (docs/milestones.md#issue-17-performance: every page a member opens runs it). */
const bellStatements = new WeakMap<Database, ReturnType<typeof prepareBell>>();

function prepareBell(db: Database) {
  const userId = sql.placeholder("userId");
  return db
    .select({ ...columns, unread: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(BELL_LIMIT)
    .prepare("bell_state");
}

/**
 * The bell: the unread count and the 5 latest unread, in one statement (the
 * count is taken over every unread row before the limit).
 */
export async function bellState(db: Database, userId: string): Promise<BellState> {
  let statement = bellStatements.get(db);
  if (!statement) bellStatements.set(db, (statement = prepareBell(db)));
  const rows = await statement.execute({ userId });
  return {
    unreadCount: rows[0]?.unread ?? 0,
    latest: rows.map(({ unread: _unread, ...item }) => item),
  };
}

/**
 * Marks one of the member's own notifications read (already read: stays
 * read). Returns its link, or null when it is not the member's.
 */
export async function markRead(
  db: Database,
  userId: string,
  id: unknown,
): Promise<{ link: string | null } | null> {
  if (!isUuid(id)) return null;
  const own = and(eq(notifications.id, id), eq(notifications.userId, userId));
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(own, eq(notifications.isRead, false)))
    .returning({ link: notifications.link });
  if (row) return row;
  const [existing] = await db.select({ link: notifications.link }).from(notifications).where(own);
  return existing ?? null;
}

/** Marks all the member's unread notifications read; returns how many changed. */
export async function markAllRead(db: Database, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

/**
 * The link with the tracking source appended (?source=notification). Only
 * site paths and http(s) addresses are followed; anything else goes to
 * /notifications.
 */
export function trackedLink(link: string | null, siteUrl: string): string {
  if (!link) return "/notifications";
  let url: URL;
  try {
    url = new URL(link, siteUrl);
  } catch {
    return "/notifications";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "/notifications";
  url.searchParams.set("source", "notification");
  const site = new URL(siteUrl);
  return url.origin === site.origin ? url.pathname + url.search + url.hash : url.toString();
}
