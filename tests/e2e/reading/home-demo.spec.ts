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

test("a visitor reads who the site is for first, with Join Free Now (docs/decisions/0269)", async ({
  page,
}) => {
  await page.goto("/");
  const main = page.getByRole("main");
  const promise = main.getByRole("region", {
    name: "Build between the UK and India, with mentors who have done it",
  });
  await expect(promise.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(promise.getByRole("link", { name: "Join Free Now" })).toHaveAttribute(
    "href",
    "/signup",
  );
  // Before the posts, not after them.
  const promiseTop = (await promise.boundingBox())!.y;
  const heroTop = (await main.locator("article").first().boundingBox())!.y;
  expect(promiseTop).toBeLessThan(heroTop);
});

test("page 1 ends with six older posts and a link to the archive, which goes on from there", async ({
  page,
}) => {
  await page.goto("/");
  const older = page.getByRole("region", { name: "Older posts" });
  const rows = older.getByRole("article");
  await expect(rows).toHaveCount(6);
  // Rows, not cards: no pictures.
  await expect(older.locator("img")).toHaveCount(0);
  const lastTitle = await rows.last().getByRole("heading").innerText();
  await older.getByRole("link", { name: "Browse all older posts →" }).click();
  await expect(page).toHaveURL(/\/\?page=2$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Older posts – page 2");
  // The archive's first post is the one after the last row: nothing falls between.
  const archiveTitles = await page.getByRole("main").locator("article h2").allInnerTexts();
  expect(archiveTitles).not.toContain(lastTitle);
  expect(archiveTitles.length).toBeGreaterThan(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test("the home is no wider than the screen and far shorter than 20 cards made it", async ({
    page,
  }) => {
    await page.goto("/");
    const { width, height } = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      height: document.documentElement.scrollHeight,
    }));
    expect(width).toBeLessThanOrEqual(360);
    // 13,861 px at 390 px with 20 older cards (the measure); rows instead of cards.
    expect(height).toBeLessThan(9_000);
  });

  test("the promotion bar is one line, and hiding it lasts across pages", async ({ page }) => {
    await page.goto("/");
    const bar = page.getByRole("complementary", { name: "Sponsored" });
    await expect(bar).toContainText("Our legal partner");
    expect((await bar.boundingBox())!.height).toBeLessThan(48);
    // The × beside the text (a label for a checkbox: it works before the scripts load).
    await bar.locator('label[for="promo-bar-close"]').click();
    await expect(bar).toBeHidden();
    await page.goto("/categories");
    await expect(page.getByRole("complementary", { name: "Sponsored" })).toBeHidden();
  });
});

test.describe("in the dark theme", () => {
  test.use({ colorScheme: "dark" });

  test("the promotion bar stays dark navy with white text", async ({ page }) => {
    await page.goto("/");
    const bar = page.getByRole("complementary", { name: "Sponsored" });
    await expect(bar).toHaveCSS("background-color", "rgb(23, 37, 84)");
    await expect(bar).toHaveCSS("color", "rgb(255, 255, 255)");
  });
});
