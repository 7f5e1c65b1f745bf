import { expect, test } from "../fixtures";

test("/categories shows cards with name, post count and description, linking to the home filter", async ({
  page,
}) => {
  const response = await page.goto("/categories");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible();
  const guides = page.getByRole("main").locator("article").filter({ hasText: "Guides" });
  await expect(guides.getByRole("link", { name: "Guides" })).toHaveAttribute(
    "href",
    "/?category=guides",
  );
  await expect(guides.getByText(/^\d+ posts?$/)).toBeVisible();
});

test("a category page lists its posts with a sidebar", async ({ page }) => {
  const response = await page.goto("/categories/guides");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Guides" })).toBeVisible();
  const posts = page.getByRole("region", { name: "Guides posts" }).locator("article");
  expect(await posts.count()).toBeGreaterThan(0);
  const first = posts.first();
  await expect(first.getByRole("heading", { level: 2 })).toBeVisible();
  await expect(first.locator("time")).toBeVisible();
  await expect(first.getByText(/\d+ comments?/)).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Sidebar" })).toBeVisible();
});

test("an unknown category answers 404 with Category not found", async ({ page }) => {
  const response = await page.goto("/categories/no-such-topic");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Category not found" })).toBeVisible();
});
