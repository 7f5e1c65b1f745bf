import { expect, test } from "../fixtures";

test("a post's tag leads to the tag's page, which lists its posts and offers its feeds", async ({
  page,
}) => {
  await page.goto("/tag/market-entry");
  await expect(page.getByRole("heading", { level: 1, name: "#market entry" })).toBeVisible();
  const posts = page.getByRole("region", { name: "Posts tagged market entry" }).locator("article");
  expect(await posts.count()).toBeGreaterThan(0);
  await expect(page.getByRole("link", { name: "RSS feed of #market entry" })).toHaveAttribute(
    "href",
    "/tag/market-entry/rss.xml",
  );
  // From a post carrying the tag, back to the tag's page.
  await posts.first().getByRole("heading").getByRole("link").click();
  await page
    .getByRole("region", { name: /^Tags/ })
    .first()
    .getByRole("link", { name: "#market entry" })
    .click();
  await expect(page).toHaveURL(/\/tag\/market-entry$/);
});

test("the Podcast category offers its podcast feed", async ({ page, request }) => {
  await page.goto("/categories/podcast");
  await expect(page.getByRole("link", { name: "Subscribe in a podcast app" })).toHaveAttribute(
    "href",
    "/podcast.xml",
  );
  const feed = await request.get("/podcast.xml");
  expect(feed.headers()["content-type"]).toMatch(/^application\/rss\+xml/);
  const xml = await feed.text();
  // The demo's podcast episodes carry WAV chimes: each is an enclosure with its length.
  expect(xml).toMatch(/<enclosure url="[^"]+\.wav" length="\d+" type="audio\/wav"\/>/);
  expect(xml).toMatch(/<itunes:duration>\d+<\/itunes:duration>/);
});

test("an unknown tag answers 404 with Tag not found", async ({ page }) => {
  const response = await page.goto("/tag/no-such-tag");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Tag not found" })).toBeVisible();
});
