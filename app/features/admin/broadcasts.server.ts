/**
 * The dashboard's Notifications tab (docs/product/administration.md#broadcasts broadcast, admin
 * alerts, limits): the broadcast form's validation, sending through the
 * set-based broadcast(), and the 20 latest broadcasts. Admins only.
 */
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client";
import type { Services } from "#server/services";
import { broadcasts, profiles } from "#server/db/schema";
import type { Actor } from "~/features/accounts/permissions";
import { assertCan } from "~/features/accounts/permissions.server";
import { broadcast, type BroadcastInput } from "~/features/notifications/notify.server";
import { enqueueBroadcastEmails } from "~/features/email-preferences/preferences.server";
import { messageOf } from "#server/db/errors";
import { recordAdminAction } from "~/features/audit/audit.server";
import { formText, formTextOr } from "~/lib/read-input.server";

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
  /** "on": also by e-mail, through the job queue (docs/product/community.md#e-mail-and-preferences). */
  email?: string;
};

export const EMPTY_BROADCAST_FORM: BroadcastForm = {
  title: "",
  message: "",
  link: "",
  roleFilter: "all",
  statusFilter: "approved",
};

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

/** The form as typed, what the tab shows again after a refusal. */
export const broadcastFormValues = z.object({
  title: formText,
  message: formText,
  link: formText,
  roleFilter: formTextOr("all"),
  statusFilter: formTextOr("approved"),
}) satisfies z.ZodType<BroadcastForm>;

export type ValidBroadcast = Omit<BroadcastInput, "sentBy">;

/** At most `max` characters (code points, as the counter shows them). */
const chars = (max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((text) => [...text].length <= max, message);

/**
 * The broadcast checked: title and link first (the spec's message), then each
 * field in the form's order; an empty message falls back to the title.
 */
export const broadcastInputSchema = z
  .object({
    title: z.string(),
    message: z.string(),
    link: z.string(),
    roleFilter: z.string(),
    statusFilter: z.string(),
  })
  .refine((v) => v.title.trim() !== "" && v.link.trim() !== "", {
    message: BROADCAST_MESSAGES.missing,
    abort: true,
  })
  .pipe(
    z.object({
      title: chars(BROADCAST_TITLE_MAX, BROADCAST_MESSAGES.titleTooLong),
      message: chars(BROADCAST_MESSAGE_MAX, BROADCAST_MESSAGES.messageTooLong),
      link: z.string().trim().refine(isBroadcastLink, BROADCAST_MESSAGES.badLink),
      roleFilter: z.enum(ROLE_FILTERS, BROADCAST_MESSAGES.badRole),
      statusFilter: z.enum(STATUS_FILTERS, BROADCAST_MESSAGES.badStatus),
    }),
  )
  .transform((v): ValidBroadcast => ({ ...v, message: v.message || v.title })) satisfies z.ZodType<
  ValidBroadcast,
  BroadcastForm
>;

export function validateBroadcast(
  values: BroadcastForm,
): { ok: true; input: ValidBroadcast } | { ok: false; error: string } {
  const parsed = broadcastInputSchema.safeParse(values);
  return parsed.success
    ? { ok: true, input: parsed.data }
    : { ok: false, error: parsed.error.issues[0]!.message };
}

export type SendResult =
  | { ok: true; count: number; message: string }
  | { ok: false; status: 403 | 422 | 500; error: string };

/**
 * One set-based insert for every matching member; 0 matches stores nothing.
 * `email`: also by e-mail, one job enqueued in the same transaction that
 * fans out one e-mail per recipient who takes announcements by e-mail.
 */
export async function sendBroadcast(
  db: Database,
  actor: Actor | null | undefined,
  input: ValidBroadcast,
  options: {
    email?: boolean;
    /** The job queue the e-mails go through; `email` without it throws (caught: a 500). */
    jobs?: Services["jobs"];
  } = {},
): Promise<SendResult> {
  assertCan(actor, "broadcast.send");
  try {
    const count = await db.transaction(async (tx) => {
      const sent = await broadcast(tx, { ...input, sentBy: actor.id });
      if (sent > 0 && options.email) {
        // This transaction's broadcast: the newest by this admin (created_at is the transaction's time).
        const [row] = await tx
          .select({ id: broadcasts.id })
          .from(broadcasts)
          .where(eq(broadcasts.sentBy, actor.id))
          .orderBy(desc(broadcasts.createdAt))
          .limit(1);
        await enqueueBroadcastEmails({ db: tx, jobs: options.jobs }, row!.id);
      }
      if (sent > 0) {
        await recordAdminAction(tx, actor, {
          action: "broadcast.send",
          targetType: "broadcast",
          targetLabel: input.title,
          details: {
            recipients: sent,
            roleFilter: input.roleFilter,
            statusFilter: input.statusFilter,
            link: input.link,
            ...(options.email ? { email: true } : {}),
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
