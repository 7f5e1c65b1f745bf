/**
 * The live badge across two server instances on one PostgreSQL (docs/milestones.md#issue-5-community):
 * two real `node server.js` processes (the production build) share one
 * database and nothing else. A mentor's event stream is open on instance A;
 * a member follows the mentor through instance B; the notification reaches
 * A's stream within a second, through the trigger's NOTIFY and A's LISTEN.
 * Then A stops, closing the stream; what happens meanwhile through B is there
 * when the mentor's stream reconnects to A, and live again after that. Last,
 * A's LISTEN connection is cut in the database: A reopens it, the stream
 * sends its state again and stays live.
 *
 * Runs when TEST_DATABASE_URL is set (.ci/run's PostgreSQL step) and needs
 * `npm run build` first (CI has built by then). Ports: the system's, or the
 * range in E2E_OWN_PORTS on a shared machine.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "#server/db/schema";
import { readEvents } from "#tests/support/sse-test-client";
import { freePort } from "#tests/e2e/support/own-server";
import { createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";

const url = process.env.TEST_DATABASE_URL;
const ROOT = path.resolve(import.meta.dirname, "../..");
const SECRET = "two-instances-share-this-secret-0123456789";
const PASSWORD = "Secret123";

/** One `node server.js` on a port, restartable on the same port. */
class Instance {
  private child: ChildProcess | undefined;
  constructor(
    readonly port: number,
    private readonly databaseUrl: string,
    private readonly dataDir: string,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start() {
    const child = spawn(process.execPath, ["server.js"], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(this.port),
        SITE_URL: this.url,
        DATA_DIR: this.dataDir,
        DATABASE_URL: this.databaseUrl,
        DATABASE_POOL_SIZE: "3",
        BETTER_AUTH_SECRET: SECRET,
        SMTP_URL: "",
        TRUST_PROXY: "false",
        LOG_LEVEL: "error",
        LINKEDIN_CLIENT_ID: "",
        LINKEDIN_CLIENT_SECRET: "",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    this.child = child;
    const exited = new Promise<never>((_, reject) =>
      child.once("exit", (code) => reject(new Error(`server.js on ${this.port} exited (${code})`))),
    );
    exited.catch(() => {});
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const ok = await Promise.race([
        fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(5_000) })
          .then((r) => r.ok)
          .catch(() => false),
        exited,
      ]);
      if (ok) return;
      await Promise.race([new Promise((r) => setTimeout(r, 200)), exited]);
    }
    await this.stop();
    throw new Error(`server.js on ${this.port} did not become healthy within 60 s`);
  }

  /** SIGTERM: the server closes its event streams and exits. */
  async stop() {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(killer);
  }
}

/** The session cookie of a sign-in through the site's /login form on `instance`, as a Cookie header. */
async function signIn(instance: Instance, email: string): Promise<string> {
  const response = await fetch(`${instance.url}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: instance.url },
    body: new URLSearchParams({ email, password: PASSWORD, redirectTo: "/" }),
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .join("; ");
  expect(cookie).toMatch(/better-auth\.session_token=/);
  return cookie;
}

describe.skipIf(!url)("the live badge across two server instances (PostgreSQL)", () => {
  const testDb = testDatabaseForThisFile({ resetBetweenTests: false });
  let a: Instance;
  let b: Instance;
  let dataDir: string;

  beforeAll(async () => {
    if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
      throw new Error("This test runs the production build: run `npm run build` first.");
    }
    const result = (await testDb.db.execute(sql`SELECT current_database() AS name`)) as {
      rows: { name: string }[];
    };
    const databaseUrl = new URL(url!);
    databaseUrl.pathname = `/${result.rows[0]!.name}`;
    dataDir = mkdtempSync(path.join(tmpdir(), "founderbridge-two-instances-"));
    const portA = await freePort();
    a = new Instance(portA, databaseUrl.toString(), path.join(dataDir, "a"));
    await a.start();
    // The next free port (A holds its own now).
    b = new Instance(await freePort(), databaseUrl.toString(), path.join(dataDir, "b"));
    await b.start();
  }, 150_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("a follow through B reaches the mentor's stream on A within a second; the stream reconnects after A restarts; A's LISTEN survives a dropped connection", async () => {
    const hash = await hashPassword(PASSWORD);
    const member = async (role: "user" | "mentor") => {
      const user = await createUser(testDb.db, { role, profileCompleted: true });
      await testDb.db.insert(accounts).values({
        id: randomUUID(),
        accountId: user.id,
        providerId: "credential",
        userId: user.id,
        password: hash,
      });
      return user;
    };
    const [mentor, first, second, third, fourth] = await Promise.all([
      member("mentor"),
      member("user"),
      member("user"),
      member("user"),
      member("user"),
    ]);
    const mentorCookie = await signIn(a, mentor.email);
    const openStream = () =>
      fetch(`${a.url}/api/notifications/stream`, {
        headers: { cookie: mentorCookie, accept: "text/event-stream" },
        signal: AbortSignal.timeout(30_000),
      }).then((response) => {
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
        return readEvents(response);
      });
    // The followers sign in on B beforehand, so that the timings below are the follow's.
    const [firstOnB, secondOnB, thirdOnB, fourthOnB] = await Promise.all(
      [first, second, third, fourth].map((f) => signIn(b, f.email)),
    );
    /** A follow of the mentor: a plain form POST to B's profile page. */
    const followThroughB = async (cookie: string) => {
      const response = await fetch(`${b.url}/user/${mentor.username}`, {
        method: "POST",
        headers: { cookie, origin: b.url },
        body: new URLSearchParams({ intent: "follow" }),
        redirect: "manual",
      });
      expect(response.status).toBeLessThan(400);
    };

    const stream = await openStream();
    expect((await stream.next()).unreadCount).toBe(0);

    const started = performance.now();
    await followThroughB(firstOnB!);
    const live = await stream.next();
    const took = performance.now() - started;
    expect(live.unreadCount).toBe(1);
    expect(live.latest[0]!.message).toContain(`@${first.username}`);
    expect(took).toBeLessThan(1_000);

    // A stops: its stream ends. A follow through B meanwhile is not lost.
    await a.stop();
    await expect(stream.next()).rejects.toThrow(/stream ended|terminated|aborted|network/i);
    await followThroughB(secondOnB!);
    await a.start();

    // The stream reconnects (as EventSource does): the state at once has both ...
    const again = await openStream();
    const state = await again.next();
    expect(state.unreadCount).toBe(2);
    expect(state.latest.map((n) => n.message).join(" ")).toContain(`@${second.username}`);
    // ... and it is live again across the instances.
    const restarted = performance.now();
    await followThroughB(thirdOnB!);
    expect((await again.next()).unreadCount).toBe(3);
    expect(performance.now() - restarted).toBeLessThan(1_000);

    // The database connection carrying A's LISTEN drops (a network drop, a failover): A opens
    // it again and every open stream sends its state once more, then it is live as before.
    const { rows } = (await testDb.db.execute(
      sql`SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
          WHERE datname = current_database() AND query = 'LISTEN notification_events'`,
    )) as { rows: { ended: boolean }[] };
    expect(rows).toEqual([{ ended: true }]);
    expect((await again.next()).unreadCount).toBe(3);
    const relistened = performance.now();
    await followThroughB(fourthOnB!);
    expect((await again.next()).unreadCount).toBe(4);
    expect(performance.now() - relistened).toBeLessThan(1_000);
  }, 120_000);
});
