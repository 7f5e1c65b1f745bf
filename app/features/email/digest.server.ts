/**
 * The weekly digest (docs/product/community.md#e-mail-and-preferences). A tick every 15 minutes (a pg-boss cron
 * schedule: one tick across all instances) asks whether this week's digest
 * moment (the admin's day and time, in the site's time zone) has come; the
 * first tick after it enqueues the week's fan-out job under the key
 * `fanout:<week>`, so it exists once. The fan-out enqueues one digest job per
 * member who wants it, keyed `<member>:<week>`; run again after a crash it
 * adds only what was missing. Each digest job sends at most one e-mail: the
 * key is written to mail_deliveries once the SMTP server has it.
 */
import { and, desc, eq, gte, inArray, lt, ne, notInArray, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import {
  follows,
  notificationPreferences,
  notifications,
  posts,
  profiles,
} from "#server/db/schema";
import {
  DIGEST_KEY,
  NOTIFICATION_PREFERENCE_TYPES,
} from "~/features/email-preferences/preference-rules";
import { getPreferences } from "~/features/email-preferences/preferences.server";

export type DigestSchedule = { enabled: boolean; day: number; time: string; timeZone: string };

/** The wall-clock parts of `date` in `timeZone`. */
function zonedParts(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    weekday: "short",
    hourCycle: "h23",
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(get("weekday"));
  return {
    date: `${get("year")}-${get("month")}-${get("day")}`,
    minutes: Number(get("hour")) * 60 + Number(get("minute")),
    weekday,
  };
}

/**
 * The digest due at `now`, if any: on the digest day, from its time until the
 * day ends (site time zone). The week's key is that day's date.
 */
export function dueDigestWeek(now: Date, schedule: DigestSchedule): string | null {
  if (!schedule.enabled) return null;
  const local = zonedParts(now, schedule.timeZone);
  const [h, m] = schedule.time.split(":").map(Number) as [number, number];
  if (local.weekday !== schedule.day || local.minutes < h * 60 + m) return null;
  return local.date;
}

export type DigestPost = {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  publishedAt: Date | null;
  authorName: string;
  viewCount: number;
};

export type DigestContent = {
  followedPosts: DigestPost[];
  mostRead: DigestPost[];
  notifications: { title: string; message: string | null; link: string | null }[];
};

export const DIGEST_WINDOW_DAYS = 7;
const FOLLOWED_LIMIT = 10;
const MOST_READ_LIMIT = 5;

function postColumns() {
  return {
    id: posts.id,
    title: posts.title,
    slug: posts.slug,
    excerpt: posts.excerpt,
    publishedAt: posts.publishedAt,
    authorName: sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), ${profiles.username})`,
    viewCount: posts.viewCount,
  };
}

/** The week's most-read posts (published in the window), the same for every member. */
export async function mostReadPosts(db: Database, since: Date, until: Date): Promise<DigestPost[]> {
  return db
    .select(postColumns())
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.authorId))
    .where(
      and(
        eq(posts.status, "published"),
        gte(posts.publishedAt, since),
        lt(posts.publishedAt, until),
      ),
    )
    .orderBy(desc(posts.viewCount), desc(posts.publishedAt))
    .limit(MOST_READ_LIMIT);
}

/**
 * What one member's digest holds: the week's posts by the people they follow
 * (when new posts go to their digest), the most-read posts they have not
 * already got above, and the week's notifications of the other types they
 * send to the digest. Empty when there is nothing new.
 */
export async function digestFor(
  db: Database,
  userId: string,
  since: Date,
  until: Date,
  mostRead: DigestPost[],
): Promise<DigestContent> {
  const preferences = await getPreferences(db, userId);
  const followedPosts =
    preferences.new_post === "digest"
      ? await db
          .select(postColumns())
          .from(posts)
          .innerJoin(profiles, eq(profiles.id, posts.authorId))
          .innerJoin(
            follows,
            and(eq(follows.followingId, posts.authorId), eq(follows.followerId, userId)),
          )
          .where(
            and(
              eq(posts.status, "published"),
              gte(posts.publishedAt, since),
              lt(posts.publishedAt, until),
              ne(posts.authorId, userId),
            ),
          )
          .orderBy(desc(posts.publishedAt))
          .limit(FOLLOWED_LIMIT)
      : [];
  const shown = new Set(followedPosts.map((p) => p.id));
  const digestTypes = NOTIFICATION_PREFERENCE_TYPES.filter(
    (t) => t !== "new_post" && preferences[t] === "digest",
  );
  const weekNotifications =
    digestTypes.length > 0
      ? await db
          .select({
            title: notifications.title,
            message: notifications.message,
            link: notifications.link,
          })
          .from(notifications)
          .where(
            and(
              eq(notifications.userId, userId),
              inArray(sql`${notifications.type}::text`, digestTypes),
              gte(notifications.createdAt, since),
              lt(notifications.createdAt, until),
            ),
          )
          .orderBy(desc(notifications.createdAt))
          .limit(20)
      : [];
  return {
    followedPosts,
    mostRead: mostRead.filter((p) => !shown.has(p.id)),
    notifications: weekNotifications,
  };
}

export function isEmptyDigest(content: DigestContent): boolean {
  return (
    content.followedPosts.length === 0 &&
    content.mostRead.length === 0 &&
    content.notifications.length === 0
  );
}

/**
 * The members who get the digest, a page at a time (by id): approved, with an
 * e-mail, and not switched off.
 */
export async function digestRecipients(
  db: Database,
  after: string,
  limit: number,
): Promise<string[]> {
  const off = db
    .select({ userId: notificationPreferences.userId })
    .from(notificationPreferences)
    .where(
      and(eq(notificationPreferences.type, DIGEST_KEY), eq(notificationPreferences.channel, "off")),
    );
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        eq(profiles.status, "approved"),
        sql`${profiles.id} > ${after}`,
        notInArray(profiles.id, off),
      ),
    )
    .orderBy(profiles.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The window a week's digest covers: the 7 days before its moment. */
export function digestWindow(sentAt: Date): { since: Date; until: Date } {
  return { since: new Date(sentAt.getTime() - DIGEST_WINDOW_DAYS * 86_400_000), until: sentAt };
}
