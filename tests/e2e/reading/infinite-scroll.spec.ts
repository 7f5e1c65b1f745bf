import { expect, expectNoAxeViolations, test, waitForHydration } from "../fixtures";

const GUIDE = "set-up-a-uk-limited-company-from-india-step-by-step";

test("scrolling to the end loads the next post, and the address and title follow it", async ({
  page,
}) => {
  await page.goto(`/post/${GUIDE}`);
  await waitForHydration(page);
  const status = page.getByRole("main").getByRole("status").last();
  await expect(status).toHaveText("Scroll to load more...");
  const articles = page.locator("article[data-post-slug]");
  await expect(articles).toHaveCount(1);

  await status.scrollIntoViewIfNeeded();
  await expect(articles).toHaveCount(2);
  const nextSlug = await articles.nth(1).getAttribute("data-post-slug");
  expect(nextSlug).toBeTruthy();
  expect(nextSlug).not.toBe(GUIDE);
  // The next post is a guide too while guides remain (same category first).
  await expect(articles.nth(1).locator('a[href="/categories/guides"]').first()).toBeVisible();

  await articles.nth(1).getByRole("heading", { level: 2 }).first().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 400);
  await expect(page).toHaveURL(new RegExp(`/post/${nextSlug}$`));
  const nextTitle = await articles.nth(1).getByRole("heading", { level: 2 }).first().innerText();
  await expect(page).toHaveTitle(`${nextTitle} | FounderBridge`);
  await expectNoAxeViolations(page);

  // Back to the top: the first post is the most visible again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page).toHaveURL(new RegExp(`/post/${GUIDE}$`));
});

test("the end of the line says No more posts to load.", async ({ page, request }) => {
  // The oldest published post has nothing before it.
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const slugs = [...sitemap.matchAll(/\/post\/([a-z0-9-]+)<\/loc>/g)].map((m) => m[1]!);
  const oldest = slugs[slugs.length - 1]!;
  await page.goto(`/post/${oldest}`);
  await waitForHydration(page);
  const status = page.getByRole("main").getByRole("status").last();
  await status.scrollIntoViewIfNeeded();
  await expect(status).toHaveText("No more posts to load.");
});

test("the next-post API never repeats a seen post", async ({ request }) => {
  const first = await (await request.get(`/api/posts/next?after=${GUIDE}`)).json();
  expect(first.view.post.slug).not.toBe(GUIDE);
  const again = await (
    await request.get(`/api/posts/next?after=${GUIDE}&seen=${first.view.post.id}`)
  ).json();
  expect(again.view?.post.slug).not.toBe(first.view.post.slug);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the first post reads fully", async ({ page }) => {
    await page.goto(`/post/${GUIDE}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator(".post-body")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Conversation" })).toBeVisible();
  });
});
