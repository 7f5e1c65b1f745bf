import type { Browser, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, waitForHydration } from "../fixtures";
import {
  conversation,
  DEMO,
  headerCommentCount,
  signInAs,
  test,
  watchBrowserErrors,
} from "../support/community-server";
import { answerNextDialog } from "../support/dialogs";

const SLUG = "our-first-uk-customer-took-nine-months";
const EARLIER = 7;

test.describe.configure({ timeout: 90_000 });
test.use({
  // Seven older top-level comments beside the seeded one: more than the first 5 shown.
  communitySql: [
    `INSERT INTO comments (post_id, author_id, content, created_at)
     SELECT p.id, u.id, 'An earlier note, number ' || g, now() - make_interval(hours => g)
     FROM posts p, profiles u, generate_series(1, ${EARLIER}) g
     WHERE p.slug = '${SLUG}' AND u.username = 'daniel_okafor'`,
  ],
});

/** The top-level comments listed (a reply is inside its comment's item). */
const topLevel = (section: ReturnType<Page["getByRole"]>) =>
  section.getByTestId("conversation").locator(":scope > ul > li");

/** Another member's browser: its own context, signed in on the post. */
async function memberBrowser(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const errors = watchBrowserErrors(page);
  await signInAs(page, email, `/post/${SLUG}`);
  await page.waitForURL(`**/post/${SLUG}`);
  await waitForHydration(page);
  return { context, page, errors };
}

test("two members talk under a post, a reply to a reply joins the thread, a mentor deletes a member's comment; the counts follow in place", async ({
  page,
  browser,
  communityServer,
}) => {
  const stamp = Date.now().toString(36);
  const commentText = `Nine months for us too, mostly procurement. ${stamp}`;
  const replyText = `Which part of procurement took longest? ${stamp}`;
  const replyOnReply = `And did a UK entity shorten it? ${stamp}`;

  // Member A (Tom) sees 5 of the comments, loads the rest, then comments.
  await signInAs(page, DEMO.tom.email, `/post/${SLUG}`);
  await page.waitForURL(`**/post/${SLUG}`);
  await waitForHydration(page);
  const section = await conversation(page);
  const start = EARLIER + 1;
  await expect(headerCommentCount(page)).toHaveText(`${start} comments`);
  await expect(topLevel(section)).toHaveCount(5);
  await section.getByRole("link", { name: "Load more" }).click();
  await expect(topLevel(section)).toHaveCount(start);
  await expect(section.getByRole("link", { name: "Load more" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await section.getByLabel("Add to the conversation").fill(commentText);
  await section.getByRole("button", { name: "Post Comment" }).click();
  const mine = section
    .getByRole("article", { name: `Comment by ${DEMO.tom.name}` })
    .filter({ hasText: commentText });
  await expect(mine).toBeVisible();
  // Every comment already shown stays, and the header's count follows without a reload.
  await expect(topLevel(section)).toHaveCount(start + 1);
  await expect(section.getByText(`${start + 1} comments`)).toBeVisible();
  await expect(headerCommentCount(page)).toHaveText(`${start + 1} comments`);
  await expectNoAxeViolations(page);

  // Member B (James), in another browser, sees it and replies; then replies to the reply.
  const b = await memberBrowser(browser, communityServer.url, DEMO.james.email);
  try {
    const theirs = await conversation(b.page);
    const tomsComment = theirs
      .getByRole("article", { name: `Comment by ${DEMO.tom.name}` })
      .filter({ hasText: commentText });
    await expect(tomsComment).toBeVisible();
    await tomsComment.getByRole("button", { name: "Reply", expanded: false }).click();
    const box = tomsComment.getByLabel("Write a reply");
    await box.fill(replyText);
    await box
      .locator("xpath=ancestor::form")
      .getByRole("button", { name: "Reply", exact: true })
      .click();
    const reply = tomsComment
      .getByRole("article", { name: `Comment by ${DEMO.james.name}` })
      .filter({ hasText: replyText });
    await expect(reply).toBeVisible();
    await expect(headerCommentCount(b.page)).toHaveText(`${start + 2} comments`);
    await expectNoAxeViolations(b.page);

    // A reply has a Reply button too; the answer joins the top comment's replies.
    await reply.getByRole("button", { name: "Reply", expanded: false }).click();
    await expect(reply.getByRole("button", { name: "Reply", expanded: true })).toBeVisible();
    const replyBox = reply.getByLabel("Write a reply");
    await replyBox.fill(replyOnReply);
    await expectNoAxeViolations(b.page);
    await replyBox
      .locator("xpath=ancestor::form")
      .getByRole("button", { name: "Reply", exact: true })
      .click();
    const second = tomsComment
      .getByRole("article", { name: `Comment by ${DEMO.james.name}` })
      .filter({ hasText: replyOnReply });
    await expect(second).toBeVisible();
    await expect(reply.getByText(replyOnReply)).toHaveCount(0);
    await expect(reply.getByLabel("Write a reply")).toHaveCount(0);
    await expect(headerCommentCount(b.page)).toHaveText(`${start + 3} comments`);
    await expectNoAxeViolations(b.page);
    expect(b.errors).toEqual([]);
  } finally {
    await b.context.close();
  }

  // A sees both replies after a reload.
  await page.reload();
  await waitForHydration(page);
  const again = await conversation(page);
  const thread = again
    .getByRole("article", { name: `Comment by ${DEMO.tom.name}` })
    .filter({ hasText: commentText });
  await expect(thread.getByText(replyText)).toBeVisible();
  await expect(thread.getByText(replyOnReply)).toBeVisible();
  await expect(headerCommentCount(page)).toHaveText(`${start + 3} comments`);

  // A mentor (Sarah) deletes the member's comment, after confirming; its replies go with it.
  const mentor = await memberBrowser(browser, communityServer.url, DEMO.sarah.email);
  try {
    const hers = await conversation(mentor.page);
    const target = hers
      .getByRole("article", { name: `Comment by ${DEMO.tom.name}` })
      .filter({ hasText: commentText });
    await expect(target).toBeVisible();
    const dialogs: string[] = [];
    const asked = answerNextDialog(mentor.page, "accept", { axe: true }).then((q) =>
      dialogs.push(q),
    );
    await target.getByRole("button", { name: "Delete" }).first().click();
    await asked;
    await expect(target).toHaveCount(0);
    expect(dialogs).toEqual(["Are you sure you want to delete this comment?"]);
    await expect(hers.getByText(`${start} comments`, { exact: true })).toBeVisible();
    await expect(headerCommentCount(mentor.page)).toHaveText(`${start} comments`);
    await expect(topLevel(hers)).toHaveCount(5);
    await expectNoAxeViolations(mentor.page);
    expect(mentor.errors).toEqual([]);
  } finally {
    await mentor.context.close();
  }

  await page.reload();
  await waitForHydration(page);
  const after = await conversation(page);
  await expect(after.getByText(commentText)).toHaveCount(0);
  await expect(headerCommentCount(page)).toHaveText(`${start} comments`);
});

test("double-clicking Post Comment sends one comment", async ({ page }) => {
  const text = `Posted once, however eager the click. ${Date.now().toString(36)}`;
  await signInAs(page, DEMO.priya.email, `/post/${SLUG}`);
  await page.waitForURL(`**/post/${SLUG}`);
  await waitForHydration(page);
  const section = await conversation(page);
  const before = Number(/^\d+/.exec((await headerCommentCount(page).innerText()).trim())?.[0]);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/comments")) {
      posts.push(request.postData() ?? "");
    }
  });

  await section.getByLabel("Add to the conversation").fill(text);
  await section.getByRole("button", { name: "Post Comment" }).dblclick();
  await expect(section.getByText(text)).toHaveCount(1);
  await expect(headerCommentCount(page)).toHaveText(`${before + 1} comments`);
  expect(posts).toHaveLength(1);
  await expectNoAxeViolations(page);

  await page.reload();
  await waitForHydration(page);
  await expect((await conversation(page)).getByText(text)).toHaveCount(1);
});
