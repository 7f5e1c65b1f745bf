/**
 * View counting (spec 1 §7 increment_view_count_by_slug): each loaded post
 * registers a view, and a visitor counts at most once per post per 30
 * minutes, so refreshing cannot inflate the count. A visitor is a keyed hash
 * of address and browser; the address itself is never stored.
 */
import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import type { Database } from "#server/db/client";

export const VIEW_WINDOW_MINUTES = 30;

export function visitorKey(secret: string, ip: string, userAgent: string): string {
  return createHmac("sha256", secret)
    .update(`${ip}\n${userAgent}`)
    .digest("base64url")
    .slice(0, 32);
}

let sinceCleanup = 0;

/**
 * Counts a view of the post unless this visitor viewed it in the last 30
 * minutes. Returns whether it counted. One statement: no race between two
 * requests of the same visitor.
 */
export async function registerView(db: Database, postId: string, key: string): Promise<boolean> {
  const result = (await db.execute(sql`
    WITH seen AS (
      INSERT INTO post_views (post_id, visitor_key, viewed_at)
      VALUES (${postId}, ${key}, now())
      ON CONFLICT (post_id, visitor_key) DO UPDATE SET viewed_at = now()
        WHERE post_views.viewed_at < now() - make_interval(mins => ${VIEW_WINDOW_MINUTES})
      RETURNING 1
    )
    UPDATE posts SET view_count = view_count + 1
    WHERE id = ${postId} AND EXISTS (SELECT 1 FROM seen)
    RETURNING view_count
  `)) as { rows: unknown[] };
  // Old rows no longer decide anything: drop them now and then.
  sinceCleanup += 1;
  if (sinceCleanup >= 500) {
    sinceCleanup = 0;
    await db.execute(
      sql`DELETE FROM post_views WHERE viewed_at < now() - make_interval(mins => ${VIEW_WINDOW_MINUTES})`,
    );
  }
  return result.rows.length > 0;
}

/** Registers the view in the background (the page never waits for it); bots are not counted. */
export function registerViewInBackground(
  db: Database,
  options: { postId: string; secret: string; ip: string; userAgent: string | null },
  onError: (error: unknown) => void,
) {
  const userAgent = options.userAgent ?? "";
  if (isbot(userAgent)) return;
  registerView(db, options.postId, visitorKey(options.secret, options.ip, userAgent)).catch(
    onError,
  );
}
