import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

async function expectNotFoundPage(page: Page) {
  await expect(page).toHaveTitle("404 Page Not Found | FounderBridge");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
  await expect(main.getByRole("link", { name: "Search" })).toHaveAttribute("href", "/search");
  await expect(main.getByRole("button", { name: "Go back" })).toBeVisible();
}

for (const path of ["/no/such/page-e2e", "/404"]) {
  test.describe(`${path}`, () => {
    test("answers HTTP 404 with the 404 page in the HTML", async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
      const html = await response.text();
      expect(html).toMatch(/<h1[^>]*>404 Page Not Found<\/h1>/);
      expect(html).toContain('<meta name="robots" content="noindex"/>');
    });

    test("shows the 404 page with its three actions", async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expectNotFoundPage(page);
    });

    test.describe("on a short screen", () => {
      // Small enough that both this page and home scroll.
      test.use({ viewport: { width: 360, height: 320 } });

      test("Go Home navigates in the app to / and starts at the top", async ({ page }) => {
        await page.goto(path);
        await waitForHydration(page, "main button");
        const goHome = page.getByRole("main").getByRole("link", { name: "Go Home" });
        await goHome.scrollIntoViewIfNeeded();
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
        // Marks this document: it survives only a client-side navigation.
        await page.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = 1));

        await goHome.click();
        await expect(page).toHaveURL("/");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          "Build between the UK and India, with mentors who have done it",
        );
        expect(
          await page.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker),
        ).toBe(1);
        // Home is taller than the screen, so a kept scroll position would show.
        expect(
          await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight),
        ).toBe(true);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      });
    });
  });
}

test("Go back returns to the previous page", async ({ page }) => {
  await page.goto("/");
  await page.goto("/no/such/page-e2e");
  await waitForHydration(page, "main button");
  await page.getByRole("main").getByRole("button", { name: "Go back" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Build between the UK and India, with mentors who have done it",
  );
});
