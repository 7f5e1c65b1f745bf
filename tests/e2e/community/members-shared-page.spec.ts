import type { Response } from "@playwright/test";
import { expect, expectNoAxeViolations, waitForHydration } from "../fixtures";
import { conversation, DEMO, signInAs, test } from "../support/community-server";

/**
 * The members' shared page (docs/decisions/0154): an approved member's
 * article comes from the page cache, the same for every such member; the
 * avatar menu, the bell with its count and the saved state arrive from one
 * private request, and the comment box works.
 */
const SLUG = "start-up-loans-who-qualifies";
const TOM = `(SELECT id FROM profiles WHERE username = '${DEMO.tom.username}')`;
const POST = `(SELECT id FROM posts WHERE slug = '${SLUG}')`;

test.describe.configure({ timeout: 90_000 });
test.use({
  // Tom has saved the post and has exactly two unread notifications.
  communitySql: [
    `DELETE FROM favorites WHERE user_id = ${TOM}`,
    `INSERT INTO favorites (user_id, post_id) VALUES (${TOM}, ${POST})`,
    `UPDATE notifications SET is_read = true WHERE user_id = ${TOM}`,
    `INSERT INTO notifications (user_id, type, title) VALUES (${TOM}, 'follow', 'Shared page journey one'), (${TOM}, 'follow', 'Shared page journey two')`,
  ],
});

test("a member's article comes from the cache with their avatar, bell, saved state and comment box", async ({
  page,
}) => {
  await signInAs(page, DEMO.tom.email, "/");
  // Twice: the first may render the members' page, the second is served from the cache.
  await page.goto(`/post/${SLUG}`);
  const viewerAnswer = page.waitForResponse((r) => r.url().includes("/api/viewer"));
  const document: Response | null = await page.goto(`/post/${SLUG}`);
  expect(document?.headers()["x-page-cache"]).toBe("hit");
  expect(document?.headers()["cache-control"]).toBe("private, no-store");
  const html = (await document?.text()) ?? "";
  // Nothing of Tom's in the shared page itself.
  expect(html).not.toContain(DEMO.tom.username);
  expect(html).not.toContain(DEMO.tom.name);
  expect(html).not.toContain("Shared page journey");

  // One private request brings his parts.
  const viewer = await viewerAnswer;
  expect(viewer.headers()["cache-control"]).toBe("private, no-store");
  await waitForHydration(page);
  await expect(
    page.getByRole("button", { name: `Account menu for ${DEMO.tom.name}` }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Notifications, 2 unread" })).toBeVisible();
  await expect(page.getByTestId("notification-badge")).toHaveText("2");
  const article = page.getByRole("main").locator("article").first();
  await expect(article.getByRole("button", { name: "Saved" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  // The avatar menu is his.
  await page.getByRole("button", { name: `Account menu for ${DEMO.tom.name}` }).click();
  await expect(page.getByText(`@${DEMO.tom.username}`)).toBeVisible();
  await expect(page.getByRole("link", { name: "My Profile" })).toHaveAttribute(
    "href",
    `/user/${DEMO.tom.username}`,
  );
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");

  // He comments from the cached page.
  const section = await conversation(page);
  const text = `Posted from the shared page ${Date.now()}`;
  await section.getByRole("textbox", { name: "Add to the conversation" }).fill(text);
  await section.getByRole("button", { name: "Post Comment" }).click();
  await expect(section.getByText(text)).toBeVisible();
  await expectNoAxeViolations(page);
});
