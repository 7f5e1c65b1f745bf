/**
 * Scheduled posts appear on time with nobody acting (docs/decisions/0003:
 * a post is public when published_at <= now()). The database needs no job;
 * the in-process caches do: a cached list or a cached "not found" must not
 * outlive the moment a scheduled post goes public.
 *
 * Each instance runs this clock for itself, so it is safe with several
 * instances: it asks the database for the next publication time, sleeps until
 * then (at most `maxWaitMs`, so a post scheduled meanwhile on another
 * instance is noticed), and clears its "posts" caches when a publication time
 * has passed since the last look. On each look it also announces posts that
 * have just gone public to their authors' followers (announceNewPosts claims
 * each post once, whichever instance looks first: decision 0121).
 */
import { sql } from "drizzle-orm";
import { invalidateLocal } from "#server/cache/cache";
import type { Services } from "#server/services";
import { announceNewPosts } from "~/features/notifications/new-posts.server";

export type PublicationClock = { stop(): void; tick(): Promise<void> };

/**
 * `services.jobs` is read at each look: the process's queue starts after the
 * clock (server/app.ts), and the followers' e-mails wait for it.
 */
export function startPublicationClock(
  services: Pick<Services, "db" | "jobs">,
  options: { maxWaitMs?: number; onError?: (error: unknown) => void } = {},
): PublicationClock {
  const maxWaitMs = options.maxWaitMs ?? 30_000;
  let lastLook = new Date();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  async function tick() {
    if (stopped) return;
    clearTimeout(timer);
    let wait = maxWaitMs;
    try {
      const since = lastLook;
      const { rows } = (await services.db.execute(sql`
        SELECT
          (SELECT min(published_at) FROM posts
            WHERE status = 'published' AND published_at > now()) AS next,
          EXISTS (SELECT 1 FROM posts
            WHERE status = 'published' AND published_at > ${since.toISOString()}::timestamptz
              AND published_at <= now()) AS due,
          now() AS now
      `)) as { rows: { next: string | Date | null; due: boolean; now: string | Date }[] };
      const row = rows[0]!;
      lastLook = new Date(row.now);
      if (row.due) invalidateLocal(["posts"]);
      await announceNewPosts({ db: services.db, jobs: services.jobs });
      if (row.next) {
        // A little after the moment, so that now() has passed it.
        wait = Math.min(
          maxWaitMs,
          Math.max(0, new Date(row.next).getTime() - lastLook.getTime() + 20),
        );
      }
    } catch (error) {
      options.onError?.(error);
    }
    if (stopped) return;
    timer = setTimeout(() => void tick(), wait);
    timer.unref?.();
  }

  void tick();
  return {
    tick,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
