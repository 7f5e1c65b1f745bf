/**
 * The weekly digest (docs/product/community.md#e-mail-and-preferences): when it is due, what each member gets,
 * nothing when nothing is new, one job and one e-mail per member and week;
 * and, on PostgreSQL, a kill -9 of the worker process in the middle of a run
 * loses no recipient and sends no one the digest twice.
 */
import { sql } from "drizzle-orm";
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { follows, mailDeliveries, notificationPreferences, posts } from "#server/db/schema";
import { JobQueue } from "#server/jobs/queue";
import { createLogger } from "#server/logger";
import type { MailMessage } from "#server/mail";
import { createPost, createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { startSmtpSink } from "#tests/support/smtp-sink";
import { digestFor, dueDigestWeek, mostReadPosts } from "./digest.server";
import { runDigestJob, runDigestPlanJob, type DigestJob, type EmailJobDeps } from "./jobs.server";

const testDb = testDatabaseForThisFile();
const log = createLogger("silent");
const SITE = {
  name: "FounderBridge",
  url: "https://founderbridge.test",
  secret: "digest-tests-secret-that-is-long-enough-0123",
  timeZone: "Europe/London",
};
let queue: JobQueue;
const sent: MailMessage[] = [];
const deps: EmailJobDeps = {
  get db() {
    return testDb.db;
  },
  mailer: () => ({
    kind: "outbox",
    send(m) {
      sent.push(m);
      return Promise.resolve();
    },
    async close() {},
  }),
  site: () => Promise.resolve(SITE),
};

beforeAll(async () => {
  queue = new JobQueue(testDb.handle.queueBackend, log, { work: false, concurrency: 1 });
  await queue.start();
});
afterAll(async () => {
  await queue?.stop(2_000);
});
afterEach(async () => {
  sent.length = 0;
  await testDb.db.execute(sql`DELETE FROM pgboss.job`);
});

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

async function world() {
  const db = testDb.db;
  const mentor = await createUser(db, { role: "mentor", fullName: "Meera Shah" });
  const other = await createUser(db, { role: "mentor", fullName: "Arjun Rao" });
  const reader = await createUser(db, { fullName: "Asha" });
  const lurker = await createUser(db);
  await db.insert(follows).values({ followerId: reader.id, followingId: mentor.id });
  const fresh = await createPost(db, {
    authorId: mentor.id,
    title: "Hiring your first UK employee",
    publishedAt: daysAgo(2),
  });
  const popular = await createPost(db, {
    authorId: other.id,
    title: "Bengaluru to London in 90 days",
    publishedAt: daysAgo(3),
    viewCount: 900,
  });
  await createPost(db, {
    authorId: mentor.id,
    title: "Last month's news",
    publishedAt: daysAgo(20),
  });
  return { mentor, other, reader, lurker, fresh, popular };
}

async function jobRows(name: string) {
  const { rows } = (await testDb.db.execute(
    sql`SELECT id, data FROM pgboss.job WHERE name = ${name} ORDER BY created_on`,
  )) as { rows: { id: string; data: DigestJob & { kind?: string } }[] };
  return rows;
}

describe("the weekly digest", () => {
  it("is due on its day from its time, in the site's time zone", () => {
    const schedule = { enabled: true, day: 1, time: "08:00", timeZone: "Europe/London" };
    // Monday 30 Nov 2026, 07:59 and 08:00 in London (GMT in winter).
    expect(dueDigestWeek(new Date("2026-11-30T07:59:00Z"), schedule)).toBeNull();
    expect(dueDigestWeek(new Date("2026-11-30T08:00:00Z"), schedule)).toBe("2026-11-30");
    expect(dueDigestWeek(new Date("2026-11-30T23:59:00Z"), schedule)).toBe("2026-11-30");
    expect(dueDigestWeek(new Date("2026-12-01T08:00:00Z"), schedule)).toBeNull();
    // In Kolkata, 08:00 on Monday is 02:30 UTC.
    const india = { ...schedule, timeZone: "Asia/Kolkata" };
    expect(dueDigestWeek(new Date("2026-11-30T02:30:00Z"), india)).toBe("2026-11-30");
    expect(dueDigestWeek(new Date("2026-11-30T02:29:00Z"), india)).toBeNull();
    expect(
      dueDigestWeek(new Date("2026-11-30T09:00:00Z"), { ...schedule, enabled: false }),
    ).toBeNull();
  });

  it("holds the followed mentors' new posts and the most-read posts; nothing when nothing is new", async () => {
    const w = await world();
    const until = new Date();
    const since = daysAgo(7);
    const mostRead = await mostReadPosts(testDb.db, since, until);
    const forReader = await digestFor(testDb.db, w.reader.id, since, until, mostRead);
    expect(forReader.followedPosts.map((p) => p.title)).toEqual(["Hiring your first UK employee"]);
    expect(forReader.mostRead.map((p) => p.title)).toEqual(["Bengaluru to London in 90 days"]);
    const forLurker = await digestFor(testDb.db, w.lurker.id, since, until, mostRead);
    expect(forLurker.followedPosts).toEqual([]);
    expect(forLurker.mostRead.map((p) => p.title)).toEqual([
      "Bengaluru to London in 90 days",
      "Hiring your first UK employee",
    ]);
    // A quiet week: nothing at all.
    const quiet = await digestFor(testDb.db, w.reader.id, daysAgo(60), daysAgo(30), []);
    expect(quiet).toEqual({ followedPosts: [], mostRead: [], notifications: [] });
  });

  it("plans once per week, one job per member, sends once, and nothing in a quiet week", async () => {
    const w = await world();
    const pending = await createUser(testDb.db, { status: "pending" });
    const off = await createUser(testDb.db);
    await testDb.db
      .insert(notificationPreferences)
      .values({ userId: off.id, type: "digest", channel: "off" });
    // Monday 08:05 in London: due. Two ticks (two instances, or a tick run again): one fan-out.
    const monday = new Date("2026-11-30T08:05:00Z");
    const at = { ...deps, now: () => monday };
    await runDigestPlanJob(at, queue, { kind: "tick" });
    await runDigestPlanJob(at, queue, { kind: "tick" });
    const plans = await jobRows("digest-plan");
    expect(plans).toHaveLength(1);
    // The fan-out run twice (a crash mid-way): each member once.
    const fanout = { kind: "fanout" as const, week: "2026-11-30", until: new Date().toISOString() };
    await runDigestPlanJob(deps, queue, fanout);
    await runDigestPlanJob(deps, queue, fanout);
    const jobs = await jobRows("digest");
    const recipients = jobs.map((j) => j.data.userId).sort();
    expect(recipients).toEqual(
      [w.mentor.id, w.other.id, w.reader.id, w.lurker.id].sort(), // not pending, not off
    );
    expect(recipients).not.toContain(pending.id);
    expect(recipients).not.toContain(off.id);

    // Each job run twice (a retry after a crash): one e-mail each.
    for (const job of jobs) {
      await runDigestJob(deps, job.data);
      await runDigestJob(deps, job.data);
    }
    expect(sent).toHaveLength(4);
    const toReader = sent.find((m) => m.to === w.reader.email)!;
    expect(toReader.subject).toBe("Your week on FounderBridge");
    expect(toReader.text).toContain("New from the people you follow");
    expect(toReader.text).toContain("Hiring your first UK employee");
    expect(toReader.text).toContain("Most read this week");
    expect(toReader.text).toContain("Bengaluru to London in 90 days");
    expect(toReader.html).toContain("Hiring your first UK employee");
    expect(toReader.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(toReader.headers!["List-Unsubscribe"]).toMatch(
      /^<https:\/\/founderbridge\.test\/unsubscribe\?token=u1\.[^>]+\.digest\.[^>]+>$/,
    );
    const rows = await testDb.db.select().from(mailDeliveries);
    expect(rows).toHaveLength(4);

    // Next week, nothing published: no e-mail at all.
    sent.length = 0;
    await testDb.db.update(posts).set({ publishedAt: daysAgo(40) });
    const quietWeek = {
      kind: "fanout" as const,
      week: "2026-12-07",
      until: new Date().toISOString(),
    };
    await runDigestPlanJob(deps, queue, quietWeek);
    for (const job of (await jobRows("digest")).filter((j) => j.data.week === "2026-12-07")) {
      await runDigestJob(deps, job.data);
    }
    expect(sent).toHaveLength(0);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)("a kill -9 of the worker process during a digest run", () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  });

  async function startWorker(env: Record<string, string>) {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.resolve("tests/support/digest-worker.ts")],
      { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] },
    );
    children.push(child);
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    const deadline = Date.now() + 60_000;
    while (!out.includes("ready")) {
      if (child.exitCode !== null) throw new Error(`worker exited ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error("worker did not start");
      await new Promise((r) => setTimeout(r, 100));
    }
    return child;
  }

  it("loses no recipient and sends each member at most one digest", async () => {
    const db = testDb.db;
    const members = 120;
    const mentor = await createUser(db, { role: "mentor", fullName: "Meera Shah" });
    await createPost(db, {
      authorId: mentor.id,
      title: "This week's post",
      publishedAt: daysAgo(1),
    });
    const ids: string[] = [];
    for (let i = 0; i < members; i++) ids.push((await createUser(db)).id);
    await db.insert(follows).values(ids.map((id) => ({ followerId: id, followingId: mentor.id })));

    const smtp = await startSmtpSink({ delayMs: 25 });
    try {
      const { handle } = testDb;
      const url = (handle.queueBackend as { url: string }).url;
      const env = {
        DATABASE_URL: url,
        SMTP_URL: smtp.url,
        SITE_URL: SITE.url,
        SECRET: SITE.secret,
      };
      const first = await startWorker(env);
      await queue.send(
        "digest-plan",
        { kind: "fanout", week: "2026-11-30", until: new Date().toISOString() },
        { key: "fanout:2026-11-30" },
      );
      // Mid-run: some sent, most not.
      const deadline = Date.now() + 60_000;
      while (smtp.received.length < 30 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
      }
      const exited = once(first, "exit");
      first.kill("SIGKILL");
      await exited;
      const atKill = smtp.received.length;
      expect(atKill).toBeGreaterThanOrEqual(30);
      expect(atKill).toBeLessThan(members + 1);

      await startWorker(env);
      const everyone = members + 1; // the mentor gets the week's most-read post too
      const until = Date.now() + 90_000;
      for (;;) {
        const delivered = new Set(smtp.received.flatMap((m) => m.to));
        const { rows } = (await db.execute(
          sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name IN ('digest', 'digest-plan') AND state <> 'completed'`,
        )) as { rows: { n: number }[] };
        if (delivered.size >= everyone && rows[0]!.n === 0) break;
        if (Date.now() > until) throw new Error(`only ${delivered.size} of ${everyone} delivered`);
        await new Promise((r) => setTimeout(r, 250));
      }
      const counts = new Map<string, number>();
      for (const m of smtp.received)
        for (const to of m.to) counts.set(to, (counts.get(to) ?? 0) + 1);
      const twice = [...counts.values()].filter((n) => n > 1).length;
      console.warn(
        `digest kill -9: ${everyone} members, ${atKill} e-mails before the kill, ${smtp.received.length} in all, ${twice} sent twice`,
      );
      expect(counts.size).toBe(everyone);
      // Only a message the SMTP server had accepted in the instant before the kill, before its
      // key was written, could go twice: at most the jobs running at once (4).
      expect(twice).toBeLessThanOrEqual(4);
      const keys = await db.select().from(mailDeliveries);
      expect(keys).toHaveLength(everyone);
    } finally {
      await smtp.close();
    }
  }, 180_000);
});
