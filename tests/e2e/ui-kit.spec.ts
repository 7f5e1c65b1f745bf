/**
 * The UI kit (app/components/ui, decision 0080) where the site uses it, with
 * axe on each open state: the password's Show/Hide, the account and bell
 * dropdown menus, the prompt dialog (the editor's Link and Image), the
 * confirm dialog (leaving unsaved changes, deleting a post), link tabs and
 * the table's search and empty row. (The About menu, the toast and the file
 * input's progress have their journeys in header-footer, site-settings and
 * community/profile-photo.)
 */
import { expect, expectNoAxeViolations, waitForHydration } from "./fixtures";
import { signedInAdmin, test } from "./support/admin";
import { answerNextDialog } from "./support/dialogs";

test.describe.configure({ timeout: 90_000 });

test("the password field's Show and Hide", async ({ browser, adminServer }) => {
  const context = await browser.newContext({ baseURL: adminServer.url });
  const page = await context.newPage();
  try {
    await page.goto("/login");
    await waitForHydration(page, "main form");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("not-a-real-one");
    await expect(password).toHaveAttribute("type", "password");
    const show = page.getByRole("button", { name: "Show password" });
    await expect(show).toHaveAttribute("aria-pressed", "false");
    await show.click();
    await expect(password).toHaveAttribute("type", "text");
    const hide = page.getByRole("button", { name: "Hide password" });
    await expect(hide).toHaveAttribute("aria-pressed", "true");
    await expectNoAxeViolations(page);
    await hide.click();
    await expect(password).toHaveAttribute("type", "password");
    await expect(password).toHaveValue("not-a-real-one");
  } finally {
    await context.close();
  }
});

test("the kit on a member's and an admin's pages", async ({ browser, adminServer }) => {
  const context = await browser.newContext({ baseURL: adminServer.url });
  const page = await context.newPage();
  try {
    const admin = await signedInAdmin(page, adminServer);
    await page.goto("/");
    // The avatar menu is a lazy part of the header: wait for it, not for the first menu button
    // (the theme's), or ArrowDown may reach a button React has not taken over yet.
    await page.waitForFunction(
      () => {
        const avatar = [...document.querySelectorAll("header button")].find((button) =>
          button.textContent?.includes("Account menu for"),
        );
        return Boolean(avatar && Object.keys(avatar).some((key) => key.startsWith("__reactProps")));
      },
      undefined,
      { timeout: 10_000 },
    );
    const header = page.getByRole("banner");

    // The account menu: ArrowDown opens it on its first link; Escape closes it.
    const avatar = header.getByRole("button", { name: `Account menu for ${admin.fullName}` });
    await avatar.focus();
    await page.keyboard.press("ArrowDown");
    await expect(avatar).toHaveAttribute("aria-expanded", "true");
    await expect(header.getByRole("link", { name: "My Profile" })).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(header.getByRole("button", { name: "Sign Out" })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(avatar).toHaveAttribute("aria-expanded", "false");
    await expect(avatar).toBeFocused();

    // The bell's menu.
    const bell = header.getByRole("button", { name: "Notifications", exact: true });
    await bell.click();
    await expect(bell).toHaveAttribute("aria-expanded", "true");
    await expect(header.getByText("No unread notifications")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(bell).toHaveAttribute("aria-expanded", "false");

    // The editor's Link and Image ask in a dialog with fields.
    await page.goto("/create-post");
    await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
    await page.getByLabel("Title", { exact: true }).fill("Kit journey post");
    const editor = page.locator('[contenteditable="true"]');
    await editor.click();
    await page.keyboard.type("Read the guide");
    await page.keyboard.press("ControlOrMeta+a");
    const toolbar = page.getByRole("toolbar", { name: "Formatting" });
    await toolbar.getByRole("button", { name: "Link" }).click();
    const linkDialog = page.getByRole("dialog", { name: "Link" });
    await expect(linkDialog).toBeVisible();
    const url = linkDialog.getByLabel("Link URL");
    await expect(url).toBeFocused();
    await expect(url).toHaveValue("https://");
    await expectNoAxeViolations(page);
    await url.fill("https://example.com/guide");
    await linkDialog.getByRole("button", { name: "OK" }).click();
    await expect(linkDialog).toBeHidden();
    await expect(editor.locator('a[href="https://example.com/guide"]')).toHaveText(
      "Read the guide",
    );
    await toolbar.getByRole("button", { name: "Image by URL" }).click();
    const imageDialog = page.getByRole("dialog", { name: "Image" });
    await expect(imageDialog.getByLabel("Image URL")).toHaveValue("https://");
    await expect(imageDialog.getByLabel("Describe the image (alt text)")).toBeVisible();
    await imageDialog.getByRole("button", { name: "Cancel" }).click();
    await expect(imageDialog).toBeHidden();
    await expect(editor.locator("img")).toHaveCount(0);

    // Leaving unsaved changes asks first: Cancel stays, OK leaves.
    const home = header.getByRole("link", { name: /FounderBridge|^FB/ }).first();
    let question = answerNextDialog(page, "dismiss", { axe: true });
    await home.click();
    expect(await question).toBe("You have unsaved changes. Leave this page?");
    await expect(page).toHaveURL(/\/create-post$/);
    // (An admin's My Posts lists published posts.)
    await page.getByRole("button", { name: "Publish" }).click();
    await page.waitForURL(/\/post\/kit-journey-post$/);

    // Deleting a post from My Posts asks first.
    await page.goto("/my-posts");
    await waitForHydration(page);
    const remove = page.getByRole("button", { name: "Delete Kit journey post" });
    question = answerNextDialog(page, "dismiss", { axe: true });
    await remove.click();
    expect(await question).toBe(
      "Are you sure you want to delete this post? This action cannot be undone.",
    );
    await expect(remove).toBeVisible();
    // Focus is back on the button that asked; Escape cancels too.
    await expect(remove).toBeFocused();
    await remove.click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("alertdialog")).toBeHidden();
    await expect(remove).toBeFocused();
    question = answerNextDialog(page, "accept");
    await remove.click();
    await question;
    await expect(page.getByText("Post deleted successfully!")).toBeVisible();
    await expect(remove).toHaveCount(0);

    // Link tabs, the table's search and its empty row.
    await page.goto("/admin?tab=users&q=nobody-is-called-this");
    const tabs = page.getByRole("navigation", { name: "Dashboard sections" });
    await expect(tabs.getByRole("link", { name: "Users" })).toHaveAttribute("aria-current", "page");
    await expect(
      page.getByRole("searchbox", { name: "Search by username, name or email" }),
    ).toHaveValue("nobody-is-called-this");
    await expect(page.getByRole("cell", { name: "No users found." })).toBeVisible();
  } finally {
    await context.close();
  }
});
