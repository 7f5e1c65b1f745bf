import { expect, test } from "../fixtures";

test("search finds posts, highlights the match and shows each result's details", async ({
  page,
}) => {
  const response = await page.goto("/search?q=visa");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search results for “visa”");
  const results = page.getByRole("main").locator("ol > li article");
  expect(await results.count()).toBeGreaterThan(0);
  const first = results.first();
  await expect(first.locator("mark").first()).toHaveText(/visa/i);
  await expect(first.locator('a[href^="/categories/"]')).toBeVisible();
  await expect(first.locator('a[href^="/user/"]')).toBeVisible();
  await expect(first.locator("time")).toBeVisible();
  await expect(first.getByText(/\d+ min read/)).toBeVisible();
  await expect(first.getByText(/\d+ views?/)).toBeVisible();
});

test("no match shows the empty state", async ({ page }) => {
  await page.goto("/search?q=zzqxyzzy");
  await expect(page.getByText("No results found")).toBeVisible();
  await expect(
    page.getByText("Try searching with different keywords or check your spelling"),
  ).toBeVisible();
});

test("the header search leads to the results", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("searchbox", { name: "Search query" }).first().fill("  founder ");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=founder$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search results for “founder”");
});
