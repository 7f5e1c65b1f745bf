import { expect, test } from "../fixtures";

// The "reading" project's server has the demo content loaded.

test("home shows one hero, four listed posts, featured posts and recommended topics", async ({
  page,
}) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  const main = page.getByRole("main");
  await expect(main.locator("article h2")).toHaveCount(1);
  await expect(main.getByRole("region", { name: "More posts" }).locator("article")).toHaveCount(4);
  const sidebar = page.getByRole("complementary", { name: "Sidebar" });
  await expect(
    sidebar.getByRole("region", { name: "Featured posts" }).locator("article"),
  ).toHaveCount(4);
  const topics = sidebar.getByRole("navigation", { name: "Recommended topics" }).getByRole("link");
  const count = await topics.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(6);
});

test("a recommended topic filters the home page by category", async ({ page }) => {
  await page.goto("/");
  const topic = page
    .getByRole("navigation", { name: "Recommended topics" })
    .getByRole("link", { name: "Guides" });
  await topic.click();
  await expect(page).toHaveURL(/\/\?category=guides$/);
  await expect(topic).toHaveAttribute("aria-current", "page");
  const categoryLinks = page
    .getByRole("main")
    .locator("article")
    .first()
    .locator('a[href^="/categories/"]');
  await expect(categoryLinks).toHaveText("Guides");
  for (const link of await page
    .locator('section[aria-labelledby="more-posts-title"] article a[href^="/categories/"]')
    .all()) {
    await expect(link).toHaveText("Guides");
  }
});

test("an unknown topic answers 404 with Category not found and the way back to all topics", async ({
  page,
}) => {
  const response = await page.goto("/?category=bogus");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Category not found | FounderBridge");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  const main = page.getByRole("main");
  await expect(main.getByText("Category not found")).toBeVisible();
  // No post is listed (the sidebar keeps its featured posts and topics).
  await expect(main.locator("article h2")).toHaveCount(0);
  await expect(main.getByRole("region", { name: "More posts" })).toHaveCount(0);
  await main.getByRole("link", { name: "Show all topics" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(main.locator("article h2")).toHaveCount(1);
});

test("the promo banner from site settings shows in the header area", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("complementary", { name: "Sponsored" })).toContainText(
    "Our legal partner",
  );
});
