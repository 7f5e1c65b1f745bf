import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, waitForHydration } from "../fixtures";
import { DEMO, signInAs, test } from "../support/community";

// A demo post without comments: the counts start at 0.
const SLUG = "start-up-loans-who-qualifies";

test.describe.configure({ timeout: 90_000 });

/** The post's (first) Conversation section, scrolled into view so that it loads. */
async function conversation(page: Page) {
  const section = page.getByRole("region", { name: /^Conversation/ }).first();
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole("status")).toHaveCount(0);
  return section;
}

test("a member comments, replies and deletes after confirming; the counts follow", async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const commentText = `Has anyone used the mentoring that comes with it? ${stamp}`;
  const replyText = `Answering myself: yes, it was worth it. ${stamp}`;

  await signInAs(page, DEMO.priya.email, `/post/${SLUG}`);
  await page.waitForURL(`**/post/${SLUG}`);
  await waitForHydration(page);
  const section = await conversation(page);
  await expect(section.getByText("0 comments")).toBeVisible();
  await expectNoAxeViolations(page);

  // Comment: the counter follows the text, the list and the count follow the post.
  const box = section.getByLabel("Add to the conversation");
  await box.fill(commentText);
  await expect(section.getByText(`${commentText.length}/5,000`)).toBeVisible();
  await section.getByRole("button", { name: "Post Comment" }).click();
  const comment = section.getByRole("article", { name: `Comment by ${DEMO.priya.name}` }).filter({
    hasText: commentText,
  });
  await expect(comment).toBeVisible();
  await expect(comment.getByText("Just now")).toBeVisible();
  await expect(box).toHaveValue("");
  await expect(section.getByText("1 comment", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // Reply under it.
  await comment.getByRole("button", { name: "Reply", expanded: false }).click();
  const replyBox = comment.getByLabel("Write a reply");
  await replyBox.fill(replyText);
  await replyBox
    .locator("xpath=ancestor::form")
    .getByRole("button", { name: "Reply", exact: true })
    .click();
  const reply = comment.getByRole("article", { name: `Comment by ${DEMO.priya.name}` }).filter({
    hasText: replyText,
  });
  await expect(reply).toBeVisible();
  await expect(section.getByText("2 comments")).toBeVisible();
  await expectNoAxeViolations(page);

  // The server kept both: a fresh page shows them and the header's count.
  await page.reload();
  await waitForHydration(page);
  const article = page.getByRole("main").locator("article").first();
  await expect(article.getByText("2 comments").first()).toBeVisible();
  const again = await conversation(page);
  await expect(again.getByText(commentText)).toBeVisible();
  await expect(again.getByText(replyText)).toBeVisible();

  // Delete the reply: dismissing the confirmation keeps it, accepting removes it.
  const dialogs: string[] = [];
  page.once("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await reply.getByRole("button", { name: "Delete" }).click();
  await expect.poll(() => dialogs).toEqual(["Are you sure you want to delete this comment?"]);
  await expect(reply).toBeVisible();
  await expect(again.getByText("2 comments")).toBeVisible();

  page.once("dialog", (dialog) => void dialog.accept());
  await reply.getByRole("button", { name: "Delete" }).click();
  await expect(reply).toHaveCount(0);
  await expect(comment).toBeVisible();
  await expect(again.getByText("1 comment", { exact: true })).toBeVisible();

  // Delete the comment.
  page.once("dialog", (dialog) => void dialog.accept());
  await comment.getByRole("button", { name: "Delete" }).click();
  await expect(comment).toHaveCount(0);
  await expect(again.getByText("0 comments")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.reload();
  await waitForHydration(page);
  await expect(article.getByText("0 comments").first()).toBeVisible();
  const after = await conversation(page);
  await expect(after.getByText(commentText)).toHaveCount(0);
  await expect(after.getByRole("article", { name: /^Comment by / })).toHaveCount(0);
});

test("a visitor sees the disabled box with Sign in and Sign Up", async ({ page }) => {
  await page.goto(`/post/${SLUG}`);
  await waitForHydration(page);
  const section = await conversation(page);
  await expect(section.getByRole("textbox", { name: "Add to the conversation" })).toBeDisabled();
  await expect(section.getByPlaceholder("Sign in to join the conversation.")).toBeVisible();
  await expect(section.getByRole("link", { name: "Sign in" })).toHaveAttribute(
    "href",
    `/login?redirectTo=${encodeURIComponent(`/post/${SLUG}`)}`,
  );
  await expect(section.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/signup");
  await expect(section.getByRole("button", { name: "Post Comment" })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
