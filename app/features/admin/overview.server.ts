/**
 * The admin dashboard's Overview figures (docs/product/administration.md#dashboard /admin Overview, top
 * 5): the stat cards, the top lists and the weekly activity. Every function
 * asks the permissions module first: only admins pass.
 */
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { categories, comments, posts, profiles, tags } from "#server/db/schema";
import type { Actor } from "~/features/accounts/permissions";
import { assertCan } from "~/features/accounts/permissions.server";
export const TOP_LIMIT = 5;

export type DashboardStats = {
  totalUsers: number;
  mentors: number;
  pendingApprovals: number;
  posts: number;
  comments: number;
  blockedUsers: number;
};

export async function dashboardStats(
  db: Database,
  actor: Actor | null | undefined,
): Promise<DashboardStats> {
  assertCan(actor, "admin.access");
  const [people] = await db
    .select({
      totalUsers: sql<number>`count(*)::int`,
      mentors: sql<number>`(count(*) filter (where ${profiles.role} = 'mentor'))::int`,
      pendingApprovals: sql<number>`(count(*) filter (where ${profiles.status} = 'pending'))::int`,
      blockedUsers: sql<number>`(count(*) filter (where ${profiles.status} = 'blocked'))::int`,
    })
    .from(profiles);
  const [postCount] = await db.select({ n: count() }).from(posts);
  const [commentCount] = await db
    .select({ n: count() })
    .from(comments)
    .where(eq(comments.isDeleted, false));
  return {
    totalUsers: Number(people!.totalUsers),
    mentors: Number(people!.mentors),
    pendingApprovals: Number(people!.pendingApprovals),
    posts: Number(postCount!.n),
    comments: Number(commentCount!.n),
    blockedUsers: Number(people!.blockedUsers),
  };
}

export type TopLists = {
  tags: { name: string; slug: string; usageCount: number }[];
  categories: { name: string; slug: string; postCount: number }[];
  mentors: { username: string; name: string; postCount: number }[];
};

/** Top 5 tags by usage, categories and mentors by published posts (docs/product/administration.md#categories). */
export async function topLists(db: Database, actor: Actor | null | undefined): Promise<TopLists> {
  assertCan(actor, "admin.access");
  const topTags = await db
    .select({ name: tags.name, slug: tags.slug, usageCount: tags.usageCount })
    .from(tags)
    .where(sql`${tags.usageCount} > 0`)
    .orderBy(desc(tags.usageCount), asc(tags.name))
    .limit(TOP_LIMIT);
  const published = eq(posts.status, "published");
  const postCount = sql<number>`count(${posts.id})::int`;
  const topCategories = await db
    .select({ name: categories.name, slug: categories.slug, postCount })
    .from(categories)
    .innerJoin(posts, and(eq(posts.categoryId, categories.id), published))
    .groupBy(categories.id)
    .orderBy(desc(postCount), asc(categories.name))
    .limit(TOP_LIMIT);
  const topMentors = await db
    .select({ username: profiles.username, fullName: profiles.fullName, postCount })
    .from(profiles)
    .innerJoin(posts, and(eq(posts.authorId, profiles.id), published))
    .where(eq(profiles.role, "mentor"))
    .groupBy(profiles.id)
    .orderBy(desc(postCount), asc(profiles.username))
    .limit(TOP_LIMIT);
  return {
    tags: topTags,
    categories: topCategories.map((c) => ({ ...c, postCount: Number(c.postCount) })),
    mentors: topMentors.map((m) => ({
      username: m.username,
      name: m.fullName?.trim() || m.username,
      postCount: Number(m.postCount),
    })),
  };
}

export const ACTIVITY_WEEKS = 12;

export type WeeklyActivity = {
  /** Monday of the week (UTC), YYYY-MM-DD. */
  weekStart: string;
  signups: number;
  posts: number;
};

/**
 * Sign-ups and new posts (created, any status) per week over the last 12
 * weeks, this week included, oldest first: one query, the weeks from
 * generate_series so that empty weeks count 0.
 */
export async function weeklyActivity(
  db: Database,
  actor: Actor | null | undefined,
  now: Date = new Date(),
): Promise<WeeklyActivity[]> {
  assertCan(actor, "admin.access");
  const result = (await db.execute(sql`
    WITH weeks AS (
      SELECT week_start
      FROM generate_series(
        date_trunc('week', ${now.toISOString()}::timestamptz AT TIME ZONE 'UTC') - interval '${sql.raw(String(ACTIVITY_WEEKS - 1))} weeks',
        date_trunc('week', ${now.toISOString()}::timestamptz AT TIME ZONE 'UTC'),
        interval '1 week'
      ) AS week_start
    ),
    bounds AS (SELECT min(week_start) AS first FROM weeks)
    SELECT to_char(w.week_start, 'YYYY-MM-DD') AS week_start,
      coalesce(s.n, 0)::int AS signups,
      coalesce(p.n, 0)::int AS posts
    FROM weeks w
    LEFT JOIN (
      SELECT date_trunc('week', ${profiles.createdAt} AT TIME ZONE 'UTC') AS week_start, count(*) AS n
      FROM ${profiles}, bounds
      WHERE ${profiles.createdAt} >= bounds.first AT TIME ZONE 'UTC'
      GROUP BY 1
    ) s ON s.week_start = w.week_start
    LEFT JOIN (
      SELECT date_trunc('week', ${posts.createdAt} AT TIME ZONE 'UTC') AS week_start, count(*) AS n
      FROM ${posts}, bounds
      WHERE ${posts.createdAt} >= bounds.first AT TIME ZONE 'UTC'
      GROUP BY 1
    ) p ON p.week_start = w.week_start
    ORDER BY w.week_start
  `)) as { rows: { week_start: string; signups: number; posts: number }[] };
  return result.rows.map((r) => ({
    weekStart: r.week_start,
    signups: Number(r.signups),
    posts: Number(r.posts),
  }));
}
