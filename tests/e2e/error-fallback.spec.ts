import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";

// A real way to reach the root error boundary: POST to a page that has no
// action. React Router answers 405 and renders the error fallback.

test.use({ allowedConsoleErrors: [/405|Method Not Allowed|Route error/i] });

/** Submits a plain HTML form with method=post to `/` from inside the site. */
async function postToHome(page: Page) {
  await page.goto("/");
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/",
    ),
    page.evaluate(() => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = "/";
      const field = document.createElement("input");
      field.type = "hidden";
      field.name = "e2e";
      field.value = "1";
      form.append(field);
      document.body.append(form);
      form.submit();
    }),
  ]);
  return response;
}

test("the server renders the error fallback with HTTP 405", async ({ request }) => {
  const response = await request.post("/", { form: { e2e: "1" } });
  expect(response.status()).toBe(405);
  const html = await response.text();
  expect(html).toMatch(/<h1[^>]*>Something went wrong<\/h1>/);
  expect(html).toContain("Refresh Page");
});

test("a POST form to a page without an action shows the error fallback; passes axe", async ({
  page,
}) => {
  const logReport = page.waitForRequest(
    (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/logs",
  );
  const response = await postToHome(page);
  expect(response.status()).toBe(405);
  await expect(page).toHaveTitle("Something went wrong");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something went wrong");
  await expect(page.getByRole("button", { name: "Refresh Page" })).toBeVisible();
  // In production the browser reports the error to the server (docs/development.md#layout).
  const report = (await logReport).postDataJSON() as Record<string, unknown>;
  expect(report).toMatchObject({ level: "error", context: { url: "/" } });
  expect(typeof report.message).toBe("string");
  expect(new Date(String(report.timestamp)).toISOString()).toBe(report.timestamp);
  await expectNoAxeViolations(page);
});

test("Refresh Page reloads the document", async ({ page }) => {
  await postToHome(page);
  await waitForHydration(page, "main button");
  await page.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = 1));
  const reload = page.waitForEvent("framenavigated", (frame) => frame === page.mainFrame());
  await page.getByRole("button", { name: "Refresh Page" }).click();
  await reload;
  await page.waitForLoadState("domcontentloaded");
  // A new document: the marker set on the old one is gone.
  expect(await page.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker)).toBe(
    undefined,
  );
  await expect(page).toHaveURL("/");
});
