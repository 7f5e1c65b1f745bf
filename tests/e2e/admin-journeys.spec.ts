/**
 * docs/milestones.md#issue-7-administration's browser journeys on the demo community: an admin approves a
 * pending member who then signs in and comments; blocks a member who is
 * signed in elsewhere, whose session ends; promotes a member who then sees
 * Write. The admin and each member use browsers of their own (contexts).
 */
import type { Browser, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, waitForHydration } from "./fixtures";
import { DEMO_PASSWORD, signInAs, test, watchBrowserErrors } from "./support/community-server";
import { answerNextDialog } from "./support/dialogs";

const ADMIN = { email: "meera.iyer@example.com" };
const ISHAAN = {
  email: "ishaan.verma@example.com",
  username: "ishaan_verma",
  name: "Ishaan Verma",
};
const DANIEL = { email: "daniel.okafor@example.com", username: "daniel_okafor" };
const ANANYA = { email: "ananya.gupta@example.com", username: "ananya_gupta" };
// A demo post with no comments in the seed, so the new one is easy to find.
const SLUG = "companies-house-identity-verification-for-directors";

test.describe.configure({ timeout: 90_000 });

/** A browser of the member's own, with its errors collected (the fixture watches only `page`). */
async function memberBrowser(browser: Browser, baseURL: string, allowed: RegExp[] = []) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  return { context, page, errors: watchBrowserErrors(page, allowed) };
}

/** The admin's Users tab filtered to one member. */
async function usersTab(admin: Page, username: string) {
  await admin.goto(`/admin?tab=users&q=${username}`);
  await waitForHydration(admin);
  const row = admin.getByRole("row").filter({ hasText: `@${username}` });
  await expect(row).toHaveCount(1);
  return row;
}

test("an admin approves a pending member, who then signs in and comments", async ({
  page,
  browser,
  communityServer,
}) => {
  await signInAs(page, ADMIN.email, "/admin");
  await page.waitForURL("**/admin");
  await waitForHydration(page);
  const pending = page.getByRole("region", { name: "Pending User Approvals" });
  await expect(pending.getByText(`@${ISHAAN.username}`)).toBeVisible();

  await pending.getByRole("button", { name: `Approve ${ISHAAN.username}` }).click();
  await expect(page.getByText("User approved successfully!")).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Pending User Approvals" }).getByText(`@${ISHAAN.username}`),
  ).toHaveCount(0);
  await expectNoAxeViolations(page);

  const member = await memberBrowser(browser, communityServer.url);
  try {
    await signInAs(member.page, ISHAAN.email, `/post/${SLUG}`);
    await member.page.waitForURL(`**/post/${SLUG}`);
    await waitForHydration(member.page);
    // The approval notified him.
    await expect(
      member.page.getByRole("button", { name: /^Notifications, \d+ unread$/ }),
    ).toBeVisible();
    const section = member.page.getByRole("region", { name: "Conversation", exact: true });
    await section.scrollIntoViewIfNeeded();
    const text = `Thanks for approving me, this guide is exactly what I needed ${Date.now()}`;
    await section.getByLabel("Add to the conversation").fill(text);
    await section.getByRole("button", { name: "Post Comment" }).click();
    await expect(
      section.getByRole("article", { name: `Comment by ${ISHAAN.name}` }).filter({ hasText: text }),
    ).toBeVisible();
    await expect(member.page).toHaveURL(new RegExp(`/post/${SLUG}`));
    await expectNoAxeViolations(member.page);
    expect(member.errors).toEqual([]);
  } finally {
    await member.context.close();
  }
});

test("an admin blocks a member who is signed in elsewhere; the member's session ends", async ({
  page,
  browser,
  communityServer,
}) => {
  // The member's live stream is refused once the session is gone (EventSource retries).
  const member = await memberBrowser(browser, communityServer.url, [/EventSource|event-stream/i]);
  try {
    await signInAs(member.page, DANIEL.email, "/favorites");
    await member.page.waitForURL("**/favorites");
    await expect(member.page.getByRole("heading", { name: "My Favorite Posts" })).toBeVisible();

    await signInAs(page, ADMIN.email, "/admin");
    const row = await usersTab(page, DANIEL.username);
    await expect(row.getByRole("cell", { name: "approved" })).toBeVisible();
    const questions: string[] = [];
    const asked = answerNextDialog(page, "accept", { axe: true }).then((q) => questions.push(q));
    // Block is behind the row's "…" menu (docs/decisions/0260).
    await row.locator("summary").click();
    await row.getByRole("button", { name: `Block ${DANIEL.username}` }).click();
    await asked;
    await expect(page.getByText("User blocked successfully!")).toBeVisible();
    expect(questions).toHaveLength(1);
    const blocked = page.getByRole("row").filter({ hasText: `@${DANIEL.username}` });
    await expect(blocked.getByRole("cell", { name: "blocked" })).toBeVisible();
    // A blocked member cannot be blocked again: the button is gone.
    await expect(blocked.getByRole("button", { name: `Block ${DANIEL.username}` })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The member's next navigation finds the session gone: /favorites sends a visitor to /login.
    await member.page.reload();
    await member.page.waitForURL(/\/login/);
    await waitForHydration(member.page);
    await expect(member.page.getByRole("button", { name: /^Account menu/ })).toHaveCount(0);
    await expect(member.page.getByRole("button", { name: /^Notifications/ })).toHaveCount(0);

    // Signing in again is refused (docs/product/administration.md: Account access denied, signed out).
    await member.page.getByLabel("Email").fill(DANIEL.email);
    await member.page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await member.page.getByRole("button", { name: "Sign in" }).click();
    await expect(member.page.getByRole("alert")).toContainText("Account access denied");
    await member.page.goto("/favorites");
    await member.page.waitForURL(/\/login/);
    expect(member.errors).toEqual([]);
  } finally {
    await member.context.close();
  }
});

test("an admin promotes a member to mentor, who then sees Write in the header", async ({
  page,
  browser,
  communityServer,
}) => {
  const member = await memberBrowser(browser, communityServer.url);
  try {
    await signInAs(member.page, ANANYA.email, "/");
    await waitForHydration(member.page);
    const header = member.page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Write" })).toHaveCount(0);

    await signInAs(page, ADMIN.email, "/admin");
    const row = await usersTab(page, ANANYA.username);
    await expect(row.getByRole("cell", { name: "user", exact: true })).toBeVisible();
    const accepted = answerNextDialog(page, "accept");
    await row.getByRole("button", { name: `Promote to mentor ${ANANYA.username}` }).click();
    await accepted;
    await expect(page.getByText("User promoted to mentor successfully!")).toBeVisible();
    const promoted = page.getByRole("row").filter({ hasText: `@${ANANYA.username}` });
    await expect(promoted.getByRole("cell", { name: "mentor", exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await member.page.reload();
    await waitForHydration(member.page);
    const write = member.page.getByRole("banner").getByRole("link", { name: "Write" });
    await expect(write).toBeVisible();
    await expect(write).toHaveAttribute("href", "/create-post");
    await write.click();
    await member.page.waitForURL("**/create-post");
    await expect(member.page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(member.errors).toEqual([]);
  } finally {
    await member.context.close();
  }
});
