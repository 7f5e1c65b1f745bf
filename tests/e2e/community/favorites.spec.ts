import { expect, expectNoAxeViolations, waitForHydration } from "../fixtures";
import { DEMO, signInAs, test } from "../support/community-server";

const SLUG = "start-up-loans-who-qualifies";
const TITLE = "Start Up Loans: who qualifies for the government-backed scheme";

test.use({
  // Tom starts with no saved posts, so that removing the one he saves leaves the empty state.
  communitySql: [
    `DELETE FROM favorites WHERE user_id = (SELECT id FROM profiles WHERE username = '${DEMO.tom.username}')`,
  ],
});

test("a member saves a post, finds it on /favorites, then removes it", async ({ page }) => {
  await signInAs(page, DEMO.tom.email, `/post/${SLUG}`);
  await page.waitForURL(`**/post/${SLUG}`);
  await waitForHydration(page);
  const article = page.getByRole("main").locator("article").first();
  await expect(article.getByRole("heading", { level: 1 })).toHaveText(TITLE);

  await page.goto("/favorites");
  await expect(page.getByRole("heading", { name: "My Favorite Posts" })).toBeVisible();
  await expect(page.getByText("You haven't saved any posts yet")).toBeVisible();

  // Save it.
  await page.goto(`/post/${SLUG}`);
  await waitForHydration(page);
  await article.getByRole("button", { name: "Add to favorites" }).click();
  const saved = article.getByRole("button", { name: "Saved" });
  await expect(saved).toHaveAttribute("aria-pressed", "true");
  // The server kept it: a fresh page says Saved too.
  await page.reload();
  await waitForHydration(page);
  await expect(saved).toHaveAttribute("aria-pressed", "true");

  // The avatar menu leads to it.
  await page.getByRole("button", { name: `Account menu for ${DEMO.tom.name}` }).click();
  await page.getByRole("link", { name: "My Favorite Posts" }).click();
  await page.waitForURL("**/favorites");
  await waitForHydration(page);
  const item = page.getByRole("article", { name: TITLE });
  await expect(item).toBeVisible();
  await expect(item.getByRole("link", { name: TITLE })).toHaveAttribute("href", `/post/${SLUG}`);
  await expect(item.getByText(/^Saved /)).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Most Viewed" })).toBeVisible();

  // Remove it from the post page; /favorites is empty again.
  await item.getByRole("link", { name: TITLE }).click();
  await page.waitForURL(`**/post/${SLUG}`);
  await waitForHydration(page);
  await article.getByRole("button", { name: "Saved" }).click();
  await expect(article.getByRole("button", { name: "Add to favorites" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await expectNoAxeViolations(page);
  await page.goto("/favorites");
  await expect(page.getByText("You haven't saved any posts yet")).toBeVisible();
  await expect(page.getByRole("article", { name: TITLE })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Browse posts" })).toHaveAttribute("href", "/");
});

test("a signed-in member's home has the site's promise without Join Free Now (docs/decisions/0269)", async ({
  page,
}) => {
  await signInAs(page, DEMO.tom.email, "/");
  await waitForHydration(page);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(
    "Build between the UK and India, with mentors who have done it",
  );
  await expect(main.getByRole("link", { name: "Join Free Now" })).toHaveCount(0);
});
