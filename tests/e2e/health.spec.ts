import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { OwnServer } from "./support/own-server";

const CHECKS = ["Database", "Storage", "Authentication"] as const;

test("/health shows a healthy service with three operational checks", async ({ page }) => {
  const response = await page.goto("/health");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Service health | FounderBridge");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Service health");

  const main = page.getByRole("main");
  const field = (label: string) =>
    main
      .locator("dl > div")
      .filter({ has: page.locator("dt", { hasText: label }) })
      .locator("dd");
  await expect(field("Overall status")).toHaveText("healthy");
  await expect(field("Response time")).toHaveText(/^\d+ ms$/);
  await expect(field("Checked at")).toHaveText(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  await expect(field("Version")).toHaveText("1.0.0");
  await expect(field("Environment")).toHaveText("production");

  const checks = main.getByRole("list").getByRole("listitem");
  await expect(checks).toHaveCount(3);
  for (const [i, name] of CHECKS.entries()) {
    await expect(checks.nth(i)).toContainText(name);
    await expect(checks.nth(i)).toContainText(/Operational \d+ ms/);
  }
  await expect(main).not.toContainText("Down");

  // The raw JSON is the same report, readable as JSON.
  const raw = JSON.parse(await main.locator("pre").innerText()) as Record<string, unknown>;
  expect(raw).toMatchObject({
    status: "healthy",
    version: "1.0.0",
    environment: "production",
    checks: {
      database: { status: "Operational" },
      storage: { status: "Operational" },
      authentication: { status: "Operational" },
    },
  });
  await expect(main.getByText("Failed to check health")).toHaveCount(0);
});

test("/health is never cached", async ({ request }) => {
  const response = await request.get("/health");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
});

test("/api/health answers 200 with the JSON report", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  expect(response.headers()["cache-control"]).toBe("no-store");
  const body = (await response.json()) as {
    status: string;
    version: string;
    environment: string;
    timestamp: string;
    responseTime: number;
    checks: Record<string, { status: string; responseTime: number }>;
  };
  expect(body.status).toBe("healthy");
  expect(body.version).toBe("1.0.0");
  expect(body.environment).toBe("production");
  expect(Object.keys(body.checks).sort()).toEqual(["authentication", "database", "storage"]);
  for (const check of Object.values(body.checks)) {
    expect(check.status).toBe("Operational");
    expect(check.responseTime).toBeGreaterThanOrEqual(0);
  }
  expect(body.responseTime).toBeGreaterThanOrEqual(0);
  expect(Math.abs(Date.now() - Date.parse(body.timestamp))).toBeLessThan(60_000);
});

test("/health is degraded, and says which check is Down, when the storage stops answering", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A server of its own on an S3 storage (s3rver on 127.0.0.1) that is stopped once it is up.
  const dir = await mkdtemp(path.join(tmpdir(), "fb-e2e-health-s3-"));
  let emulator: S3rver | undefined = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: "founderbridge-health", configs: [] }],
  });
  const { port } = await emulator.run();
  const server = await OwnServer.start({
    env: {
      STORAGE_DRIVER: "s3",
      S3_BUCKET: "founderbridge-health",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
    },
  });
  try {
    await emulator.close();
    emulator = undefined;
    const response = await page.goto(`${server.url}/health`);
    expect(response?.status()).toBe(503);
    const main = page.getByRole("main");
    const field = (label: string) =>
      main
        .locator("dl > div")
        .filter({ has: page.locator("dt", { hasText: label }) })
        .locator("dd");
    await expect(field("Overall status")).toHaveText("degraded");
    const checks = main.getByRole("list").getByRole("listitem");
    await expect(checks.filter({ hasText: "Storage" })).toContainText(/Down \d+ ms/);
    await expect(checks.filter({ hasText: "Database" })).toContainText(/Operational \d+ ms/);
    await expect(checks.filter({ hasText: "Authentication" })).toContainText(/Operational/);
    await expectNoAxeViolations(page);
    const api = await page.request.get(`${server.url}/api/health`);
    expect(api.status()).toBe(503);
    expect(((await api.json()) as { status: string }).status).toBe("degraded");
  } finally {
    await emulator?.close();
    await server.dispose();
    await rm(dir, { recursive: true, force: true });
  }
});
