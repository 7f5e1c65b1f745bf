/**
 * The demo's counted views (docs/decisions/0261): one post_daily_views row per published demo
 * post and UTC day of the last 30 days since its publication, so that the admin's Analytics
 * draws a chart on a demo site. About half of a post's view_count falls in those 30 days,
 * spread with the seeded randomness (the same figures on every seed).
 */
import { postDailyViews } from "./schema";
import { DAY, type Context, type InsertedPost } from "./seed-demo-rows";

export const DEMO_VIEW_DAYS = 30;

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

export async function insertDailyViews(
  ctx: Context,
  inserted: Map<string, InsertedPost>,
): Promise<void> {
  const rows: { postId: string; day: string; views: number }[] = [];
  for (const { id, publishedAt, viewCount } of inserted.values()) {
    if (publishedAt === null || publishedAt > ctx.now) continue;
    const perDay = viewCount / (2 * DEMO_VIEW_DAYS);
    for (let ago = DEMO_VIEW_DAYS - 1; ago >= 0; ago -= 1) {
      const day = ctx.now - ago * DAY;
      if (isoDay(day) < isoDay(publishedAt)) continue;
      const views = Math.round(perDay * (0.4 + 1.2 * ctx.random()));
      if (views > 0) rows.push({ postId: id, day: isoDay(day), views });
    }
  }
  if (rows.length > 0) await ctx.tx.insert(postDailyViews).values(rows);
}
