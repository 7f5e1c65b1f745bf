import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { jobIdFor, JobQueue, type JobQueueOptions } from "./queue";

const testDb = testDatabaseForThisFile({ resetBetweenTests: false });
const quiet = { warn() {}, info() {} };
const started: JobQueue[] = [];

async function queue(options: Partial<JobQueueOptions> = {}) {
  const q = new JobQueue(testDb.handle.queueBackend, quiet, {
    work: true,
    concurrency: 4,
    pollingSeconds: 0.5,
    retryDelay: 1,
    retryLimit: 2,
    ...options,
  });
  await q.start();
  started.push(q);
  return q;
}

async function until(check: () => boolean | Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function hasJobTable() {
  const { rows } = (await testDb.db.execute(sql`SELECT to_regclass('pgboss.job') AS t`)) as {
    rows: { t: string | null }[];
  };
  return rows[0]!.t !== null;
}

async function clearJobs() {
  if (started.length === 0 && !(await hasJobTable())) return;
  await testDb.db.execute(sql`DELETE FROM pgboss.job`);
}

afterEach(async () => {
  while (started.length) await started.pop()!.stop(2_000);
  await clearJobs();
});

describe("the job queue", () => {
  it("derives a stable UUID from an idempotency key", () => {
    const id = jobIdFor("digest", "user-1:2026-W48");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(jobIdFor("digest", "user-1:2026-W48")).toBe(id);
    expect(jobIdFor("digest", "user-2:2026-W48")).not.toBe(id);
  });

  it("enqueues a key once, inside the caller's transaction", async () => {
    const q = await queue({ work: false });
    const first = await q.send("mail", { n: 1 }, { key: "k-1" });
    const second = await q.send("mail", { n: 2 }, { key: "k-1" });
    expect(first).toBe(jobIdFor("mail", "k-1"));
    expect(second).toBeNull();
    // Rolled back with the transaction: no job.
    await testDb.db
      .transaction(async (tx) => {
        await q.send("mail", { n: 3 }, { key: "k-2", via: tx });
        throw new Error("rollback");
      })
      .catch(() => {});
    // Committed with it: the job.
    await testDb.db.transaction(async (tx) => {
      await q.send("mail", { n: 4 }, { key: "k-3", via: tx });
    });
    const { rows } = (await testDb.db.execute(
      sql`SELECT data->>'n' AS n FROM pgboss.job WHERE name = 'mail' ORDER BY data->>'n'`,
    )) as { rows: { n: string }[] };
    expect(rows.map((r) => r.n)).toEqual(["1", "4"]);
    expect(await q.state()).toEqual({ pending: 2, active: 0, failed: 0 });
  });

  it("runs each job once across two workers", async () => {
    const runs: string[] = [];
    const handler = (who: string) => async (data: { n: number }) => {
      runs.push(`${data.n}`);
      void who;
      await new Promise((r) => setTimeout(r, 5));
    };
    const a = await queue();
    const b = await queue();
    for (let n = 0; n < 40; n++) await a.send("mail", { n });
    await a.work("mail", handler("a"));
    await b.work("mail", handler("b"));
    await until(() => runs.length >= 40);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(runs).toHaveLength(40);
    expect(new Set(runs).size).toBe(40);
  });

  it("retries with backoff, then keeps the job as failed until retried", async () => {
    const q = await queue({ retryLimit: 2, retryDelay: 1 });
    const times: number[] = [];
    let fail = true;
    await q.work<{ n: number }>("mail", () => {
      times.push(Date.now());
      return fail ? Promise.reject(new Error("SMTP refused")) : Promise.resolve();
    });
    await q.send("mail", { n: 1 });
    await until(async () => (await q.state()).failed === 1, 20_000);
    expect(times).toHaveLength(3);
    // Backoff: each wait at least the base delay (1 s), the second longer on average.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(900);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(900);
    fail = false;
    expect(await q.retryFailed()).toBe(1);
    await until(async () => {
      const s = await q.state();
      return s.failed === 0 && s.pending === 0 && s.active === 0;
    });
    expect(times).toHaveLength(4);
  });
});
