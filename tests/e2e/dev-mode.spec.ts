/**
 * `npm run dev` (Vite's middleware inside our server) as a developer meets it:
 * pages hydrate without React's mismatch errors (the fixture fails a test on
 * any console error; production React does not report mismatches, so only
 * this server can show them), and the terminal gets readable log lines, not
 * JSON. A server of its own, on a fresh embedded database.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, waitForHydration } from "./fixtures";
import { freePort } from "./support/own-server";

let server: ChildProcess | undefined;
let dataDir: string;
let baseURL: string;
const stdout: string[] = [];

test.describe.configure({ mode: "serial", timeout: 60_000 });

const PAGES = ["/", "/login", "/categories"];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  dataDir = await mkdtemp(path.join(tmpdir(), "founderbridge-e2e-dev-"));
  server = spawn(process.execPath, ["--conditions=development", "server.js", "--dev"], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      BETTER_AUTH_SECRET: "",
      SMTP_URL: "",
      DEMO_CONTENT: "false",
      LOG_LEVEL: "info",
      LOG_FORMAT: "",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  server.stdout!.setEncoding("utf8");
  server.stdout!.on("data", (chunk: string) => stdout.push(chunk));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(10_000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (server.exitCode !== null) throw new Error(`dev server exited with ${server.exitCode}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  // On a fresh clone Vite bundles the browser's dependencies at the first visit and reloads
  // the page once ("optimized dependencies changed"): a first run's event, not what this
  // journey is about. Visit the pages once before the checked visits.
  const warmUp = await browser.newPage();
  for (const path of PAGES) {
    await warmUp.goto(`${baseURL}${path}`);
    await warmUp.waitForLoadState("networkidle");
  }
  await warmUp.waitForTimeout(2_000);
  await warmUp.close();
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await rm(dataDir, { recursive: true, force: true });
});

test("pages hydrate without mismatch errors in development", async ({ page }) => {
  for (const path of PAGES) {
    await page.goto(`${baseURL}${path}`);
    await waitForHydration(page);
    await expect(page.getByRole("main")).toBeVisible();
  }
  // The fixture checks the console when the test ends: React's "A tree hydrated but some
  // attributes of the server rendered HTML didn't match" is a console error.
});

test("the terminal gets readable log lines in development, not JSON", () => {
  const lines = stdout.join("").split("\n").filter(Boolean);
  const ready = lines.find((line) => line.includes("FounderBridge is ready at"));
  expect(ready, lines.slice(-20).join("\n")).toBeDefined();
  expect(ready!.trimStart().startsWith("{")).toBe(false);
  expect(ready).toMatch(/^\d\d:\d\d:\d\d(\.\d{3})? INFO /);
  const requests = lines.filter((line) => / GET \/login /.test(line));
  expect(requests.length, lines.slice(-20).join("\n")).toBeGreaterThan(0);
  expect(lines.filter((line) => line.trimStart().startsWith("{"))).toEqual([]);
});
