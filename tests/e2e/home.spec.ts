import { expect, test } from "./fixtures";

// The e2e server starts on a fresh embedded database with DEMO_CONTENT=false,
// so the home page shows its empty state.

test("home answers 200 with the page already rendered in the HTML", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/html/);
  const html = await response.text();
  expect(html).toMatch(/^<!DOCTYPE html>/i);
  expect(html).toContain('<html lang="en-GB"');
  // Server-rendered: the heading and the empty state are in the document itself, not added by JS.
  // The site's promise first (docs/decisions/0269), then the posts.
  expect(html).toMatch(
    /<h1[^>]*>Build between the UK and India, with mentors who have done it<\/h1>/,
  );
  expect(html).toMatch(/<h2[^>]*>Latest from our mentors<\/h2>/);
  expect(html).toContain("No posts found");
  expect(html).toContain("Check back later for new content");
  expect(html).toMatch(/<title>[^<]*FounderBridge[^<]*<\/title>/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("home shows its heading and empty state", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Build between the UK and India, with mentors who have done it",
    );
    // A visitor's way in works without JavaScript too.
    await expect(
      page.getByRole("main").getByRole("link", { name: "Join Free Now" }),
    ).toHaveAttribute("href", "/signup");
    await expect(page.getByText("No posts found")).toBeVisible();
    await expect(page.getByText("Check back later for new content")).toBeVisible();
  });
});

test("home shows the empty state", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/FounderBridge/);
  await expect(
    page.getByRole("heading", { level: 2, name: "Latest from our mentors" }),
  ).toBeVisible();
  await expect(page.getByText("No posts found")).toBeVisible();
  await expect(page.getByText("Check back later for new content")).toBeVisible();
  // No post cards on an empty site.
  await expect(page.locator("main article")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});
