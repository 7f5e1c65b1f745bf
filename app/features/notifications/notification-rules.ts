/** Notifications: constants, texts and helpers shared by server and browser (docs/product/community.md#notifications). */
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

/** The spec's four, then the community's own (docs/milestones.md#issue-20-members-come-back; the mail feature keys preferences on these). */
export const NOTIFICATION_TYPES = [
  "follow",
  "approval",
  "promotion",
  "broadcast",
  "reply",
  "comment",
  "new_post",
  "mention",
] as const;
export type NotificationKind = (typeof NOTIFICATION_TYPES)[number];

/** At most this many members are told of their @mention in one comment (decision 0120). */
export const MENTIONS_PER_COMMENT = 10;

/** One "@name" (the name in group 1); comments link the same ones (docs/decisions/0266). */
export const MENTION_PATTERN = /(?<![A-Za-z0-9_.@])@([A-Za-z0-9_]{3,30})(?![A-Za-z0-9_])/;

/**
 * The usernames @mentioned in a comment, lower case, each once, in order,
 * at most MENTIONS_PER_COMMENT. "@name" counts at the start or after a
 * character that cannot be part of an address or a name (so "a@b.com" is
 * not a mention).
 */
export function mentionedUsernames(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(new RegExp(MENTION_PATTERN.source, "g"))) {
    found.add(match[1]!.toLowerCase());
    if (found.size === MENTIONS_PER_COMMENT) break;
  }
  return [...found];
}

/** A comment's first words for a notification's message line. */
export function excerpt(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

export type NotificationItem = {
  id: string;
  type: NotificationKind;
  title: string;
  message: string | null;
  link: string | null;
  isRead: boolean;
  createdAt: Date;
};

export type BellState = { unreadCount: number; latest: NotificationItem[] };

/**
 * The line shown under a notification's title, or null. A broadcast sent
 * without a message stores the title as its message (docs/product/README.md#data-model): the text is
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

/** Where a notification's row links: marks it read, then opens its link (docs/decisions/0267). */
export const notificationOpenPath = (id: string) => `/notifications/${id}/open`;
