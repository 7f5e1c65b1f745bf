import { axeBuilder, expect, test, waitForHydration } from "./fixtures";

// Every journey runs axe on the pages it visits. This proves that the check, as the journeys
// run it (fixtures.ts: in the page, violations in full), reports a real violation rather than
// passing vacuously.
test("axe reports violations on a page that has them", async ({ page }) => {
  await page.goto("/");
  // Changing the DOM before hydration would be a hydration mismatch.
  await waitForHydration(page);
  await page.evaluate(() => {
    for (const n of [1, 2]) {
      const img = document.createElement("img");
      img.src = `/favicon.svg?${n}`;
      document.querySelector("main")!.append(img);
    }
  });
  const results = await axeBuilder(page).analyze();
  expect(results.passes.length).toBeGreaterThan(0);
  // Only passes are cut to one node each (resultTypes): a violation lists every node.
  const imageAlt = results.violations.find((v) => v.id === "image-alt");
  expect(imageAlt?.nodes).toHaveLength(2);
});
