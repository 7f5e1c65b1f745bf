/**
 * Losing database connections must not take the process down (docs/decisions/0060). A real `node server.js` on PostgreSQL has searches in flight, each
 * inside a transaction on a checked-out client, held there by a lock the test
 * takes; the DBA's pg_terminate_backend then ends every connection of the app
 * (the pool's and the LISTEN one), twice. The process stays up, the requests
 * in flight answer 503 "The service is briefly unavailable, please try
 * again", and the next requests are served on new connections.
 *
 * Runs when TEST_DATABASE_URL is set (.ci/run's PostgreSQL step) and needs
 * `npm run build` first.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNAVAILABLE_MESSAGE } from "./errors";
import { freePort } from "#tests/e2e/support/own-server";
import { assertBuilt, ServerProcess } from "#tests/support/server-process";
import { testDatabaseForThisFile } from "#tests/support/test-database";

const url = process.env.TEST_DATABASE_URL;
const APP = "founderbridge";

describe.skipIf(!url)("a lost database connection (PostgreSQL)", () => {
  const testDb = testDatabaseForThisFile({ resetBetweenTests: false });
  let databaseUrl: string;
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    assertBuilt();
    const { rows } = (await testDb.db.execute(sql`SELECT current_database() AS name`)) as {
      rows: { name: string }[];
    };
    const address = new URL(url!);
    address.pathname = `/${rows[0]!.name}`;
    databaseUrl = address.toString();
    dataDir = mkdtempSync(path.join(tmpdir(), "founderbridge-connection-loss-"));
    server = new ServerProcess(await freePort(), {
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: "4",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
    });
    await server.start();
  }, 90_000);

  afterAll(async () => {
    await server?.kill("SIGTERM");
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** Backends of the app in its database, what they do and wait for. */
  async function appBackends() {
    const { rows } = (await testDb.db.execute(
      sql`SELECT pid, state, wait_event_type AS "waitType", query FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = ${APP}`,
    )) as {
      rows: { pid: number; state: string; waitType: string | null; query: string }[];
    };
    return rows;
  }

  it("stays up when pg_terminate_backend ends every connection with requests in flight (twice): they answer 503, the next ones are served", async () => {
    expect((await fetch(`${server.url}/`)).status).toBe(200);

    for (const round of [1, 2]) {
      // A lock on posts holds each search inside its transaction, on a checked-out client.
      const locker = new pg.Client({ connectionString: databaseUrl });
      await locker.connect();
      await locker.query("BEGIN");
      await locker.query("LOCK TABLE posts IN ACCESS EXCLUSIVE MODE");
      const inFlight = [1, 2, 3].map((n) =>
        fetch(`${server.url}/search?q=${encodeURIComponent(`stalled round${round} n${n}`)}`, {
          signal: AbortSignal.timeout(20_000),
        }).then(async (response) => ({ status: response.status, body: await response.text() })),
      );
      // Wait until they all wait for the lock.
      const deadline = Date.now() + 10_000;
      while ((await appBackends()).filter((b) => b.waitType === "Lock").length < 3) {
        expect(Date.now()).toBeLessThan(deadline);
        await new Promise((r) => setTimeout(r, 50));
      }
      const before = await appBackends();
      expect(before.some((b) => b.query.startsWith("LISTEN"))).toBe(true);

      const { rows } = (await testDb.db.execute(
        sql`SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = ${APP}`,
      )) as { rows: { ended: boolean }[] };
      expect(rows.length).toBe(before.length);
      await locker.query("ROLLBACK");
      await locker.end();

      const answers = await Promise.all(inFlight);
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(answer.body).toContain(UNAVAILABLE_MESSAGE);
      }
      // Still up a moment later, and serving on new connections.
      await new Promise((r) => setTimeout(r, 300));
      expect(server.running).toBe(true);
      const search = await fetch(`${server.url}/search?q=${encodeURIComponent(`after ${round}`)}`);
      expect(search.status).toBe(200);
      expect((await fetch(`${server.url}/`)).status).toBe(200);
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
    }

    expect(server.exits).toEqual([]);
    // Each drop logged once; the LISTEN connection came back (and dropped the caches it guards).
    const deadline = Date.now() + 10_000;
    while (server.logged(/LISTEN connection restored/).length < 2) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(server.logged(/database connection lost/).length).toBeGreaterThanOrEqual(6);
    expect(server.logged(/LISTEN connection lost/)).toHaveLength(2);
    expect((await appBackends()).some((b) => b.query.startsWith("LISTEN"))).toBe(true);
  }, 90_000);
});
