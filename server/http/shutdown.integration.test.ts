/**
 * Graceful shutdown of a real `node server.js` on PostgreSQL (docs/decisions/0062). With two requests in flight (held by a lock), an idle keep-alive
 * connection and a member's event stream open, SIGTERM:
 *
 * - closes the idle connection at once (while the requests are still in flight);
 * - ends the event stream with a retry hint;
 * - refuses new connections;
 * - answers the requests in flight (no reset) with `Connection: close`;
 * - then exits with code 0, logging that nothing was cut.
 *
 * Runs when TEST_DATABASE_URL is set and needs `npm run build` first.
 */
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "#tests/e2e/support/own-server";
import {
  assertBuilt,
  createMember,
  databaseUrlOf,
  ServerProcess,
  signIn,
} from "#tests/support/server-process";
import { testDatabaseForThisFile } from "#tests/support/test-database";

const url = process.env.TEST_DATABASE_URL;

type Answer = { status: number; connection: string | undefined; body: string };

/** A GET through `agent` with node:http (fetch hides the Connection header). */
function get(agent: http.Agent, address: string, headers: http.OutgoingHttpHeaders = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.get(address, { agent, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode!, connection: res.headers.connection, body }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

describe.skipIf(!url)("graceful shutdown (PostgreSQL)", () => {
  const testDb = testDatabaseForThisFile({ resetBetweenTests: false });
  let databaseUrl: string;
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    assertBuilt();
    databaseUrl = await databaseUrlOf(testDb.db);
    dataDir = mkdtempSync(path.join(tmpdir(), "founderbridge-shutdown-"));
    server = new ServerProcess(await freePort(), {
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: "4",
      DATA_DIR: dataDir,
      DATABASE_LOCK_TIMEOUT_MS: "0",
      LOG_LEVEL: "info",
    });
    await server.start();
  }, 90_000);

  afterAll(async () => {
    await server?.kill("SIGKILL");
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("answers what is in flight with Connection: close, closes idle connections and streams at once, then exits 0", async () => {
    const member = await createMember(testDb.db);
    const cookie = await signIn(server.url, member.email);

    // An idle keep-alive connection: one answered request, then nothing.
    const idleAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(idleAgent, `${server.url}/api/health/live`)).connection).toBe("keep-alive");
    const idleSocket = Object.values(idleAgent.freeSockets).flat()[0]!;
    const idleClosed = new Promise<number>((resolve) =>
      idleSocket.once("close", () => resolve(performance.now())),
    );

    // A member's event stream.
    const stream = await fetch(`${server.url}/api/notifications/stream`, {
      headers: { cookie, accept: "text/event-stream" },
    });
    expect(stream.status).toBe(200);
    const streamText = stream.text();

    // Two searches held in flight by a lock.
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    await locker.query("BEGIN");
    await locker.query("LOCK TABLE posts IN ACCESS EXCLUSIVE MODE");
    const busyAgent = new http.Agent({ keepAlive: true });
    const inFlight = [1, 2].map((n) => get(busyAgent, `${server.url}/search?q=drain${n}`));
    const deadline = Date.now() + 10_000;
    const waiting = async () =>
      (
        (await testDb.db.execute(
          sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()
              AND application_name = 'founderbridge' AND wait_event_type = 'Lock'`,
        )) as { rows: { n: number }[] }
      ).rows[0]!.n;
    while ((await waiting()) < 2) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 20));
    }

    const exited = server.waitForExit()!;
    process.kill(server.pid!, "SIGTERM");

    // The idle connection and the stream close while the searches still wait.
    await idleClosed;
    const text = await streamText;
    expect(text.trimEnd()).toMatch(/retry: \d+$/);
    // No new connections.
    await expect(fetch(`${server.url}/api/health/live`)).rejects.toThrow();
    expect(server.running).toBe(true);

    await locker.query("ROLLBACK");
    await locker.end();
    for (const answer of await Promise.all(inFlight)) {
      expect(answer.status).toBe(200);
      expect(answer.connection).toBe("close");
    }
    expect(await exited).toEqual({ code: 0, signal: null });
    const [drained] = server.logged(/^drained$/);
    expect(drained).toMatchObject({ inFlightAtStart: 3, cut: 0 });
    idleAgent.destroy();
    busyAgent.destroy();
  });
});
