import AxeBuilder from "@axe-core/playwright";
import { expect, test, waitForHydration } from "./fixtures";

// Every journey runs axe on the pages it visits. This proves that the check
// works with the default `page` fixture (made by browser.newContext()) and
// that it reports a real violation rather than passing vacuously.
test("axe reports violations on a page that has them", async ({ page }) => {
  await page.goto("/");
  // Changing the DOM before hydration would be a hydration mismatch.
  await waitForHydration(page);
  await page.evaluate(() => {
    const img = document.createElement("img");
    img.src = "/favicon.svg";
    document.querySelector("main")!.append(img);
  });
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.passes.length).toBeGreaterThan(0);
  expect(results.violations.map((v) => v.id)).toContain("image-alt");
});
