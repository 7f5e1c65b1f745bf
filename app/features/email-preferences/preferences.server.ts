/**
 * Notification preferences on the server (docs/decisions/0126, docs/decisions/0125): reading and
 * saving a member's choices, the one-click unsubscribe token, and the hook a
 * new notification goes through (an e-mail job when its type says "e-mail at
 * once", nothing kept when it says "off").
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { notificationPreferences, notifications } from "#server/db/schema";
import type { Services } from "#server/services";
import {
  type Channel,
  DEFAULT_CHANNELS,
  DEFAULT_DIGEST,
  DIGEST_KEY,
  type DigestChannel,
  isPreferenceType,
  isUnsubscribeKey,
  NOTIFICATION_PREFERENCE_TYPES,
  type PreferenceType,
  type Preferences,
} from "./preference-rules";

type Executor = Pick<Database, "select" | "insert" | "delete" | "execute">;

/**
 * Where a new notification's e-mail goes: the executor (the caller's
 * transaction, so the job commits or rolls back with the row) and the job
 * queue, undefined when none is started (scripts, most tests: no e-mail).
 */
export type MailTarget = Pick<Services, "jobs"> & { db: Executor };

/** The member's preferences, defaults filled in. */
export async function getPreferences(db: Executor, userId: string): Promise<Preferences> {
  const rows = await db
    .select({ type: notificationPreferences.type, channel: notificationPreferences.channel })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((r) => [r.type, r.channel]));
  const preferences = { ...DEFAULT_CHANNELS, digest: DEFAULT_DIGEST } as Preferences;
  for (const type of NOTIFICATION_PREFERENCE_TYPES) {
    const channel = chosen.get(type);
    if (channel) preferences[type] = channel as Channel;
  }
  const digest = chosen.get(DIGEST_KEY);
  if (digest === "email" || digest === "off") preferences.digest = digest;
  return preferences;
}

/** How the member wants notifications of `type` (the default for a type with no row). */
export async function channelFor(db: Executor, userId: string, type: string): Promise<Channel> {
  if (!isPreferenceType(type)) return "app";
  const [row] = await db
    .select({ channel: notificationPreferences.channel })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.type, type)))
    .limit(1);
  return (row?.channel as Channel | undefined) ?? DEFAULT_CHANNELS[type];
}

async function setChannel(
  db: Executor,
  userId: string,
  type: PreferenceType | typeof DIGEST_KEY,
  channel: Channel | DigestChannel,
) {
  await db
    .insert(notificationPreferences)
    .values({ userId, type, channel })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.type],
      set: { channel, updatedAt: sql`now()` },
    });
}

/** Saves every choice (the settings form sends them all). */
export async function savePreferences(db: Database, userId: string, preferences: Preferences) {
  await db.transaction(async (tx) => {
    for (const type of NOTIFICATION_PREFERENCE_TYPES) {
      await setChannel(tx, userId, type, preferences[type]);
    }
    await setChannel(tx, userId, DIGEST_KEY, preferences.digest);
  });
}

// ------------------------------------------------------------ unsubscribe tokens

const TOKEN_VERSION = "u1";

function signature(secret: string, userId: string, key: string): string {
  return createHmac("sha256", secret)
    .update(`unsubscribe\u0000${TOKEN_VERSION}\u0000${userId}\u0000${key}`)
    .digest("base64url");
}

/**
 * The one-click unsubscribe token for a member and a type (or the digest):
 * the member's id and the type in clear, with an HMAC-SHA256 of both under
 * the app's secret. It never expires and works without signing in; it can do
 * one thing only: turn that type's e-mail off for that member.
 */
export function unsubscribeToken(secret: string, userId: string, key: string): string {
  const id = Buffer.from(userId, "utf8").toString("base64url");
  return `${TOKEN_VERSION}.${id}.${key}.${signature(secret, userId, key)}`;
}

export type UnsubscribeTarget = { userId: string; key: PreferenceType | typeof DIGEST_KEY };

/** The token's member and type when its signature is right; null for anything else. */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeTarget | null {
  if (token.length > 300) return null;
  const parts = token.split(".");
  if (parts.length !== 4 || parts[0] !== TOKEN_VERSION) return null;
  const [, id, key, mac] = parts as [string, string, string, string];
  if (!isUnsubscribeKey(key)) return null;
  const userId = Buffer.from(id, "base64url").toString("utf8");
  if (!userId) return null;
  const expected = Buffer.from(signature(secret, userId, key));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, key };
}

/**
 * Turns off the e-mail the token names: a type sent "e-mail at once" goes
 * back to the app only (the bell keeps it), the digest goes off. Using the
 * token again changes nothing more (idempotent); a forged token does nothing.
 */
export async function unsubscribe(
  db: Database,
  secret: string,
  token: string,
): Promise<UnsubscribeTarget | null> {
  const target = readUnsubscribeToken(secret, token);
  if (!target) return null;
  if (target.key === DIGEST_KEY) {
    await setChannel(db, target.userId, DIGEST_KEY, "off").catch(ignoreMissingMember);
    return target;
  }
  const current = await channelFor(db, target.userId, target.key);
  if (current === "email") {
    await setChannel(db, target.userId, target.key, "app").catch(ignoreMissingMember);
  }
  return target;
}

/** A deleted member's token: nothing to turn off. */
function ignoreMissingMember(error: unknown) {
  if ((error as { cause?: { code?: string } }).cause?.code === "23503") return;
  if ((error as { code?: string }).code === "23503") return;
  throw error;
}

// ------------------------------------------------------ the hook on a notification

export type MailJob =
  | { kind: "notification"; notificationId: string; userId: string }
  | { kind: "broadcast"; broadcastId: string; userId: string }
  | { kind: "broadcast-fanout"; broadcastId: string };

/**
 * Called with the notifications just written (notify.server.ts; one type per
 * call): each member's preference for the type, read in one statement.
 * "E-mail at once" enqueues the e-mail in the same transaction (sent once the
 * notification is committed, never for one rolled back), keyed by the row's
 * id, so a grouped row, updated by each reply, is mailed once; "off" removes
 * the row, so the member hears nothing of that type. Returns the rows kept.
 */
export async function afterNotificationsCreated<
  Row extends { id: string; userId: string; type: string },
>({ db, jobs }: MailTarget, rows: Row[]): Promise<Row[]> {
  if (rows.length === 0) return rows;
  const type = rows[0]!.type;
  if (!isPreferenceType(type)) return rows;
  const chosen = new Map<string, Channel>();
  const userIds = [...new Set(rows.map((row) => row.userId))];
  const saved = await db
    .select({ userId: notificationPreferences.userId, channel: notificationPreferences.channel })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.type, type),
        sql`${notificationPreferences.userId} IN (SELECT jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))`,
      ),
    );
  for (const row of saved) chosen.set(row.userId, row.channel as Channel);
  const channelOf = (userId: string) => chosen.get(userId) ?? DEFAULT_CHANNELS[type];
  const off = rows.filter((row) => channelOf(row.userId) === "off").map((row) => row.id);
  if (off.length) {
    await db
      .delete(notifications)
      .where(
        sql`${notifications.id} IN (SELECT jsonb_array_elements_text(${JSON.stringify(off)}::jsonb)::uuid)`,
      );
  }
  if (jobs) {
    for (const row of rows) {
      if (channelOf(row.userId) !== "email") continue;
      const job: MailJob = { kind: "notification", notificationId: row.id, userId: row.userId };
      await jobs.send("mail", job, { key: `notification:${row.id}`, via: db });
    }
  }
  return rows.filter((row) => channelOf(row.userId) !== "off");
}

/**
 * A broadcast sent by e-mail too (docs/product/community.md#e-mail-and-preferences): one job, in the broadcast's
 * transaction, that enqueues one e-mail per recipient.
 */
export async function enqueueBroadcastEmails(
  { db, jobs }: MailTarget,
  broadcastId: string,
): Promise<void> {
  if (!jobs) throw new Error("The job queue is not started.");
  const job: MailJob = { kind: "broadcast-fanout", broadcastId };
  await jobs.send("mail", job, { key: `broadcast-fanout:${broadcastId}`, via: db });
}
