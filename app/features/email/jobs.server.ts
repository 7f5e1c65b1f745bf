/**
 * The e-mail jobs (docs/decisions/0126, docs/decisions/0125, docs/product/community.md#e-mail-and-preferences, docs/decisions/0123), registered with the job queue at start-up
 * (app/entry.express.ts → server/app.ts). Every send goes through deliver():
 * a key already in mail_deliveries is not sent again, and the key is written
 * as soon as the SMTP server has taken the message (docs/decisions/0124).
 */
import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { broadcasts, mailDeliveries, notifications, profiles } from "#server/db/schema";
import type { JobQueue } from "#server/jobs/queue";
import type { Logger } from "#server/logger";
import type { MailMessage, Mailer } from "#server/mail";
import type { Services } from "#server/services";
import { isPreferenceType } from "~/features/email-preferences/preference-rules";
import { channelFor, type MailJob } from "~/features/email-preferences/preferences.server";
import { loadSiteSettings, siteTimeZone } from "~/features/site-settings/site-settings.server";
import {
  digestFor,
  digestRecipients,
  digestWindow,
  dueDigestWeek,
  isEmptyDigest,
  mostReadPosts,
  type DigestPost,
} from "./digest.server";
import {
  broadcastEmail,
  digestEmail,
  notificationEmail,
  type SiteForEmail,
} from "./messages.server";

export type DigestPlanJob = { kind: "tick" } | { kind: "fanout"; week: string; until: string };
export type DigestJob = { userId: string; week: string; since: string; until: string };

export type EmailJobDeps = {
  db: Database;
  mailer: () => Mailer;
  site: () => Promise<SiteForEmail>;
  now?: () => Date;
};

// The site's time zone (Site Settings, decision 0144): digests and e-mail dates follow it.
export { siteTimeZone };

/** The site as e-mails name it; dates in the zone Site Settings hold now. */
export async function siteForEmail(
  db: Database,
  config: { siteName: string; siteUrl: string; authSecret: string },
): Promise<SiteForEmail> {
  return {
    name: config.siteName,
    url: config.siteUrl,
    secret: config.authSecret,
    timeZone: await siteTimeZone(db),
  };
}

/**
 * The jobs' dependencies from the process's services (app/entry.express.ts
 * hands them over when it registers the jobs; docs/decisions/0250). Each is
 * read when a job runs: the queue starts before any job needs them.
 */
export function emailJobDeps(
  services: Pick<Services, "db" | "mailer" | "config" | "clock">,
): EmailJobDeps {
  return {
    get db() {
      return services.db;
    },
    mailer: () => services.mailer,
    site: () => siteForEmail(services.db, services.config),
    now: () => services.clock.now(),
  };
}

/**
 * Sends the message `build` makes under `key`, once: nothing when the key
 * was sent before or `build` finds nothing to send.
 */
async function deliver(
  deps: EmailJobDeps,
  key: string,
  userId: string | null,
  kind: string,
  build: () => Promise<MailMessage | null>,
): Promise<boolean> {
  const { db } = deps;
  const [sent] = await db
    .select({ key: mailDeliveries.key })
    .from(mailDeliveries)
    .where(eq(mailDeliveries.key, key))
    .limit(1);
  if (sent) return false;
  const message = await build();
  if (!message) return false;
  await deps.mailer().send(message);
  await db.insert(mailDeliveries).values({ key, userId, kind }).onConflictDoNothing();
  return true;
}

async function recipient(db: Database, userId: string) {
  const [row] = await db
    .select({ id: profiles.id, email: profiles.email, status: profiles.status })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return row;
}

const FANOUT_PAGE = 1000;

export async function runMailJob(deps: EmailJobDeps, queue: JobQueue, job: MailJob) {
  const { db } = deps;
  if (job.kind === "notification") {
    await deliver(
      deps,
      `notification:${job.notificationId}`,
      job.userId,
      "notification",
      async () => {
        const [n] = await db
          .select()
          .from(notifications)
          .where(eq(notifications.id, job.notificationId))
          .limit(1);
        if (!n || !isPreferenceType(n.type)) return null;
        const to = await recipient(db, n.userId);
        // Blocked since, or the member changed their mind before it went out.
        if (!to || to.status === "blocked") return null;
        if ((await channelFor(db, n.userId, n.type)) !== "email") return null;
        return notificationEmail(await deps.site(), to, { ...n, type: n.type });
      },
    );
    return;
  }
  if (job.kind === "broadcast") {
    await deliver(
      deps,
      `broadcast:${job.broadcastId}:${job.userId}`,
      job.userId,
      "broadcast",
      async () => {
        const [b] = await db
          .select()
          .from(broadcasts)
          .where(eq(broadcasts.id, job.broadcastId))
          .limit(1);
        const to = await recipient(db, job.userId);
        if (!b || !to) return null;
        return broadcastEmail(await deps.site(), to, b);
      },
    );
    return;
  }
  // The broadcast's recipients (its notifications), who take announcements by e-mail.
  let after = "";
  for (;;) {
    const rows = await db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(
        and(
          eq(notifications.broadcastId, job.broadcastId),
          gt(notifications.userId, after),
          sql`coalesce((SELECT channel FROM notification_preferences np
                         WHERE np.user_id = ${notifications.userId} AND np.type = 'broadcast'),
                        'email') = 'email'`,
        ),
      )
      .orderBy(notifications.userId)
      .limit(FANOUT_PAGE);
    if (rows.length === 0) break;
    await queue.sendMany(
      "mail",
      rows.map((r) => ({
        key: `broadcast:${job.broadcastId}:${r.userId}`,
        data: { kind: "broadcast", broadcastId: job.broadcastId, userId: r.userId },
      })),
    );
    after = rows.at(-1)!.userId;
  }
}

export async function runDigestPlanJob(deps: EmailJobDeps, queue: JobQueue, job: DigestPlanJob) {
  const { db } = deps;
  if (job.kind === "tick") {
    const settings = await loadSiteSettings(db);
    const now = deps.now?.() ?? new Date();
    const week = dueDigestWeek(now, {
      enabled: settings.digestEnabled,
      day: settings.digestDay,
      time: settings.digestTime,
      timeZone: await siteTimeZone(db),
    });
    if (!week) return;
    await queue.send(
      "digest-plan",
      { kind: "fanout", week, until: now.toISOString() },
      { key: `fanout:${week}` },
    );
    return;
  }
  const { since, until } = digestWindow(new Date(job.until));
  let after = "";
  for (;;) {
    const ids = await digestRecipients(db, after, FANOUT_PAGE);
    if (ids.length === 0) break;
    await queue.sendMany(
      "digest",
      ids.map((userId) => ({
        key: `${userId}:${job.week}`,
        data: {
          userId,
          week: job.week,
          since: since.toISOString(),
          until: until.toISOString(),
        } satisfies DigestJob,
      })),
    );
    after = ids.at(-1)!;
  }
}

/**
 * The week's most-read posts, read once per database, week and window by this process (a test
 * worker serves one database per file: decision 0240).
 */
const mostReadByDatabase = new WeakMap<object, Map<string, Promise<DigestPost[]>>>();

function mostReadCacheOf(db: object) {
  let cache = mostReadByDatabase.get(db);
  if (!cache) mostReadByDatabase.set(db, (cache = new Map<string, Promise<DigestPost[]>>()));
  return cache;
}

export async function runDigestJob(deps: EmailJobDeps, job: DigestJob) {
  const { db } = deps;
  const since = new Date(job.since);
  const until = new Date(job.until);
  await deliver(deps, `digest:${job.userId}:${job.week}`, job.userId, "digest", async () => {
    const to = await recipient(db, job.userId);
    if (!to || to.status !== "approved") return null;
    const mostReadCache = mostReadCacheOf(db);
    const cacheKey = `${job.since}/${job.until}`;
    let mostRead = mostReadCache.get(cacheKey);
    if (!mostRead) {
      if (mostReadCache.size > 4) mostReadCache.clear();
      mostRead = mostReadPosts(db, since, until);
      mostReadCache.set(cacheKey, mostRead);
      mostRead.catch(() => mostReadCache.delete(cacheKey));
    }
    const content = await digestFor(db, job.userId, since, until, await mostRead);
    if (isEmptyDigest(content)) return null;
    return digestEmail(await deps.site(), to, job.week, content, { since, until });
  });
}

/** Registers the handlers and the digest's tick (every 15 minutes, once across instances). */
export async function startEmailJobs(
  queue: JobQueue,
  log: Logger,
  deps: EmailJobDeps,
): Promise<void> {
  await queue.work<MailJob>("mail", (job) => runMailJob(deps, queue, job));
  await queue.work<DigestPlanJob>("digest-plan", (job) => runDigestPlanJob(deps, queue, job));
  await queue.work<DigestJob>("digest", (job) => runDigestJob(deps, job));
  await queue.schedule("digest-plan", "*/15 * * * *", "UTC", { kind: "tick" });
  log.info({}, "e-mail jobs started");
}
