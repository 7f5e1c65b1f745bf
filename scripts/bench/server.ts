/**
 * The bench's server (scripts/bench.ts): the production build started on the
 * bench's database, its CPU time and memory read from /proc, and a demo
 * member signed in through the sign-in form.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { BenchDatabase } from "./database";
import { BASE, PORT } from "./settings";

/** Signs the demo member in through the sign-in form; the session cookie for the member lines. */
export async function signIn(member: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${BASE}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: BASE, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(member).toString(),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  if (!/session_token=/.test(cookie)) throw new Error(`sign-in failed (${res.status})`);
  return cookie;
}

/** The server process's CPU seconds so far (user + system) and its resident memory in MiB. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
export function rssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** Samples the server's RSS twice a second: the peak of the whole run and of the current line. */
export function memorySampler(pid: number) {
  let peak = 0;
  let linePeak = 0;
  const sample = () => {
    try {
      const now = rssMiB(pid);
      peak = Math.max(peak, now);
      linePeak = Math.max(linePeak, now);
    } catch {
      // the server has exited
    }
  };
  sample();
  const timer = setInterval(sample, 500);
  timer.unref();
  return {
    get peak() {
      return peak;
    },
    /** The peak since the last call. */
    takeLinePeak() {
      sample();
      const value = linePeak;
      linePeak = 0;
      return value;
    },
    stop: () => clearInterval(timer),
  };
}

export function startServer(database: BenchDatabase) {
  return spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(PORT),
      SITE_URL: BASE,
      DATA_DIR: database.dataDir,
      DEMO_CONTENT: "false",
      DATABASE_URL: database.url ?? "",
      BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

export async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the server did not start");
}

export type MemorySampler = ReturnType<typeof memorySampler>;
