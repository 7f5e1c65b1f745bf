/** Notifications: constants, texts and helpers shared by server and browser (spec 1 §2, §9). */
export const NOTIFICATIONS_PAGE_LIMIT = 20;
export const BELL_LIMIT = 5;
export const FILTERS = ["all", "unread", "announcements"] as const;
export type NotificationFilter = (typeof FILTERS)[number];

export const NOTIFICATION_MESSAGES = {
  limitNote: "Showing most recent 20 notifications",
  invalidFilter: "Unknown filter. Choose All, Unread or Announcements.",
  notFound: "Notification not found",
  unknownAction: "Unknown action",
  empty: {
    all: "No notifications yet",
    unread: "No unread notifications",
    announcements: "No announcements yet",
  },
} as const;

export type NotificationItem = {
  id: string;
  type: "follow" | "approval" | "promotion" | "broadcast";
  title: string;
  message: string | null;
  link: string | null;
  isRead: boolean;
  createdAt: Date;
};

export type BellState = { unreadCount: number; latest: NotificationItem[] };

/**
 * The line shown under a notification's title, or null. A broadcast sent
 * without a message stores the title as its message (spec 2 §3): the text is
 * shown once.
 */
export function messageBelowTitle(n: Pick<NotificationItem, "title" | "message">): string | null {
  const message = n.message?.trim();
  if (!message || message === n.title.trim()) return null;
  return n.message;
}

export function parseFilter(value: string | null): NotificationFilter | null {
  if (value === null || value === "") return "all";
  return (FILTERS as readonly string[]).includes(value) ? (value as NotificationFilter) : null;
}

/** Badge text: the count, 9+ above 9, nothing at 0. */
export function badgeText(count: number): string {
  return count > 9 ? "9+" : count > 0 ? String(count) : "";
}
