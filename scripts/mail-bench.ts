/**
 * The e-mail pipeline's figures (docs/milestones.md#issue-20-members-come-back): a weekly digest to 10,000
 * members through the job queue to a local SMTP server (smtp-server, in this
 * process), on a fresh embedded PGlite database, or on PostgreSQL with
 * BENCH_DATABASE_URL (a database this script may fill). Prints the time, the
 * e-mails per second and the peak memory (RSS of this process, which holds
 * the workers, the SMTP server and, on PGlite, the database).
 *
 *   npx tsx scripts/mail-bench.ts            # 10,000 members, 4 jobs at once
 *   MEMBERS=2000 CONCURRENCY=8 SMTP_POOL=true npx tsx scripts/mail-bench.ts
 */
import { sql } from "drizzle-orm";
import { openDatabase, setDatabase } from "../server/db/client";
import { migrateDatabase } from "../server/db/migrate";
import { ensureReservedRows } from "../server/db/seed";
import { JobQueue } from "../server/jobs/queue";
import { createLogger } from "../server/logger";
import { createMailer } from "../server/mail";
import { startSmtpSink } from "../tests/support/smtp-sink";
import { startEmailJobs } from "../app/features/email/jobs.server";

const members = Number(process.env.MEMBERS ?? 10_000);
const concurrency = Number(process.env.CONCURRENCY ?? 4);
const url = process.env.BENCH_DATABASE_URL;

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);
const mib = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;

const handle = url ? await openDatabase({ url, poolSize: 8 }) : await openDatabase({});
setDatabase(handle);
await migrateDatabase(handle);
await ensureReservedRows(handle.db);
const db = handle.db;
if (url) {
  await db.execute(sql`DROP SCHEMA IF EXISTS pgboss CASCADE`);
  await db.execute(sql`TRUNCATE mail_deliveries, follows, posts, profiles, users CASCADE`);
}

console.log(`seeding ${members} members, one mentor they all follow, and 3 posts this week…`);
await db.execute(sql`
  INSERT INTO users (id, name, email, username, email_verified)
  SELECT 'bench-' || i, 'Member ' || i, 'member' || i || '@bench.test', 'member_' || i, true
  FROM generate_series(0, ${members}) AS i`);
await db.execute(sql`
  INSERT INTO profiles (id, email, username, full_name, status, role)
  SELECT 'bench-' || i, 'member' || i || '@bench.test', 'member_' || i, 'Member ' || i, 'approved',
         CASE WHEN i = 0 THEN 'mentor'::role ELSE 'user'::role END
  FROM generate_series(0, ${members}) AS i`);
await db.execute(sql`
  INSERT INTO follows (follower_id, following_id)
  SELECT 'bench-' || i, 'bench-0' FROM generate_series(1, ${members}) AS i`);
await db.execute(sql`
  INSERT INTO posts (title, slug, content, excerpt, status, published_at, author_id, category_id, view_count)
  SELECT 'Bench post ' || i, 'bench-post-' || i, '<p>Body</p>', 'What founders asked this week', 'published',
         now() - (i || ' days')::interval, 'bench-0',
         (SELECT id FROM categories LIMIT 1), 100 * i
  FROM generate_series(1, 3) AS i`);

const smtp = await startSmtpSink({ keepBodies: false });
const log = createLogger("silent");
const queue = new JobQueue(handle.queueBackend, log, {
  work: true,
  concurrency,
  pollingSeconds: 0.5,
});
await queue.start();
const smtpUrl = process.env.SMTP_POOL === "true" ? `${smtp.url}?pool=true` : smtp.url;
const mailer = createMailer({
  smtpUrl,
  from: "Bench <bench@bench.test>",
  dataDir: "/nonexistent",
  log,
});
await startEmailJobs(queue, log, {
  db,
  mailer: () => mailer,
  site: () =>
    Promise.resolve({
      name: "FounderBridge",
      url: "https://founderbridge.test",
      secret: "bench-secret-that-is-long-enough-0123456789",
      timeZone: "Europe/London",
    }),
});

const rssBefore = process.memoryUsage().rss;
peakRss = rssBefore;
const started = performance.now();
await queue.send(
  "digest-plan",
  { kind: "fanout", week: "bench", until: new Date().toISOString() },
  { key: `fanout:bench:${Date.now()}` },
);
let enqueuedAt = 0;
for (;;) {
  await new Promise((r) => setTimeout(r, 500));
  const state = await queue.state();
  if (!enqueuedAt && state.pending + state.active > 1) enqueuedAt = performance.now();
  const done = smtp.received.length;
  process.stdout.write(`\r${done} sent, ${state.pending} pending, ${state.failed} failed   `);
  if (done >= members + 1 && state.pending === 0 && state.active === 0) break;
}
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const unique = new Set(smtp.received.flatMap((m) => m.to)).size;
console.log(
  `\n${handle.kind}, ${concurrency} jobs at once, SMTP pool ${process.env.SMTP_POOL === "true" ? "on" : "off"}:` +
    ` ${smtp.received.length} digests (${unique} recipients) in ${seconds.toFixed(1)} s,` +
    ` ${(smtp.received.length / seconds).toFixed(0)} e-mails/s;` +
    ` RSS ${mib(rssBefore)} before, peak ${mib(peakRss)}`,
);
await queue.stop(5_000);
await mailer.close();
await smtp.close();
await handle.close();
process.exit(0);
