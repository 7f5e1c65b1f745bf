/**
 * The Analytics page's figures (docs/product/administration.md#analytics), from the site's own counted
 * views (post_daily_views, one row per post and UTC day) and its tables: views
 * per day over the last 30 or 90 days, site-wide or for one post; the most
 * read posts of the last 7 and 30 days; sign-ups, comments and follows per
 * week (last 12 weeks). Admins only.
 */
import { and, desc, eq, gte, sql, sum } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { comments, follows, postDailyViews, posts, profiles } from "#server/db/schema";
import type { Actor } from "~/features/accounts/permissions";
import { assertCan } from "~/features/accounts/permissions.server";

export const ANALYTICS_RANGES = [30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

const DAY_MS = 24 * 3600 * 1000;
/** YYYY-MM-DD of `now` minus `days` (UTC). */
const dayOf = (now: Date, days: number) =>
  new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10);

/** Every day of the range, oldest first, with its views (0 for a day without any). */
export async function viewsPerDay(
  db: Database,
  actor: Actor | null | undefined,
  options: { days: AnalyticsRange; postId?: string | null; now?: Date },
): Promise<{ day: string; views: number }[]> {
  assertCan(actor, "admin.access");
  const now = options.now ?? new Date();
  const first = dayOf(now, options.days - 1);
  const rows = await db
    .select({ day: postDailyViews.day, views: sum(postDailyViews.views).mapWith(Number) })
    .from(postDailyViews)
    .where(
      and(
        gte(postDailyViews.day, first),
        options.postId ? eq(postDailyViews.postId, options.postId) : undefined,
      ),
    )
    .groupBy(postDailyViews.day);
  const byDay = new Map(rows.map((r) => [r.day, r.views]));
  return Array.from({ length: options.days }, (_, i) => {
    const day = dayOf(now, options.days - 1 - i);
    return { day, views: byDay.get(day) ?? 0 };
  });
}

/** The most viewed posts of the last `days` days (today included), at most `limit`. */
export async function topPostsByViews(
  db: Database,
  actor: Actor | null | undefined,
  options: { days: number; limit?: number; now?: Date },
) {
  assertCan(actor, "admin.access");
  const views = sum(postDailyViews.views).mapWith(Number);
  return db
    .select({ id: posts.id, title: posts.title, slug: posts.slug, views })
    .from(postDailyViews)
    .innerJoin(posts, eq(posts.id, postDailyViews.postId))
    .where(gte(postDailyViews.day, dayOf(options.now ?? new Date(), options.days - 1)))
    .groupBy(posts.id)
    .orderBy(desc(views), posts.title)
    .limit(options.limit ?? 10);
}

/** Sign-ups, comments and follows per week (weeks start on Monday, UTC), the last 12 weeks. */
export async function weeklyCommunity(
  db: Database,
  actor: Actor | null | undefined,
  options: { now?: Date } = {},
): Promise<{ week: string; signUps: number; comments: number; follows: number }[]> {
  assertCan(actor, "admin.access");
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - 12 * 7 * DAY_MS);
  const perWeek = async (
    table: typeof profiles | typeof comments | typeof follows,
    extra?: ReturnType<typeof eq>,
  ) => {
    const week = sql<string>`to_char(date_trunc('week', ${table.createdAt} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;
    const rows = await db
      .select({ week, n: sql<number>`count(*)`.mapWith(Number) })
      .from(table)
      .where(and(gte(table.createdAt, since), extra))
      .groupBy(week);
    return new Map(rows.map((r) => [r.week, r.n]));
  };
  const [signUps, commented, followed] = await Promise.all([
    perWeek(profiles),
    perWeek(comments, eq(comments.isDeleted, false)),
    perWeek(follows),
  ]);
  // The Monday of each of the last 12 weeks, oldest first.
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return Array.from({ length: 12 }, (_, i) => {
    const week = new Date(monday.getTime() - (11 - i) * 7 * DAY_MS).toISOString().slice(0, 10);
    return {
      week,
      signUps: signUps.get(week) ?? 0,
      comments: commented.get(week) ?? 0,
      follows: followed.get(week) ?? 0,
    };
  });
}

/**
 * The posts the Analytics page's picker offers (docs/decisions/0261): those with views counted,
 * most viewed first, then the other published posts, newest first; at most `limit` in all.
 */
export async function analyticsPostChoices(
  db: Database,
  actor: Actor | null | undefined,
  options: { limit?: number } = {},
): Promise<{ slug: string; title: string }[]> {
  assertCan(actor, "admin.access");
  const views = sql<number>`coalesce((SELECT sum(${postDailyViews.views}) FROM ${postDailyViews} WHERE ${postDailyViews.postId} = ${posts.id}), 0)`;
  return db
    .select({ slug: posts.slug, title: posts.title })
    .from(posts)
    .where(eq(posts.status, "published"))
    .orderBy(desc(views), desc(posts.publishedAt), posts.title)
    .limit(options.limit ?? 300);
}
