import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type ConsoleMessage, type Page } from "@playwright/test";

export { expect };

type Fixtures = {
  /** Console errors a test expects (e.g. the error fallback logs the route error). */
  allowedConsoleErrors: RegExp[];
  /** Fails the test on uncaught page errors, CSP violations and unexpected console errors. */
  browserErrors: string[];
};

/**
 * The default `page` fixture comes from `browser.newContext()`, which is what
 * @axe-core/playwright needs (tests/e2e/accessibility.spec.ts proves the check can fail).
 */
export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  browserErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      const onPageError = (error: Error) => errors.push(`pageerror: ${error.message}`);
      const onConsole = (message: ConsoleMessage) => {
        if (message.type() !== "error") return;
        const text = message.text();
        // Chromium logs every 4xx/5xx document or fetch; the tests check statuses themselves.
        if (text.startsWith("Failed to load resource: the server responded with a status of"))
          return;
        // React Router asks for the routes of links on the page (lazy route discovery) and logs
        // this when the journey's page.goto leaves the page before the answer arrives: the
        // browser aborted the request, nothing failed on the site.
        if (/^Failed to fetch manifest patches TypeError: Failed to fetch\b/.test(text)) return;
        if (allowedConsoleErrors.some((pattern) => pattern.test(text))) return;
        // The resource's address, for errors such as a cut stream that do not name it.
        const where = message.location().url;
        errors.push(`console.error: ${text}${where && !text.includes(where) ? ` (${where})` : ""}`);
      };
      page.on("pageerror", onPageError);
      page.on("console", onConsole);
      await use(errors);
      // A page that outlives the test (the sweep's, one per worker) reports to the next test only.
      page.off("pageerror", onPageError);
      page.off("console", onConsole);
      expect(errors, "errors in the browser (CSP violations, hydration, uncaught)").toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * axe as every journey runs it: all rules, but only violations get their full node lists and
 * selectors (`resultTypes`); passes and incomplete results keep one node each. axe's own guide
 * names the selectors of passing nodes as the slow tail of a run; a violation is reported the same.
 *
 * `setLegacyMode`: `axe.run` in the page itself, as axe-core did before 4.3, rather than a partial
 * run per frame finished in a blank page of the context that axe opens for each check and parses
 * axe's 650 KB again in. It halved each check (1,047 → 551 ms a stop, 38 sweep stops, decision
 * 0245). What it gives up is checking inside cross-origin frames; the site's only frames are
 * the embeds of other sites' players, which are not ours to check (and do not load offline).
 */
export function axeBuilder(page: Page) {
  return new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).setLegacyMode(true);
}

/** Runs axe on the page as it is now and expects no violations at all. */
export async function expectNoAxeViolations(page: Page) {
  const results = await axeBuilder(page).analyze();
  const violations = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(" ")),
  }));
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Waits until React has hydrated the element (its props, with event handlers,
 * are attached), so that clicks are handled by the app and not lost.
 */
export async function waitForHydration(page: Page, selector = "main") {
  await page.locator(selector).first().waitFor();
  await page.waitForFunction(
    (sel) => {
      const element = document.querySelector(sel);
      return Boolean(element && Object.keys(element).some((key) => key.startsWith("__reactProps")));
    },
    selector,
    { timeout: 10_000 },
  );
}
