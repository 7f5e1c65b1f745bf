/**
 * Liveness and readiness on a real `node server.js` and PostgreSQL (docs/decisions/0062): a busy instance (every pooled connection waiting, requests queued
 * behind them) is still ready, because the readiness check has a connection
 * of its own; a database that refuses connections makes it not ready (and
 * ready again when it is back); liveness never asks the database.
 *
 * Runs when TEST_DATABASE_URL is set and needs `npm run build` first.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "#tests/e2e/support/own-server";
import { assertBuilt, databaseUrlOf, ServerProcess } from "#tests/support/server-process";
import { testDatabaseForThisFile } from "#tests/support/test-database";

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("liveness and readiness (PostgreSQL)", () => {
  const testDb = testDatabaseForThisFile({ resetBetweenTests: false });
  let databaseUrl: string;
  let databaseName: string;
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    assertBuilt();
    databaseUrl = await databaseUrlOf(testDb.db);
    databaseName = new URL(databaseUrl).pathname.slice(1);
    dataDir = mkdtempSync(path.join(tmpdir(), "founderbridge-health-"));
    server = new ServerProcess(await freePort(), {
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: "2",
      DATA_DIR: dataDir,
      // Requests wait for the lock below as long as it is held.
      DATABASE_LOCK_TIMEOUT_MS: "0",
      DATABASE_STATEMENT_TIMEOUT_MS: "0",
    });
    await server.start({ readyPath: "/api/health/ready" });
  }, 90_000);

  afterAll(async () => {
    await server?.kill("SIGTERM");
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const probe = async (what: string) => {
    const response = await fetch(`${server.url}/api/health/${what}`, {
      signal: AbortSignal.timeout(10_000),
    });
    return {
      status: response.status,
      cache: response.headers.get("cache-control"),
      body: (await response.json()) as { status: string },
    };
  };

  it("stays ready while every pooled connection is busy and requests queue behind them", async () => {
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    await locker.query("BEGIN");
    await locker.query("LOCK TABLE posts IN ACCESS EXCLUSIVE MODE");
    const stalled = [1, 2, 3, 4].map((n) =>
      fetch(`${server.url}/search?q=busy${n}`).then((r) => r.status),
    );
    try {
      const deadline = Date.now() + 10_000;
      const waiting = async () =>
        (
          (await testDb.db.execute(
            sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()
                AND application_name = 'founderbridge' AND wait_event_type = 'Lock'`,
          )) as { rows: { n: number }[] }
        ).rows[0]!.n;
      // The pool (2) is taken; the other two searches wait in its queue.
      while ((await waiting()) < 2) {
        expect(Date.now()).toBeLessThan(deadline);
        await new Promise((r) => setTimeout(r, 20));
      }
      // Answered while the pool is still blocked: the check did not queue behind it.
      expect(await probe("ready")).toMatchObject({
        status: 200,
        cache: "no-store",
        body: { status: "ready", database: { status: "up" } },
      });
      expect(await probe("live")).toMatchObject({ status: 200, body: { status: "live" } });
    } finally {
      await locker.query("ROLLBACK");
      await locker.end();
    }
    expect(await Promise.all(stalled)).toEqual([200, 200, 200, 200]);
  });

  it("is not ready while the database refuses connections, and ready again after; live throughout", async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE "${databaseName}" ALLOW_CONNECTIONS false`);
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = $1 AND application_name = 'founderbridge'`,
        [databaseName],
      );
      const down = await probe("ready");
      expect(down).toMatchObject({
        status: 503,
        body: { status: "not ready", database: { status: "down" } },
      });
      expect(await probe("live")).toMatchObject({ status: 200, body: { status: "live" } });
    } finally {
      await admin.query(`ALTER DATABASE "${databaseName}" ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    expect(await probe("ready")).toMatchObject({ status: 200, body: { status: "ready" } });
    expect(server.running).toBe(true);
  });
});
