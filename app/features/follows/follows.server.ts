/**
 * Follows (docs/product/community.md#follows, docs/product/README.md#roles-and-permissions): members follow mentors and admins, never themselves
 * and never plain users; a new follow notifies the followed member in the same
 * transaction, unless the same follower's follow already notified them within
 * the last 24 hours (Follow, Unfollow, Follow again is one notification:
 * docs/decisions/0020). The permission module decides; the database's primary
 * key and not-self check back it up.
 */
import { and, count, eq, gt } from "drizzle-orm";
import type { Database } from "#server/db/client";
import type { Services } from "#server/services";
import { onceForKey } from "#server/db/idempotency";
import { follows, notifications, profiles } from "#server/db/schema";
import { can, type Actor, type Role } from "~/features/accounts/permissions";
import { followNotificationLink, notifyFollow } from "~/features/notifications/notify.server";

/** A follower's repeat follow within this window does not notify again. */
export const FOLLOW_RENOTIFY_MS = 24 * 60 * 60 * 1000;

export type FollowTarget = { id: string; role: Role };

export type FollowResult = { ok: true; changed: boolean } | { ok: false; status: 400 | 403 };

/**
 * Follows `target`. With an idempotency key, a retry answers what the first
 * did and changes nothing (docs/decisions/0095): a retried Follow never
 * follows again after an Unfollow sent since.
 */
export async function follow(
  db: Database,
  actor: Actor,
  target: FollowTarget,
  options: {
    idempotencyKey?: string;
    /** The job queue for the notification's e-mail; absent: none is started. */
    jobs?: Services["jobs"];
  } = {},
): Promise<FollowResult> {
  if (!can(actor, "follow.create", { kind: "profile", id: target.id, role: target.role })) {
    return { ok: false, status: 403 };
  }
  const once = await db.transaction((tx) =>
    onceForKey<FollowResult>(
      tx as unknown as Database,
      actor.id,
      options.idempotencyKey,
      `follow:${target.id}`,
      async () => {
        const inserted = await tx
          .insert(follows)
          .values({ followerId: actor.id, followingId: target.id })
          .onConflictDoNothing()
          .returning({ followerId: follows.followerId });
        if (inserted.length === 0) return { ok: true, changed: false };
        const [follower] = await tx
          .select({ username: profiles.username, fullName: profiles.fullName })
          .from(profiles)
          .where(eq(profiles.id, actor.id));
        const since = new Date(Date.now() - FOLLOW_RENOTIFY_MS);
        const [recent] = await tx
          .select({ id: notifications.id })
          .from(notifications)
          .where(
            and(
              eq(notifications.userId, target.id),
              eq(notifications.type, "follow"),
              eq(notifications.link, followNotificationLink(follower!.username)),
              gt(notifications.createdAt, since),
            ),
          )
          .limit(1);
        if (!recent) await notifyFollow({ db: tx, jobs: options.jobs }, target.id, follower!);
        return { ok: true, changed: true };
      },
    ),
  );
  return "mismatch" in once ? { ok: false, status: 400 } : once.result;
}

/**
 * Unfollowing needs only a member who may follow at all (the target may have
 * changed role). Keyed like `follow`.
 */
export async function unfollow(
  db: Database,
  actor: Actor,
  targetId: string,
  options: {
    idempotencyKey?: string;
    /** The job queue for the notification's e-mail; absent: none is started. */
    jobs?: Services["jobs"];
  } = {},
): Promise<FollowResult> {
  if (!can(actor, "follow.create")) return { ok: false, status: 403 };
  const once = await db.transaction((tx) =>
    onceForKey<FollowResult>(
      tx as unknown as Database,
      actor.id,
      options.idempotencyKey,
      `unfollow:${targetId}`,
      async () => {
        const removed = await tx
          .delete(follows)
          .where(and(eq(follows.followerId, actor.id), eq(follows.followingId, targetId)))
          .returning({ followerId: follows.followerId });
        return { ok: true, changed: removed.length > 0 };
      },
    ),
  );
  return "mismatch" in once ? { ok: false, status: 400 } : once.result;
}

export async function followerCount(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(follows)
    .where(eq(follows.followingId, userId));
  return row?.n ?? 0;
}

export async function isFollowing(db: Database, followerId: string, followingId: string) {
  const [row] = await db
    .select({ f: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)));
  return Boolean(row);
}

/** Whether the member follows the author with this username (the post's author card). */
export async function followsAuthor(db: Database, followerId: string, username: string) {
  const [row] = await db
    .select({ f: follows.followerId })
    .from(follows)
    .innerJoin(profiles, eq(profiles.id, follows.followingId))
    .where(and(eq(follows.followerId, followerId), eq(profiles.username, username)));
  return Boolean(row);
}
