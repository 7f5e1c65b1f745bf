/**
 * /admin/banned-words in a real browser (docs/product/administration.md#banned-words): the empty
 * state; Add disabled while the field is empty; a word added trimmed and
 * lower-cased with the count; a duplicate refused with the spec's text and
 * what was typed kept; Delete asks first (cancel keeps the word, OK removes
 * it); without JavaScript the same through the server's confirmation step.
 * Axe on every state.
 */
import { expect, expectNoAxeViolations, waitForHydration } from "./fixtures";
import { signedInAdmin, test } from "./support/admin";
import { expectNoAxeViolationsWithoutScripts } from "./support/no-script";
import { answerNextDialog } from "./support/dialogs";

test.describe.configure({ timeout: 90_000 });

test("an admin adds, refuses a duplicate and removes banned words, with and without JavaScript", async ({
  page,
  browser,
  adminServer,
}) => {
  await signedInAdmin(page, adminServer);

  // From the dashboard's links to the admin pages.
  await page.goto("/admin");
  await waitForHydration(page);
  await page
    .getByRole("navigation", { name: "Admin pages" })
    .getByRole("link", { name: "Banned Words" })
    .click();
  await page.waitForURL("**/admin/banned-words");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Banned Words", level: 1 })).toBeVisible();
  await expect(page.getByText("No banned words yet")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Banned words (0)" })).toBeVisible();
  const field = page.getByLabel("Word to ban");
  const add = page.getByRole("button", { name: "Add", exact: true });
  await expect(add).toBeDisabled();
  await field.fill("   ");
  await expect(add).toBeDisabled();

  await field.fill("  Get Rich QUICK ");
  await expect(add).toBeEnabled();
  await add.click();
  await expect(page.getByText("Word added successfully!")).toBeVisible();
  const grid = page.getByRole("region", { name: /^Banned words/ });
  await expect(grid.getByRole("listitem")).toHaveText([/^get rich quick/]);
  await expect(grid.getByRole("button", { name: "Delete get rich quick" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Banned words (1)" })).toBeVisible();
  await expect(field).toHaveValue("");
  await field.fill("scam");
  await add.click();
  await expect(page.getByRole("heading", { name: "Banned words (2)" })).toBeVisible();
  await expectNoAxeViolations(page);

  // A duplicate, in another case: refused, the text stays.
  await field.fill("SCAM");
  await add.click();
  await expect(page.getByRole("alert")).toHaveText("This word is already in the list");
  await expect(field).toHaveValue("SCAM");
  await expect(page.getByRole("heading", { name: "Banned words (2)" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Delete asks first: cancelling keeps the word.
  const questions: string[] = [];
  const asked = answerNextDialog(page, "dismiss", { axe: true }).then((q) => questions.push(q));
  await page.getByRole("button", { name: "Delete scam" }).click();
  await asked;
  await expect(page.getByRole("button", { name: "Delete scam" })).toBeVisible();
  expect(questions).toEqual(["Are you sure you want to remove this word?"]);
  const accepted = answerNextDialog(page, "accept");
  await page.getByRole("button", { name: "Delete scam" }).click();
  await accepted;
  await expect(page.getByText("Word removed successfully!")).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete scam" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Banned words (1)" })).toBeVisible();
  await expectNoAxeViolations(page);

  // The Overview's audit trail lists what was done, beside the weekly chart.
  await page.goto("/admin");
  await waitForHydration(page);
  const activity = page.getByRole("region", { name: "Recent Admin Activity" });
  await expect(activity.getByRole("row").filter({ hasText: "Removed banned word" })).toContainText(
    "scam",
  );
  await expect(activity.getByRole("row").filter({ hasText: "Added banned word" })).toHaveCount(2);
  const chart = page.getByRole("table", { name: /^Sign-ups and new posts per week/ });
  await expect(chart.getByRole("row")).toHaveCount(13);

  // Without JavaScript: plain forms, and the server asks before removing.
  const context = await browser.newContext({
    baseURL: adminServer.url,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const plain = await context.newPage();
    await plain.goto("/admin/banned-words");
    await plain.getByLabel("Word to ban").fill("Fraud");
    await plain.getByRole("button", { name: "Add", exact: true }).click();
    await expect(plain.getByText("Word added successfully!")).toBeVisible();
    await expect(plain.getByRole("heading", { name: "Banned words (2)" })).toBeVisible();

    await plain.getByRole("button", { name: "Delete fraud" }).click();
    const step = plain.getByRole("region", { name: 'Remove "fraud"?' });
    await expect(step.getByText("Are you sure you want to remove this word?")).toBeVisible();
    await expectNoAxeViolationsWithoutScripts(browser, plain);
    await step.getByRole("button", { name: "Yes, remove" }).click();
    await expect(plain.getByText("Word removed successfully!")).toBeVisible();
    await plain.getByRole("button", { name: "Delete get rich quick" }).click();
    await plain.getByRole("button", { name: "Yes, remove" }).click();
    await expect(plain.getByText("No banned words yet")).toBeVisible();
    await expectNoAxeViolationsWithoutScripts(browser, plain);
  } finally {
    await context.close();
  }
});
