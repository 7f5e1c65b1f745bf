/**
 * docs/milestones.md#issue-20-members-come-back's journeys: a reply reaches the other member's bell live (two
 * browsers; the notification links to the reply with the tracking source),
 * and a reported comment is dismissed by an admin on the Reports page.
 * The dialogs pass axe open (the pages themselves: accessibility-sweep.spec.ts).
 */
import { expect, expectNoAxeViolations, waitForHydration } from "../fixtures";
import {
  conversation,
  DEMO,
  signInAs,
  test,
  watchBrowserErrors,
} from "../support/community-server";

test.describe.configure({ timeout: 90_000 });

const ADMIN = { email: "meera.iyer@example.com" };

function unreadIn(label: string | null): number {
  const match = /^Notifications, (\d+) unread$/.exec(label ?? "");
  return match ? Number(match[1]) : 0;
}

test("a reply shows up in the other member's bell within a second and links to it", async ({
  page,
  browser,
  communityServer,
}) => {
  const slug = "seis-and-eis-a-refresher-for-your-first-uk-round";
  const stamp = Date.now().toString(36);
  const question = `Does SEIS cover a company with an Indian parent? ${stamp}`;
  const answer = `Only if it is not controlled by another company. ${stamp}`;

  // Priya comments, then waits on the post with her bell's stream open.
  const priyaContext = await browser.newContext({ baseURL: communityServer.url });
  try {
    const priya = await priyaContext.newPage();
    const priyaErrors = watchBrowserErrors(priya);
    await signInAs(priya, DEMO.priya.email, `/post/${slug}`);
    await waitForHydration(priya);
    const section = await conversation(priya);
    await section.getByLabel("Add to the conversation").fill(question);
    await section.getByRole("button", { name: "Post Comment" }).click();
    await expect(section.getByText(question)).toBeVisible();
    const streamOpen = priya.waitForResponse(
      (r) => r.url().includes("/api/notifications/stream") && r.ok(),
      { timeout: 30_000 },
    );
    await priya.reload();
    await waitForHydration(priya);
    await streamOpen;
    const bell = priya.getByRole("button", { name: /^Notifications/ });
    const before = unreadIn(await bell.getAttribute("aria-label"));

    // James replies to her comment.
    await signInAs(page, DEMO.james.email, `/post/${slug}`);
    await waitForHydration(page);
    const his = await conversation(page);
    const comment = his
      .getByRole("article", { name: `Comment by ${DEMO.priya.name}` })
      .filter({ hasText: question });
    await comment.getByRole("button", { name: "Reply", expanded: false }).click();
    await comment.getByLabel("Write a reply").fill(answer);
    const stored = page.waitForResponse(
      (r) => r.url().includes("/api/comments") && r.request().method() === "POST" && r.ok(),
    );
    await comment
      .getByLabel("Write a reply")
      .locator("xpath=ancestor::form")
      .getByRole("button", { name: "Reply", exact: true })
      .click();
    await stored;
    const sent = Date.now();

    // Her bell goes up without a reload, within a second of the reply being stored.
    await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} unread`, {
      timeout: 10_000,
    });
    const latency = Date.now() - sent;
    console.log(`reply stored to Priya's bell: ${latency} ms`);
    expect(latency).toBeLessThan(1_000);
    await expect(comment.getByText(answer)).toBeVisible();
    await bell.click();
    const title = `${DEMO.james.name} replied to your comment`;
    await expect(priya.getByText(title, { exact: true })).toBeVisible();
    await expect(priya.getByText(answer).first()).toBeVisible();
    await expectNoAxeViolations(priya);

    // The row (one link) opens the reply, with the tracking source.
    const item = priya.getByRole("listitem").filter({ hasText: title });
    await item.getByRole("link", { name: new RegExp(title) }).click();
    await priya.waitForURL((url) => url.searchParams.get("source") === "notification");
    expect(new URL(priya.url()).hash).toMatch(/^#c-[0-9a-f-]{36}$/);
    await waitForHydration(priya);
    await expectNoAxeViolations(priya);
    expect(priyaErrors, "errors in Priya's browser").toEqual([]);
  } finally {
    await priyaContext.close();
  }
});

test("a member reports a comment by keyboard; an admin dismisses the report", async ({
  page,
  browser,
  communityServer,
}) => {
  const slug = "gdpr-and-indias-dpdp-act-a-founders-checklist";
  const spam = `Cheap followers, message me now ${Date.now().toString(36)}`;

  // Tom writes the comment.
  const tomContext = await browser.newContext({ baseURL: communityServer.url });
  try {
    const tom = await tomContext.newPage();
    await signInAs(tom, DEMO.tom.email, `/post/${slug}`);
    await waitForHydration(tom);
    const section = await conversation(tom);
    await section.getByLabel("Add to the conversation").fill(spam);
    await section.getByRole("button", { name: "Post Comment" }).click();
    await expect(section.getByText(spam)).toBeVisible();
  } finally {
    await tomContext.close();
  }

  // James reports it, by keyboard, through the dialog.
  await signInAs(page, DEMO.james.email, `/post/${slug}`);
  await waitForHydration(page);
  const section = await conversation(page);
  const comment = section
    .getByRole("article", { name: `Comment by ${DEMO.tom.name}` })
    .filter({ hasText: spam });
  const report = comment.getByRole("button", { name: `Report comment by ${DEMO.tom.name}` });
  await report.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Report this comment" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Reason")).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByLabel("Reason").selectOption("spam");
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Details (optional)")).toBeFocused();
  await page.keyboard.type("Advertising, not a question.");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Send report" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(report).toBeFocused();
  await expect(comment.getByText("Thank you. An admin will look at your report.")).toBeVisible();
  await expectNoAxeViolations(page);

  // A second report answers clearly.
  await report.click();
  await page
    .getByRole("dialog", { name: "Report this comment" })
    .getByRole("button", {
      name: "Send report",
    })
    .click();
  await expect(
    comment.getByText("You have already reported this. An admin will look at it."),
  ).toBeVisible();

  // The admin sees the count on the admin nav and dismisses the report.
  const adminContext = await browser.newContext({ baseURL: communityServer.url });
  try {
    const admin = await adminContext.newPage();
    const adminErrors = watchBrowserErrors(admin);
    await signInAs(admin, ADMIN.email, "/admin/banned-words");
    await waitForHydration(admin);
    const nav = admin.getByRole("navigation", { name: "Admin pages" });
    await expect(nav.getByTestId("open-reports-badge")).toHaveText(/^1\s*open$/);
    await nav.getByRole("link", { name: /^Reports/ }).click();
    await admin.waitForURL("**/admin/reports");
    await waitForHydration(admin);
    await expect(admin.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
    const entry = admin.getByRole("article", { name: `Reported comment by ${DEMO.tom.name}` });
    await expect(entry.getByText(spam)).toBeVisible();
    await expect(entry.getByText("1 open report")).toBeVisible();
    await expect(entry.getByText("Advertising, not a question.")).toBeVisible();

    // Delete asks first; cancelled, nothing happens.
    await entry.getByRole("button", { name: /^Delete comment/ }).click();
    const confirm = admin.getByRole("alertdialog");
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(admin);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(entry).toBeVisible();

    await entry.getByRole("button", { name: /^Dismiss/ }).click();
    await admin.waitForURL("**/admin/reports?done=dismissed");
    await expect(admin.getByText("Reports dismissed.")).toBeVisible();
    await expect(admin.getByText("No open reports")).toBeVisible();
    await expect(nav.getByTestId("open-reports-badge")).toHaveCount(0);
    await expectNoAxeViolations(admin);
    expect(adminErrors, "errors in the admin's browser").toEqual([]);
  } finally {
    await adminContext.close();
  }

  // The comment is still there for readers.
  await page.reload();
  await waitForHydration(page);
  await expect((await conversation(page)).getByText(spam)).toBeVisible();
});
