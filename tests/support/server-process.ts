/**
 * A real `node server.js` (the production build) on a port of its own and a
 * PostgreSQL database, for tests that need a whole process: crashes, signals,
 * several instances on one database. Needs `npm run build` first.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

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
    for (const stream of [child.stdout!, child.stderr!]) {
      let rest = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        this.logs.push(...lines.filter(Boolean));
      });
    }
    this.exited = new Promise<Exit>((resolve) =>
      child.once("exit", (code, signal) => {
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
