/**
 * `npm run lighthouse`: Lighthouse (mobile, its default) on the reader pages
 * (home, an article, a category and a search) of the production build on a
 * fresh embedded database with the demo content, printing the performance,
 * accessibility, best-practices and SEO scores of each page and every audit
 * that kept a score below 100.
 *
 * Builds nothing: run `npm run build` first. Chromium comes from CHROME_PATH
 * (default /usr/bin/chromium). LIGHTHOUSE_PORT (default 4240) is where the
 * server listens, on 127.0.0.1; LIGHTHOUSE_RUNS (default 3) how many times
 * each page is measured, the run with the median performance score being
 * reported (Lighthouse's own advice: one run varies, more so on a busy
 * machine); LIGHTHOUSE_REPORTS names a folder to keep the JSON reports in.
 * Exits 1 when a score is below LIGHTHOUSE_MIN (default 0).
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4240);
const BASE = `http://127.0.0.1:${PORT}`;
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const MIN = Number(process.env.LIGHTHOUSE_MIN ?? 0);
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

type Report = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    { title: string; score: number | null; scoreDisplayMode: string; displayValue?: string }
  >;
};

async function waitForHealth(server: ReturnType<typeof spawn>) {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the server did not start");
}

/** The first address on the home page matching `pattern`. */
async function firstLink(pattern: RegExp): Promise<string> {
  const html = await (await fetch(`${BASE}/`)).text();
  const match = [...html.matchAll(/href="([^"]+)"/g)]
    .map((m) => m[1]!)
    .find((h) => pattern.test(h));
  if (!match) throw new Error(`no link like ${pattern} on the home page`);
  return match;
}

function runLighthouse(url: string): Promise<Report> {
  const cli = path.join(process.cwd(), "node_modules", "lighthouse", "cli", "index.js");
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        cli,
        url,
        "--output=json",
        "--output-path=stdout",
        "--quiet",
        `--only-categories=${CATEGORIES.join(",")}`,
        `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
      ],
      { env: { ...process.env, CHROME_PATH }, stdio: ["ignore", "pipe", "inherit"] },
    );
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code} on ${url}`));
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")) as Report);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART): two more tries. */
async function withRetries<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 3) throw error;
      console.error(`${(error as Error).message}; trying again`);
    }
  }
}

/** Audits that cost points: scored below 1 and weighing in a category. */
function lostPoints(report: Report): string[] {
  const lines: string[] = [];
  for (const name of CATEGORIES) {
    for (const ref of report.categories[name]?.auditRefs ?? []) {
      const audit = report.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (ref.weight === 0 && audit.scoreDisplayMode !== "binary") continue;
      const value = audit.displayValue ? ` (${audit.displayValue})` : "";
      lines.push(`    ${name}: ${audit.title}${value}: ${Math.round(audit.score * 100)}`);
    }
  }
  return lines;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "founderbridge-lighthouse-"));
  const server = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(PORT),
      SITE_URL: BASE,
      DATA_DIR: dataDir,
      DEMO_CONTENT: "true",
      DATABASE_URL: "",
      BETTER_AUTH_SECRET: "",
      STORAGE_DRIVER: "local",
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitForHealth(server);
    const pages: [string, string][] = [
      ["home", "/"],
      ["article", await firstLink(/^\/post\/[^/?#]+$/)],
      ["category", await firstLink(/^\/categories\/[^/?#]+$/)],
      ["search", "/search?q=visa"],
    ];
    if (REPORTS) mkdirSync(REPORTS, { recursive: true });
    const rows: string[][] = [];
    let worst = 100;
    for (const [name, pagePath] of pages) {
      const runs: Report[] = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await withRetries(() => runLighthouse(BASE + pagePath)));
      }
      const performance = (r: Report) => r.categories.performance?.score ?? 0;
      runs.sort((a, b) => performance(a) - performance(b));
      const report = runs[Math.floor((runs.length - 1) / 2)]!;
      if (REPORTS) writeFileSync(path.join(REPORTS, `${name}.json`), JSON.stringify(report));
      const scores = CATEGORIES.map((c) => Math.round((report.categories[c]?.score ?? 0) * 100));
      worst = Math.min(worst, ...scores);
      rows.push([name, pagePath, ...scores.map(String)]);
      const spread = runs.map((r) => Math.round(performance(r) * 100)).join(", ");
      console.log(
        `${name} ${pagePath}: ${scores.join(" / ")} (performance over the runs: ${spread})`,
      );
      for (const line of lostPoints(report)) console.log(line);
    }
    console.log("\n| Page | Address | Performance | Accessibility | Best practices | SEO |");
    console.log("| --- | --- | --- | --- | --- | --- |");
    for (const row of rows) console.log(`| ${row.join(" | ")} |`);
    if (worst < MIN) {
      console.error(`A score is below LIGHTHOUSE_MIN=${MIN}.`);
      process.exitCode = 1;
    }
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
