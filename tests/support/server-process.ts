/**
 * A real `node server.js` (the production build) on a port of its own and a
 * PostgreSQL database, for tests that need a whole process: crashes, signals,
 * several instances on one database. Needs `npm run build` first.
 */
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import type { Database } from "../../server/db/client";
import { accounts } from "../../server/db/schema";
import { createUser, type TestUser } from "./factories";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const SHARED_SECRET = "server-process-tests-share-this-secret-0123456789";

export function assertBuilt() {
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
    throw new Error("This test runs the production build: run `npm run build` first.");
  }
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export class ServerProcess {
  private child: ChildProcess | undefined;
  /** Every exit of this instance, in order (a restart adds to it). */
  readonly exits: Exit[] = [];
  /** The log lines (JSON) of the current and earlier runs. */
  readonly logs: string[] = [];
  private exited: Promise<Exit> | undefined;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid() {
    return this.child?.pid;
  }

  get running() {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Log lines (parsed) whose msg matches. */
  logged(pattern: RegExp): { msg: string; [key: string]: unknown }[] {
    return this.logs
      .map((line) => {
        try {
          return JSON.parse(line) as { msg: string };
        } catch {
          return { msg: line };
        }
      })
      .filter((entry) => pattern.test(String(entry.msg)));
  }

  /** Starts the process and waits until `readyPath` answers 200 (60 s at most). */
  async start({ readyPath = "/api/health" } = {}): Promise<number> {
    const started = performance.now();
    const child = spawn(process.execPath, ["server.js"], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(this.port),
        SITE_URL: this.url,
        BETTER_AUTH_SECRET: SHARED_SECRET,
        SMTP_URL: "",
        TRUST_PROXY: "false",
        LOG_LEVEL: "warn",
        LINKEDIN_CLIENT_ID: "",
        LINKEDIN_CLIENT_SECRET: "",
        DEMO_CONTENT: "false",
        ...this.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    for (const stream of [child.stdout, child.stderr]) {
      let rest = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        this.logs.push(...lines.filter(Boolean));
      });
    }
    this.exited = new Promise<Exit>((resolve) =>
      // "close": after the exit and after its output has all been read.
      child.once("close", (code, signal) => {
        const exit = { code, signal };
        this.exits.push(exit);
        resolve(exit);
      }),
    );
    const died = this.exited.then((exit) => {
      throw new Error(
        `server.js on ${this.port} exited during start-up (${exit.code ?? exit.signal}):\n${this.logs.slice(-20).join("\n")}`,
      );
    });
    died.catch(() => {});
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const ok = await Promise.race([
        fetch(`${this.url}${readyPath}`, { signal: AbortSignal.timeout(5_000) })
          .then((r) => r.ok)
          .catch(() => false),
        died,
      ]);
      if (ok) return performance.now() - started;
      await Promise.race([new Promise((r) => setTimeout(r, 100)), died]);
    }
    await this.kill("SIGKILL");
    throw new Error(`server.js on ${this.port} did not become ready within 60 s`);
  }

  /** Sends `signal` and waits for the exit (SIGKILL after `graceMs`). */
  async kill(signal: NodeJS.Signals = "SIGTERM", graceMs = 20_000): Promise<Exit | undefined> {
    const child = this.child;
    if (!child || !this.running) return this.exits.at(-1);
    child.kill(signal);
    const killer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    const exit = await this.exited!;
    clearTimeout(killer);
    return exit;
  }

  /** Resolves with the next exit (e.g. after a signal sent elsewhere). */
  waitForExit(): Promise<Exit> | undefined {
    return this.running ? this.exited : undefined;
  }
}

export const MEMBER_PASSWORD = "Secret123";

/** The address of a test database (its own name on the TEST_DATABASE_URL server). */
export async function databaseUrlOf(db: Database): Promise<string> {
  const { rows } = (await db.execute(sql`SELECT current_database() AS name`)) as {
    rows: { name: string }[];
  };
  const address = new URL(process.env.TEST_DATABASE_URL!);
  address.pathname = `/${rows[0]!.name}`;
  return address.toString();
}

/** A member (approved, e-mail confirmed, profile complete) who signs in with MEMBER_PASSWORD. */
export async function createMember(
  db: Database,
  role: "user" | "mentor" | "admin" = "user",
  passwordHash?: string,
): Promise<TestUser> {
  const user = await createUser(db, { role, profileCompleted: true });
  await db.insert(accounts).values({
    id: randomUUID(),
    accountId: user.id,
    providerId: "credential",
    userId: user.id,
    password: passwordHash ?? (await hashPassword(MEMBER_PASSWORD)),
  });
  return user;
}

/** The session cookie of a sign-in through the site's /login form at `baseUrl`, as a Cookie header. */
export async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
    body: new URLSearchParams({ email, password: MEMBER_PASSWORD, redirectTo: "/" }),
    redirect: "manual",
  });
  if (response.status !== 302) throw new Error(`sign-in answered ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .join("; ");
  if (!/better-auth\.session_token=/.test(cookie)) throw new Error("no session cookie");
  return cookie;
}
