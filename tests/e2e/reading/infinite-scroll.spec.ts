import { expect, expectNoAxeViolations, test, waitForHydration } from "../fixtures";

const GUIDE = "set-up-a-uk-limited-company-from-india-step-by-step";
const GUIDE_TITLE = "How to set up a UK limited company from India, step by step";

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

test("the end of the line says No more posts to load", async ({ page, request }) => {
  // The oldest published post has nothing before it.
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const slugs = [...sitemap.matchAll(/\/post\/([a-z0-9-]+)<\/loc>/g)].map((m) => m[1]!);
  const oldest = slugs[slugs.length - 1]!;
  await page.goto(`/post/${oldest}`);
  await waitForHydration(page);
  const status = page.getByRole("main").getByRole("status").last();
  // A reader who reaches the end and finds the old text scrolls again. On a
  // busy CI machine one scroll could go by before the page's observer watched
  // the marker (stop 27's CI), so the journey scrolls again as a reader would.
  await expect(async () => {
    await status.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 200);
    // docs/product/accounts.md#account-states "Status texts": the full stop ends the spec's sentence, not the text.
    await expect(status).toHaveText("No more posts to load", { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  // Nothing was loaded after the oldest post.
  await expect(page.locator("article[data-post-slug]")).toHaveCount(1);
});

test("the next-post API never repeats a seen post", async ({ request }) => {
  type Next = { view: { post: { id: string; slug: string } } | null };
  const first = (await (await request.get(`/api/posts/next?after=${GUIDE}`)).json()) as Next;
  expect(first.view?.post.slug).not.toBe(GUIDE);
  const again = (await (
    await request.get(`/api/posts/next?after=${GUIDE}&seen=${first.view?.post.id}`)
  ).json()) as Next;
  expect(again.view?.post.slug).not.toBe(first.view?.post.slug);
});

test("Back and Forward: the post read last is the page's first post again, where it was left", async ({
  page,
}) => {
  // Category page → post (a client navigation: a history entry of its own).
  await page.goto("/categories/guides");
  await waitForHydration(page);
  await page.getByRole("main").getByRole("link", { name: GUIDE_TITLE }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${GUIDE}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(GUIDE_TITLE);
  const entries = await page.evaluate(() => history.length);

  // Scroll on into the next post: the address and the title follow it, no entry is added.
  const articles = page.locator("article[data-post-slug]");
  await page.getByRole("main").getByRole("status").last().scrollIntoViewIfNeeded();
  await expect(articles).toHaveCount(2);
  const next = articles.nth(1);
  const nextSlug = (await next.getAttribute("data-post-slug"))!;
  const nextTitle = await next.getByRole("heading", { level: 2 }).first().innerText();
  await next.locator(".post-body").scrollIntoViewIfNeeded();
  await expect(page).toHaveURL(new RegExp(`/post/${nextSlug}$`));
  await expect(page).toHaveTitle(`${nextTitle} | FounderBridge`);
  expect(await page.evaluate(() => history.length)).toBe(entries);
  // Where the reader is within the next post (the top of its body, in the viewport).
  const bodyTop = async () =>
    page.evaluate(
      (slug) =>
        document
          .querySelector(`article[data-post-slug="${slug}"] .post-body`)!
          .getBoundingClientRect().top,
      nextSlug,
    );
  const before = await bodyTop();
  // Let the reading position settle into the history entry.
  await page.waitForTimeout(600);

  // Leave by a link inside the next post, its category (clicked where it is: a
  // real click would first scroll it into view, moving the reader).
  await next.locator('a[href="/categories/guides"]').first().dispatchEvent("click");
  await expect(page).toHaveURL(/\/categories\/guides$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Guides");

  // Back: the post read last is now the page's first post, scrolled to where it was left.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/post/${nextSlug}$`));
  await expect(page).toHaveTitle(`${nextTitle} | FounderBridge`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(nextTitle);
  await expect(articles.first()).toHaveAttribute("data-post-slug", nextSlug);
  await expect(page.locator("article[data-post-slug] .post-body").first()).toBeInViewport();
  await expect.poll(bodyTop).toBeGreaterThan(before - 80);
  expect(await bodyTop()).toBeLessThan(before + 80);
  await expect(page.locator(`article[data-post-slug="${GUIDE}"]`)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Back again: the category page the journey started on; Forward: the post, then the category.
  await page.goBack();
  await expect(page).toHaveURL(/\/categories\/guides$/);
  await expect(page).toHaveTitle("Guides | FounderBridge");
  await expect(page.getByRole("main").getByRole("link", { name: GUIDE_TITLE })).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`/post/${nextSlug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(nextTitle);
  await expect(page).toHaveTitle(`${nextTitle} | FounderBridge`);
  await page.goForward();
  await expect(page).toHaveURL(/\/categories\/guides$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Guides");

  // A reload of the entry keeps the post read last as the first post, from the server.
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(nextTitle);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(nextTitle);
  await expect(page).toHaveURL(new RegExp(`/post/${nextSlug}$`));
});

test("Back to a post that was never scrolled past starts where it was left, and the title is its own", async ({
  page,
}) => {
  await page.goto(`/post/${GUIDE}`);
  await waitForHydration(page);
  await page.locator(".post-body").first().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 300);
  await expect(page).toHaveURL(new RegExp(`/post/${GUIDE}$`));
  // The wheel scrolls after it returns: read the position once it has settled (and been recorded).
  await page.waitForTimeout(600);
  let y = -1;
  await expect
    .poll(async () => {
      const before = y;
      y = await page.evaluate(() => window.scrollY);
      return y === before;
    })
    .toBe(true);
  expect(y).toBeGreaterThan(0);
  await page.waitForTimeout(600);
  await page
    .getByRole("main")
    .locator('a[href="/categories/guides"]')
    .first()
    .dispatchEvent("click");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Guides");
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(GUIDE_TITLE);
  await expect(page).toHaveTitle(`${GUIDE_TITLE} | FounderBridge`);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(y - 80);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(y + 80);
});

test("a later post's comment count scrolls to its Conversation, on the same page", async ({
  page,
}) => {
  await page.goto(`/post/${GUIDE}`);
  await waitForHydration(page);
  const articles = page.locator("article[data-post-slug]");
  await page.getByRole("main").getByRole("status").last().scrollIntoViewIfNeeded();
  await expect(articles).toHaveCount(2);
  const next = articles.nth(1);
  const nextSlug = (await next.getAttribute("data-post-slug"))!;
  await next.locator(".post-body").scrollIntoViewIfNeeded();
  await expect(page).toHaveURL(new RegExp(`/post/${nextSlug}`));
  const entries = await page.evaluate(() => history.length);
  await next.getByRole("link", { name: /\d+ comments?/ }).click();
  await expect(
    next
      .getByRole("region", { name: /^Conversation: / })
      .getByRole("heading", { name: "Conversation" }),
  ).toBeInViewport();
  // Still the same page: the first post is the one it opened with, nothing was loaded again.
  await expect(articles.first()).toHaveAttribute("data-post-slug", GUIDE);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(GUIDE_TITLE);
  expect(await page.evaluate(() => history.length)).toBe(entries);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the first post reads fully, and no status text promises more", async ({ page }) => {
    await page.goto(`/post/${GUIDE}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator(".post-body")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Conversation" })).toBeVisible();
    await expect(page.getByText("Scroll to load more...")).toHaveCount(0);
    await expect(page.getByText("Loading next post...")).toHaveCount(0);
  });
});
