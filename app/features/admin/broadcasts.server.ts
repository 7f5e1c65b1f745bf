/**
 * The dashboard's Notifications tab (spec 2 §2, §5 broadcast, §8 admin
 * alerts, §9 limits): the broadcast form's validation, sending through the
 * set-based broadcast(), and the 20 latest broadcasts. Admins only.
 */
import { desc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { broadcasts, profiles } from "#server/db/schema";
import type { Actor } from "~/features/accounts/permissions";
import { assertCan } from "~/features/accounts/permissions.server";
import { broadcast, type BroadcastInput } from "~/features/notifications/notify.server";
import { messageOf } from "#server/db/errors";
import { recordAdminAction } from "~/features/audit/audit.server";
import { textOf } from "~/lib/read-input.server";

export const BROADCAST_TITLE_MAX = 100;
export const BROADCAST_MESSAGE_MAX = 500;
export const BROADCAST_LINK_MAX = 2000;
export const BROADCAST_HISTORY_LIMIT = 20;
export const ROLE_FILTERS = ["all", "user", "mentor", "admin"] as const;
export const STATUS_FILTERS = ["approved", "all", "pending", "blocked"] as const;

export const BROADCAST_MESSAGES = {
  missing: "Please fill in both title and link fields",
  titleTooLong: `Title must be at most ${BROADCAST_TITLE_MAX} characters`,
  messageTooLong: `Message must be at most ${BROADCAST_MESSAGE_MAX} characters`,
  badLink: "Link must be a URL (https://… or a path on this site starting with /)",
  badRole: "Choose a role filter: all, user, mentor or admin",
  badStatus: "Choose a status filter: approved, all, pending or blocked",
  noUsers: "No users found matching criteria",
  sent: (count: number) => `Notification sent successfully to ${count} users!`,
  failed: (message?: string) => `Failed to send notification: ${message || "Unknown error"}`,
  question: "Are you sure you want to send this notification?",
  forbidden: "Permission denied: only admins can do this",
} as const;

/** What the form sends back, as typed. */
export type BroadcastForm = {
  title: string;
  message: string;
  link: string;
  roleFilter: string;
  statusFilter: string;
};

export const EMPTY_BROADCAST_FORM: BroadcastForm = {
  title: "",
  message: "",
  link: "",
  roleFilter: "all",
  statusFilter: "approved",
};

const chars = (text: string) => [...text].length;

/** A site path (/…, not //…) or an absolute http(s) URL. */
export function isBroadcastLink(link: string): boolean {
  if (link.length > BROADCAST_LINK_MAX || /[\s\\]/.test(link)) return false;
  if (link.startsWith("/")) return !link.startsWith("//");
  try {
    const url = new URL(link);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

export function readBroadcastForm(form: FormData): BroadcastForm {
  const field = (name: string, fallback = "") => textOf(form, name, fallback);
  return {
    title: field("title"),
    message: field("message"),
    link: field("link"),
    roleFilter: field("roleFilter", "all"),
    statusFilter: field("statusFilter", "approved"),
  };
}

export type ValidBroadcast = Omit<BroadcastInput, "sentBy">;

export function validateBroadcast(
  values: BroadcastForm,
): { ok: true; input: ValidBroadcast } | { ok: false; error: string } {
  const title = values.title.trim();
  const link = values.link.trim();
  const message = values.message.trim();
  if (!title || !link) return { ok: false, error: BROADCAST_MESSAGES.missing };
  if (chars(title) > BROADCAST_TITLE_MAX)
    return { ok: false, error: BROADCAST_MESSAGES.titleTooLong };
  if (chars(message) > BROADCAST_MESSAGE_MAX) {
    return { ok: false, error: BROADCAST_MESSAGES.messageTooLong };
  }
  if (!isBroadcastLink(link)) return { ok: false, error: BROADCAST_MESSAGES.badLink };
  if (!(ROLE_FILTERS as readonly string[]).includes(values.roleFilter)) {
    return { ok: false, error: BROADCAST_MESSAGES.badRole };
  }
  if (!(STATUS_FILTERS as readonly string[]).includes(values.statusFilter)) {
    return { ok: false, error: BROADCAST_MESSAGES.badStatus };
  }
  return {
    ok: true,
    input: {
      title,
      message: message || title,
      link,
      roleFilter: values.roleFilter as BroadcastInput["roleFilter"],
      statusFilter: values.statusFilter as BroadcastInput["statusFilter"],
    },
  };
}

export type SendResult =
  | { ok: true; count: number; message: string }
  | { ok: false; status: 403 | 422 | 500; error: string };

/** One set-based insert for every matching member; 0 matches stores nothing. */
export async function sendBroadcast(
  db: Database,
  actor: Actor | null | undefined,
  input: ValidBroadcast,
): Promise<SendResult> {
  assertCan(actor, "broadcast.send");
  try {
    const count = await db.transaction(async (tx) => {
      const sent = await broadcast(tx, { ...input, sentBy: actor!.id });
      if (sent > 0) {
        await recordAdminAction(tx, actor!, {
          action: "broadcast.send",
          targetType: "broadcast",
          targetLabel: input.title,
          details: {
            recipients: sent,
            roleFilter: input.roleFilter,
            statusFilter: input.statusFilter,
            link: input.link,
          },
        });
      }
      return sent;
    });
    if (count === 0) return { ok: false, status: 422, error: BROADCAST_MESSAGES.noUsers };
    return { ok: true, count, message: BROADCAST_MESSAGES.sent(count) };
  } catch (error) {
    return { ok: false, status: 500, error: BROADCAST_MESSAGES.failed(messageOf(error)) };
  }
}

export type BroadcastHistoryItem = {
  id: string;
  title: string;
  message: string;
  link: string;
  roleFilter: string;
  statusFilter: string;
  recipientCount: number;
  createdAt: Date;
  sentBy: string | null;
};

/** The 20 latest broadcasts, newest first, with their recipient counts. */
export async function broadcastHistory(
  db: Database,
  actor: Actor | null | undefined,
): Promise<BroadcastHistoryItem[]> {
  assertCan(actor, "broadcast.send");
  return db
    .select({
      id: broadcasts.id,
      title: broadcasts.title,
      message: broadcasts.message,
      link: broadcasts.link,
      roleFilter: broadcasts.roleFilter,
      statusFilter: broadcasts.statusFilter,
      recipientCount: broadcasts.recipientCount,
      createdAt: broadcasts.createdAt,
      sentBy: profiles.username,
    })
    .from(broadcasts)
    .leftJoin(profiles, eq(profiles.id, broadcasts.sentBy))
    .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
    .limit(BROADCAST_HISTORY_LIMIT);
}
