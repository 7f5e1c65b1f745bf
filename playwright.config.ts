import { defineConfig } from "@playwright/test";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * End-to-end journeys against the production build (`npm run test:e2e` builds
 * first). The server starts on a fresh embedded database without demo content,
 * so every run sees the same empty site.
 *
 * The browser is Debian's Chromium (`apt-get install -y chromium`), or the one
 * at CHROMIUM_PATH. Playwright never downloads a browser here.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// A fixed name, so that the main process and the workers agree on it; it is
// emptied by the web server command below, before the server opens it.
const dataDir = path.join(tmpdir(), `founderbridge-e2e-${port}`);
// A second server on the next port loads the demo content (40 posts, 7
// categories, comments) into its own fresh database: the reading journeys
// (tests/e2e/reading/) browse it and must not change it.
const demoPort = port + 1;
const demoBaseURL = `http://127.0.0.1:${demoPort}`;
const demoDataDir = path.join(tmpdir(), `founderbridge-e2e-demo-${demoPort}`);

const serverEnv = {
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  // Empty means "not set" to server/config.ts: always the embedded database,
  // whatever the calling shell exports.
  DATABASE_URL: "",
  BETTER_AUTH_SECRET: "",
  SMTP_URL: "",
  TRUST_PROXY: "false",
  LOG_LEVEL: "warn",
};

/** One production server on a fresh data directory: the empty site, or the demo content. */
function siteServer(site: {
  port: number;
  baseURL: string;
  dataDir: string;
  demo: boolean;
  timeout: number;
}) {
  return {
    command: `rm -rf "${site.dataDir}" && node server.js`,
    url: `${site.baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: site.timeout,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 10_000 },
    env: {
      ...serverEnv,
      PORT: String(site.port),
      SITE_URL: site.baseURL,
      DATA_DIR: site.dataDir,
      DEMO_CONTENT: String(site.demo),
    },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  // The data folders (with signed-in accounts) that the journeys' own servers copy.
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // A flaky journey is a bug to fix, never retried into green (decision 0205).
  retries: 0,
  workers: process.env.CI ? 2 : 1,
  reporter: process.env.E2E_JSON
    ? [["list"], ["json", { outputFile: process.env.E2E_JSON }]]
    : "list",
  // A bound that stops a hung journey, not a speed check (the bench measures speed): Playwright's
  // default. A journey that starts servers of its own or walks many pages sets a longer bound
  // beside its reason (decision 0205).
  timeout: 30_000,
  // A bound, not a speed check: an action that navigates (a save, then its toast) took over 5 s with
  // both cores ten times oversubscribed (2026-11-29, load average 15 to 20); a passing expect
  // returns as soon as it holds, so a longer bound costs a green run nothing.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    headless: true,
    // Recording a trace made each journey about a quarter slower on a 2-core machine, and CI keeps
    // only its log; the failure's screenshot and page snapshot remain. `--trace on` records one.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    { name: "chromium", testIgnore: "reading/**" },
    // The reading journeys only read the demo server: each may run in any worker.
    {
      name: "reading",
      testMatch: "reading/**/*.spec.ts",
      fullyParallel: true,
      use: { baseURL: demoBaseURL },
    },
  ],
  webServer: [
    // `npm run build` has run already (test:e2e does it).
    siteServer({ port, baseURL, dataDir, demo: false, timeout: 120_000 }),
    siteServer({
      port: demoPort,
      baseURL: demoBaseURL,
      dataDir: demoDataDir,
      demo: true,
      timeout: 180_000,
    }),
  ],
});
