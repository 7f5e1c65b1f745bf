import { expect, test } from "./fixtures";

// The empty e2e site: the named categories exist, with no posts.
test("an empty category says so", async ({ page }) => {
  const response = await page.goto("/categories/events");
  expect(response?.status()).toBe(200);
  await expect(page.getByText("No posts found in this category.")).toBeVisible();
});

test("/categories counts 0 posts; Uncategorized, with none, is not offered", async ({ page }) => {
  await page.goto("/categories");
  await expect(
    page.getByRole("main").locator("article").filter({ hasText: "Events" }).getByText("0 posts"),
  ).toBeVisible();
  await expect(page.getByRole("main").getByRole("heading", { name: "Uncategorized" })).toHaveCount(
    0,
  );
});
