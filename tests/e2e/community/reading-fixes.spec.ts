/**
 * The post page's reading fixes (docs/decisions/0265 to 0268): a notification
 * lands on its comment, marked, beyond the first page of comments, and the
 * address stays on the post while the reader scrolls (the next post waits for
 * Next article); Reply puts the caret in its box; @mentions link to profiles;
 * the author card ends the article with Follow; the podcast player shows the
 * episode's stored length; the sidebar banner shows once.
 */
import { expect, waitForHydration } from "../fixtures";
import { DEMO, signInAs, test } from "../support/community-server";

const SLUG = "set-up-a-uk-limited-company-from-india-step-by-step";
const TARGET = "5b0c2f4e-7d1a-4c3e-9f2b-8a6d1e0c3b71";
const TITLE = "Tom Bennett replied to your comment";
const match = `p.slug = '${SLUG}' and a.username = '${DEMO.tom.username}'`;

// Tom's comment, an hour old, under 6 newer ones: on the second page of comments.
test.use({
  communitySql: [
    `insert into comments (id, post_id, author_id, content, created_at)
       select '${TARGET}', p.id, a.id, 'Does this cover VAT too? Asking @${DEMO.james.username} and @nobody_here', now() - interval '1 hour'
       from posts p, profiles a where ${match}`,
    `insert into comments (post_id, author_id, content, created_at)
       select p.id, a.id, 'A newer comment ' || g, now() - make_interval(mins => g)
       from posts p, profiles a, generate_series(1, 6) g where ${match}`,
    `insert into notifications (user_id, type, title, message, link)
       select id, 'reply', '${TITLE}', 'Does this cover VAT too?', '/post/${SLUG}#c-${TARGET}'
       from profiles where username = '${DEMO.priya.username}'`,
  ],
});

test.describe.configure({ timeout: 90_000 });

test("a notification lands on its comment, marked, and the address stays on the post", async ({
  page,
}) => {
  await signInAs(page, DEMO.priya.email, "/notifications");
  await waitForHydration(page);
  // The whole row is one link (docs/decisions/0267).
  await page.getByRole("link", { name: new RegExp(TITLE) }).click();
  await page.waitForURL((url) => url.searchParams.get("source") === "notification");
  await waitForHydration(page);
  const comment = page.locator(`#c-${TARGET}`);
  await expect(comment).toHaveAttribute("data-highlighted", "true");
  await expect(comment).toBeInViewport();
  const path = new URL(page.url()).pathname;
  expect(path).toBe(`/post/${SLUG}`);

  // Scrolling to the end loads nothing by itself; the address stays.
  for (let i = 0; i < 6; i += 1) {
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(300);
  }
  const next = page.getByRole("button", { name: "Next article" });
  await expect(next).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.locator("article[data-post-slug]")).toHaveCount(1);
  expect(new URL(page.url()).pathname).toBe(path);

  // The reader asks for it: it comes after a divider.
  await next.click();
  await expect(page.locator("article[data-post-slug]")).toHaveCount(2);
  await expect(page.getByText("Up next")).toBeVisible();
});

test("Reply puts the caret in its box; a mention links to the member's profile", async ({
  page,
}) => {
  await signInAs(page, DEMO.priya.email, `/post/${SLUG}#c-${TARGET}`);
  await waitForHydration(page);
  const comment = page.locator(`#c-${TARGET}`);
  await expect(comment).toHaveAttribute("data-highlighted", "true");
  const mention = comment.getByRole("link", { name: `@${DEMO.james.username}` });
  await expect(mention).toHaveAttribute("href", `/user/${DEMO.james.username}`);
  await expect(comment.getByRole("link", { name: "@nobody_here" })).toHaveCount(0);
  await expect(comment.getByText("@nobody_here", { exact: false })).toBeVisible();

  await comment.getByRole("button", { name: "Reply", expanded: false }).click();
  const box = comment.getByLabel("Write a reply");
  await expect(box).toBeFocused();
  await page.keyboard.type("Yes, VAT too.");
  await expect(box).toHaveValue("Yes, VAT too.");
});

test("the author card ends the article with a working Follow", async ({ page }) => {
  await signInAs(page, DEMO.priya.email, `/post/${SLUG}`);
  await waitForHydration(page);
  const card = page.getByRole("region", { name: "About the author" });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole("link", { name: DEMO.sarah.name, exact: true })).toHaveAttribute(
    "href",
    `/user/${DEMO.sarah.username}`,
  );
  const button = card.getByRole("button", { name: /^(Follow|Unfollow) / });
  const before = (await button.textContent())!.startsWith("Unfollow") ? "Unfollow" : "Follow";
  const after = before === "Follow" ? "Unfollow" : "Follow";
  const sent = page.waitForResponse(
    (r) => r.url().endsWith(`/user/${DEMO.sarah.username}`) && r.request().method() === "POST",
  );
  await button.click();
  await sent;
  await expect(button).toHaveText(new RegExp(`^${after} `));
  // Kept: the profile says the same.
  await page.goto(`/user/${DEMO.sarah.username}`);
  await expect(page.getByRole("button", { name: after, exact: true })).toBeVisible();
});

test("the sidebar banner shows once", async ({ page }) => {
  await page.goto(`/post/${SLUG}`);
  const sidebar = page.getByRole("complementary", { name: /^Sidebar:/ }).first();
  await expect(sidebar.locator('a[href="/partner-with-us"]')).toHaveCount(1);
});

test("the podcast player shows the stored length, and works by keyboard", async ({ page }) => {
  await page.goto("/post/episode-12-building-a-fintech-bridge-between-mumbai-and-london");
  await waitForHydration(page);
  const player = page.getByRole("region", { name: /^Podcast player:/ });
  await expect(player.getByTestId("player-duration")).not.toHaveText(/^(Length: )?0:00$/);
  await expect(player.getByTestId("player-duration")).toHaveText(/\d+:\d{2}$/);
  await expect(player.getByRole("button", { name: "Back 15 seconds" })).toBeVisible();
  await expect(player.getByRole("button", { name: "Forward 15 seconds" })).toBeVisible();
  const speed = player.getByRole("combobox", { name: "Playback speed" });
  await speed.focus();
  await speed.selectOption("1.5");
  await expect(speed).toHaveValue("1.5");
  await expect(player.getByRole("link", { name: /podcast RSS feed/ })).toHaveAttribute(
    "href",
    "/podcast.xml",
  );
});
