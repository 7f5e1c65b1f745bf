import type { Browser, Page } from "@playwright/test";
import { expectNoAxeViolations } from "../fixtures";

/**
 * axe runs inside the page, which a context with `javaScriptEnabled: false`
 * does not allow. So the page's HTML as the script-less browser has it is
 * served again, at the same address, to a fresh context that blocks every
 * script request (the page never hydrates, exactly as without JavaScript),
 * and axe checks that.
 */
export async function expectNoAxeViolationsWithoutScripts(browser: Browser, page: Page) {
  const html = await page.content();
  const url = new URL(page.url());
  url.hash = "";
  const context = await browser.newContext();
  try {
    const copy = await context.newPage();
    await copy.route("**/*", (route) => {
      const request = route.request();
      if (request.resourceType() === "script") return route.abort();
      if (request.resourceType() === "document" && request.url() === url.href) {
        return route.fulfill({ body: html, contentType: "text/html; charset=utf-8" });
      }
      return route.continue();
    });
    await copy.goto(url.href);
    await expectNoAxeViolations(copy);
  } finally {
    await context.close();
  }
}
