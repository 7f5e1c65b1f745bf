/**
 * Dark mode (docs/decisions/0114): the theme follows
 * prefers-color-scheme, the header's menu (system / light / dark) overrides
 * it and is remembered across a reload with the theme set before the body is
 * parsed (no flash), and the cached pages' CSP allows the theme script (no
 * violation). Axe, contrast included, checks these pages in either theme in
 * accessibility-sweep.spec.ts.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, waitForHydration } from "../fixtures";

const GUIDE = "/post/set-up-a-uk-limited-company-from-india-step-by-step";
const PAGES = ["/", "/categories", GUIDE, "/search?q=company", "/login"];
// The Events list and an event post (docs/decisions/0115): date, place, Add to calendar, captions.
const EVENT_PAGES = ["/categories/events", "/post/bengaluru-office-hours-with-our-mentors"];

/**
 * Records, from an init script, the theme <html> carries when <body> is first
 * inserted (before any paint of content), and every CSP violation.
 */
async function watchFirstPaint(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __themeAtBody?: string | null; __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (event) =>
      w.__csp.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      w.__themeAtBody = document.documentElement.getAttribute("data-theme");
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

const themeAtBody = (page: Page) =>
  page.evaluate(() => (window as unknown as { __themeAtBody?: string | null }).__themeAtBody);
const cspViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

for (const [scheme, pages, what] of [
  ["light", PAGES, "the reading pages"],
  ["dark", PAGES, "the reading pages"],
  ["light", EVENT_PAGES, "the Events list and an event"],
  ["dark", EVENT_PAGES, "the Events list and an event"],
] as const) {
  test(`follows prefers-color-scheme: ${scheme}, on ${what}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await watchFirstPaint(page);
    for (const path of pages) {
      await page.goto(path);
      await waitForHydration(page);
      expect(await themeAtBody(page), path).toBe(scheme);
      await expect(page.locator("html")).toHaveAttribute("data-theme", scheme);
      // The palette really changes: color-scheme and the page's background.
      const style = await page.evaluate(() => {
        const html = getComputedStyle(document.documentElement);
        return { colorScheme: html.colorScheme, background: html.backgroundColor };
      });
      expect(style.colorScheme).toBe(scheme);
      if (scheme === "light") expect(style.background).toBe("rgb(255, 255, 255)");
      else expect(style.background).toMatch(/^oklch\(0\.16 /);
      expect(await cspViolations(page), path).toEqual([]);
    }
  });
}

test("the header's menu picks dark, remembered across a reload with no flash and no CSP violation on a cached page", async ({
  page,
  request,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  await watchFirstPaint(page);
  // The page is in the cache (a hit's CSP allows inline scripts by hash only).
  await request.get(GUIDE);
  const first = await page.goto(GUIDE);
  expect((await first!.allHeaders())["x-page-cache"]).toBe("hit");
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");

  // Keyboard: the menu button has a name, opens with Enter, the choice is a pressed button.
  const toggle = page.getByRole("button", { name: "Theme: System" });
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "System", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("button", { name: "Dark", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByRole("button", { name: "Theme: Dark" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Reload: a cache hit again, the same HTML for everyone, dark before the body is parsed.
  const again = await page.reload();
  const headers = await again!.allHeaders();
  expect(headers["x-page-cache"]).toBe("hit");
  expect(headers["content-security-policy"]).not.toContain("'nonce-");
  expect(await again!.text()).not.toContain('data-theme="dark"');
  expect(await themeAtBody(page)).toBe("dark");
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "Theme: Dark" })).toBeVisible();
  expect(await cspViolations(page)).toEqual([]);

  // Another page keeps it; light overrides a dark system setting.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  expect(await themeAtBody(page)).toBe("dark");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Theme: Dark" }).click();
  await page.getByRole("button", { name: "Light", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await page.reload();
  expect(await themeAtBody(page)).toBe("light");

  // Back to System: the OS setting again.
  await waitForHydration(page);
  await page.getByRole("button", { name: "Theme: Light" }).click();
  await page.getByRole("button", { name: "System", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  expect(await cspViolations(page)).toEqual([]);
});

test.describe("on a narrow phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the side menu carries the theme choices (no room in the header)", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await watchFirstPaint(page);
    await page.goto("/");
    await waitForHydration(page, "header");
    await expect(page.getByRole("button", { name: /^Theme:/ })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const theme = page.getByRole("list", { name: "Theme" });
    await theme.getByRole("button", { name: "Dark" }).click();
    await expect(theme.getByRole("button", { name: "Dark" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expectNoAxeViolations(page);
    await page.reload();
    expect(await themeAtBody(page)).toBe("dark");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    expect(await cspViolations(page)).toEqual([]);
  });
});
