import { eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { Database } from "../db/client";
import { rateLimits } from "../db/schema";

/**
 * Fixed-window counters in the rate_limits table (shared with Better Auth's
 * own limiter, under keys of their own: "fb:…"), so every server instance
 * sees the same counts.
 */
export type Limit = { windowMs: number; max: number };
export type LimitResult = { allowed: boolean; count: number; retryAfterMs: number };

/** Counts one request against `key`; allowed while the window's count is at most `max`. */
export async function hitLimit(
  db: Database,
  key: string,
  limit: Limit,
  now = Date.now(),
): Promise<LimitResult> {
  const fullKey = `fb:${key}`;
  const windowStart = now - limit.windowMs;
  const [row] = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key: fullKey, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.lastRequest} <= ${windowStart} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        lastRequest: sql`CASE WHEN ${rateLimits.lastRequest} <= ${windowStart} THEN ${now}::bigint ELSE ${rateLimits.lastRequest} END`,
      },
    })
    .returning({ count: rateLimits.count, lastRequest: rateLimits.lastRequest });
  const count = row!.count;
  const retryAfterMs = Math.max(0, Number(row!.lastRequest) + limit.windowMs - now);
  return { allowed: count <= limit.max, count, retryAfterMs };
}

/** Milliseconds until the window of `key` ends (0 when none is open), without counting. */
export async function windowRemaining(
  db: Database,
  key: string,
  windowMs: number,
  now = Date.now(),
) {
  const [row] = await db
    .select({ lastRequest: rateLimits.lastRequest })
    .from(rateLimits)
    .where(eq(rateLimits.key, `fb:${key}`));
  if (!row) return 0;
  return Math.max(0, Number(row.lastRequest) + windowMs - now);
}

/** Forgets a key (e.g. a successful login resets its failures). */
export async function clearLimit(db: Database, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, `fb:${key}`));
}
