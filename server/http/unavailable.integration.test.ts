/**
 * A signed-in member's requests while the database cannot serve them
 * (docs/decisions/0060, docs/decisions/0061), on a real `node server.js` and PostgreSQL:
 *
 * - the session lookup fails (its connection is terminated while it waits):
 *   503 "The service is briefly unavailable, please try again", never a
 *   redirect to /login or a visitor's answer;
 * - the sessions table is locked for longer than the lock timeout: every
 *   member request answers 503 while the lock is still held (none waits for
 *   it), and is served again once it is released.
 *
 * Runs when TEST_DATABASE_URL is set and needs `npm run build` first.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNAVAILABLE_MESSAGE } from "../db/errors";
import { freePort } from "#tests/e2e/support/own-server";
import { createPost } from "#tests/support/factories";
import {
  assertBuilt,
  createMember,
  databaseUrlOf,
  ServerProcess,
  signIn,
} from "#tests/support/server-process";
import { testDatabaseForThisFile } from "#tests/support/test-database";

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("a member's requests while the database cannot serve them", () => {
  const testDb = testDatabaseForThisFile({ resetBetweenTests: false });
  let databaseUrl: string;
  let server: ServerProcess;
  let dataDir: string;
  let cookie: string;
  let postId: string;

  beforeAll(async () => {
    assertBuilt();
    databaseUrl = await databaseUrlOf(testDb.db);
    dataDir = mkdtempSync(path.join(tmpdir(), "founderbridge-unavailable-"));
    server = new ServerProcess(await freePort(), {
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: "4",
      DATA_DIR: dataDir,
      // Long enough for the first test to cut the connections of requests waiting on a lock.
      DATABASE_LOCK_TIMEOUT_MS: "5000",
      DATABASE_STATEMENT_TIMEOUT_MS: "10000",
    });
    const member = await createMember(testDb.db);
    const mentor = await createMember(testDb.db, "mentor");
    postId = (await createPost(testDb.db, { authorId: mentor.id })).id;
    await server.start();
    cookie = await signIn(server.url, member.email);
  }, 90_000);

  afterAll(async () => {
    await server?.kill("SIGTERM");
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** A page, a JSON read and a JSON write of the member's. */
  function memberRequests() {
    const answer = async (response: Response) => ({
      status: response.status,
      location: response.headers.get("location"),
      body: await response.text(),
    });
    const options = { headers: { cookie }, redirect: "manual" as const };
    return Promise.all([
      fetch(`${server.url}/favorites`, options).then(answer),
      fetch(`${server.url}/api/favorites?postId=${postId}`, options).then(answer),
      fetch(`${server.url}/api/favorites`, {
        ...options,
        method: "POST",
        headers: { cookie, origin: server.url },
        body: new URLSearchParams({ postId, saved: "true", js: "1" }),
      }).then(answer),
    ]);
  }

  async function lockSessions() {
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    await locker.query("BEGIN");
    await locker.query("LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE");
    return async () => {
      await locker.query("ROLLBACK");
      await locker.end();
    };
  }

  function expectUnavailable(answers: Awaited<ReturnType<typeof memberRequests>>) {
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 503, location: null });
      expect(answer.body).toContain(UNAVAILABLE_MESSAGE);
    }
  }

  it("a session lookup that fails because of the database answers 503, never a redirect to sign in", async () => {
    const release = await lockSessions();
    try {
      const pending = memberRequests();
      const waiting = async () =>
        (
          (await testDb.db.execute(
            sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()
                AND application_name = 'founderbridge' AND wait_event_type = 'Lock'`,
          )) as { rows: { pid: number }[] }
        ).rows;
      const deadline = Date.now() + 4_000;
      while ((await waiting()).length < 3) {
        expect(Date.now()).toBeLessThan(deadline);
        await new Promise((r) => setTimeout(r, 20));
      }
      // The lookups' connections drop (a failover, a network cut) while they wait.
      await testDb.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database()
            AND application_name = 'founderbridge' AND wait_event_type = 'Lock'`,
      );
      expectUnavailable(await pending);
    } finally {
      await release();
    }
    const after = await memberRequests();
    expect(after.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(server.running).toBe(true);
  });

  it("with the sessions table locked past the lock timeout, member requests answer 503 while it is held, and are served after", async () => {
    const release = await lockSessions();
    let answers;
    try {
      // Resolving here, with the lock still held, is the point: nothing waits for it.
      answers = await memberRequests();
    } finally {
      await release();
    }
    expectUnavailable(answers);
    // Logged as lock timeouts (the log lines arrive through a pipe: wait for them).
    const lockTimeouts = () =>
      server.logged(/answered 503/).filter((l) => l.kind === "lock-timeout").length;
    for (let i = 0; i < 100 && lockTimeouts() < 3; i++) await new Promise((r) => setTimeout(r, 50));
    expect(lockTimeouts()).toBeGreaterThanOrEqual(3);
    const after = await memberRequests();
    expect(after.map((a) => a.status)).toEqual([200, 200, 200]);
  });
});
