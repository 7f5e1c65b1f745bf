/**
 * docs/milestones.md#issue-20-members-come-back: a member chooses how they hear about each notification type, and
 * leaves one type's e-mails in one click from a link, signed out. Axe on
 * every page visited.
 */
import { createHmac } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, expectNoAxeViolations, waitForHydration } from "./fixtures";
import { signedInAdmin, test } from "./support/admin";
import { savedAccountId } from "./support/site-template";

test.describe.configure({ timeout: 90_000 });

/** The one-click link's token, as the site signs it (app/features/email-preferences). */
function unsubscribeToken(secret: string, userId: string, key: string) {
  const mac = createHmac("sha256", secret)
    .update(`unsubscribe\u0000u1\u0000${userId}\u0000${key}`)
    .digest("base64url");
  return `u1.${Buffer.from(userId).toString("base64url")}.${key}.${mac}`;
}

test("notification settings, then a one-click unsubscribe signed out", async ({
  page,
  browser,
  adminServer,
}) => {
  // An admin of the pool, by a saved session (no restart): the link is signed with their id.
  const member = await signedInAdmin(page, adminServer);
  const userId = await savedAccountId("site", member.email);

  // The avatar menu leads to the settings.
  await page.goto("/notifications");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Notification settings" }).click();
  await page.waitForURL("**/settings/notifications");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notification settings");
  const replies = page.getByRole("group", { name: "Replies" });
  await expect(replies.getByLabel("E-mail at once")).toBeChecked();
  await expect(
    page.getByRole("group", { name: "New posts" }).getByLabel("In the weekly digest"),
  ).toBeChecked();

  await page
    .getByRole("group", { name: "Comments on your posts" })
    .getByLabel("E-mail at once")
    .check();
  await page.getByRole("group", { name: "New followers" }).getByLabel("Off").check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status")).toHaveText("Notification settings saved");
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(
    page.getByRole("group", { name: "Comments on your posts" }).getByLabel("E-mail at once"),
  ).toBeChecked();
  await expect(page.getByRole("group", { name: "New followers" }).getByLabel("Off")).toBeChecked();

  // The e-mail's link, opened in a browser that is not signed in: it asks first.
  const secret = (await readFile(path.join(adminServer.dataDir, "secret"), "utf8")).trim();
  const link = `/unsubscribe?token=${encodeURIComponent(unsubscribeToken(secret, userId, "reply"))}`;
  const visitor = await browser.newContext({ baseURL: adminServer.url });
  try {
    const mail = await visitor.newPage();
    await mail.goto(link);
    await expect(mail.getByRole("heading", { level: 1 })).toHaveText("Unsubscribe");
    await expect(mail.getByText("Stop e-mails about replies?")).toBeVisible();
    await expectNoAxeViolations(mail);
    await mail.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(mail.getByRole("status")).toHaveText(
      "You will no longer get e-mails about replies. You can change this at any time in your notification settings.",
    );
    await expectNoAxeViolations(mail);
    // A forged link does nothing and says so.
    await mail.goto(
      `/unsubscribe?token=${encodeURIComponent(unsubscribeToken("wrong", userId, "mention"))}`,
    );
    await expect(mail.getByRole("alert")).toContainText("This unsubscribe link is not valid.");
  } finally {
    await visitor.close();
  }

  // Exactly that type: replies now stay in the app; the rest as chosen.
  await page.reload();
  await expect(replies.getByLabel("In the app only")).toBeChecked();
  await expect(
    page.getByRole("group", { name: "Mentions" }).getByLabel("E-mail at once"),
  ).toBeChecked();
  await expect(
    page.getByRole("group", { name: "Comments on your posts" }).getByLabel("E-mail at once"),
  ).toBeChecked();
});
