import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { copyTemplate, type TemplateName, withDatabase } from "./site-template";

/** True when nothing listens on `port` at 127.0.0.1 now. */
function isFree(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/**
 * A port nobody listens on now, on 127.0.0.1: the system picks it, or, with
 * E2E_OWN_PORTS=first-last (a shared machine), the first free one in that range.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.E2E_OWN_PORTS ?? "");
  if (range) {
    for (let port = Number(range[1]); port <= Number(range[2]); port += 1) {
      if (await isFree(port)) return port;
    }
    throw new Error(`no free port in E2E_OWN_PORTS=${process.env.E2E_OWN_PORTS}`);
  }
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", resolve);
  });
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no free port");
  return address.port;
}

const START_TIMEOUT_MS = 120_000;

/**
 * A production server of a journey's own (`node server.js`, after `npm run
 * build`) on a free port and a fresh embedded database in a temporary
 * directory. The embedded database admits one process at a time: `offline`
 * stops the server, lets the test change the database as time or an admin
 * would, and starts it again on the same port (the page keeps its address).
 */
export class OwnServer {
  private child: ChildProcess | undefined;

  private constructor(
    readonly port: number,
    readonly dataDir: string,
    private readonly env: Record<string, string>,
    /** The template the data folder was copied from, whose saved sessions hold here too. */
    readonly template?: TemplateName,
  ) {}

  /** Pool admins (site-accounts.ts) handed out on this server so far: each journey gets its own. */
  adminsTaken = 0;

  /** Whether signedInAdmin last left admins' two-factor required (the templates have it off). */
  adminTwoFactorRequired = false;

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  get outbox() {
    return path.join(this.dataDir, "outbox");
  }

  /**
   * `port` may be chosen beforehand (e.g. a provider needs the callback address first).
   * `template`: start from a copy of a data folder made once per run (site-template.ts);
   * `beforeStart` then changes its database before the server first opens it.
   * `dataDir`: a folder of the caller's (the templates themselves), kept by dispose().
   */
  static async start(
    options: {
      port?: number;
      env?: Record<string, string>;
      template?: TemplateName;
      beforeStart?: (db: PGlite) => Promise<void>;
      dataDir?: string;
    } = {},
  ) {
    const port = options.port ?? (await freePort());
    const dataDir =
      options.dataDir ?? (await mkdtemp(path.join(tmpdir(), "founderbridge-e2e-own-")));
    if (options.template) await copyTemplate(options.template, dataDir);
    if (options.beforeStart) await withDatabase(dataDir, options.beforeStart);
    const server = new OwnServer(port, dataDir, options.env ?? {}, options.template);
    await server.spawn();
    return server;
  }

  private async spawn() {
    const child = spawn(process.execPath, ["server.js"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(this.port),
        SITE_URL: this.url,
        DATA_DIR: this.dataDir,
        // Empty means "not set": always the embedded database and the outbox.
        DATABASE_URL: "",
        BETTER_AUTH_SECRET: "",
        SMTP_URL: "",
        TRUST_PROXY: "false",
        DEMO_CONTENT: "false",
        LOG_LEVEL: "warn",
        LINKEDIN_CLIENT_ID: "",
        LINKEDIN_CLIENT_SECRET: "",
        ...this.env,
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    this.child = child;
    const exited = new Promise<never>((_, reject) =>
      child.once("exit", (code) => reject(new Error(`server.js exited with ${code}`))),
    );
    exited.catch(() => {});
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      const ok = await Promise.race([
        fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(5_000) })
          .then((r) => r.ok)
          .catch(() => false),
        exited,
      ]);
      if (ok) return;
      await Promise.race([new Promise((r) => setTimeout(r, 250)), exited]);
    }
    await this.stop();
    throw new Error(`server.js did not answer /api/health within ${START_TIMEOUT_MS / 1000} s`);
  }

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

  /** Stops the server, runs `change` on its database, starts it again. */
  async offline<T>(change: (db: PGlite) => Promise<T>): Promise<T> {
    await this.stop();
    const result = await withDatabase(this.dataDir, change);
    await this.spawn();
    return result;
  }

  /** Stops the server for good and removes its data. */
  async dispose() {
    await this.stop();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}
