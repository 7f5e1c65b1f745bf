import { expect, expectNoAxeViolations, test } from "./fixtures";

const CHECKS = ["Database", "Storage", "Authentication"] as const;

test("/health shows a healthy service with three operational checks; passes axe", async ({
  page,
}) => {
  const response = await page.goto("/health");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Service health");
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
  await expectNoAxeViolations(page);
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
