/**
 * A job worker as a process of its own, for the digest's kill -9 test
 * (app/features/email/digest.integration.test.ts): the e-mail jobs on the
 * PostgreSQL database in DATABASE_URL, sending to SMTP_URL, with short
 * heartbeats so a killed worker's jobs come back within seconds. Prints
 * "ready" once it works.
 */
import { openDatabase, setDatabase } from "#server/db/client";
import { JobQueue } from "#server/jobs/queue";
import { createLogger } from "#server/logger";
import { createMailer } from "#server/mail";
import { startEmailJobs } from "~/features/email/jobs.server";

const url = process.env.DATABASE_URL!;
const handle = await openDatabase({ url, poolSize: 4 });
setDatabase(handle);
const log = createLogger("silent");
const queue = new JobQueue(handle.queueBackend, log, {
  work: true,
  concurrency: Number(process.env.JOB_CONCURRENCY ?? 4),
  pollingSeconds: 0.5,
  heartbeatSeconds: 10,
  superviseSeconds: 1,
  retryDelay: 1,
});
await queue.start();
const mailer = createMailer({
  smtpUrl: process.env.SMTP_URL,
  from: "FounderBridge <no-reply@founderbridge.test>",
  dataDir: "/nonexistent",
  log,
});
await startEmailJobs(queue, log, {
  db: handle.db,
  mailer: () => mailer,
  site: () =>
    Promise.resolve({
      name: "FounderBridge",
      url: process.env.SITE_URL!,
      secret: process.env.SECRET!,
      timeZone: "Europe/London",
    }),
});
process.stdout.write("ready\n");
