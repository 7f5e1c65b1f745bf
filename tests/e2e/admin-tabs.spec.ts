/**
 * The dashboard's Posts, Categories and Notifications tabs and the category
 * editor in a real browser (docs/product/administration.md#posts): search, author change and
 * delete asking first, featured toggle, View only for readable posts;
 * category delete asking first with its posts moving to uncategorized (which
 * has no Delete); broadcasts asking first, "No users found matching
 * criteria", the count, the history and a member's bell updating live; the
 * editor's disabled buttons and messages, and an unknown category coming
 * back to /admin. Axe on every state.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, waitForHydration } from "./fixtures";
import { newMember, signIn, signUpAndVerify } from "./support/accounts";
import { signedInAdmin, test } from "./support/admin";
import { watchBrowserErrors } from "./support/community-server";
import { answerNextDialog } from "./support/dialogs";

test.describe.configure({ timeout: 90_000 });

/** A short id so that this run's rows are told apart on the shared admin server. */
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Opens a row's "…" menu (docs/decisions/0260) unless it is open. */
async function openRowMenu(page: Page, text: string) {
  const menu = page.getByRole("row").filter({ hasText: text }).locator("details");
  if (!(await menu.evaluate((d) => (d as HTMLDetailsElement).open))) {
    await menu.locator("summary").click();
  }
}

/** Answers the next confirm dialog and returns its question. */
const nextDialog = answerNextDialog;

async function openTab(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

test("Posts tab: search, author change and delete ask first, featured toggle, View only when readable", async ({
  page,
  adminServer,
}) => {
  const id = tag();
  const live = `Pricing lessons ${id}`;
  const draft = `Draft thoughts ${id}`;
  let adminId = "";
  await signedInAdmin(page, adminServer, async (db, journeyAdmin) => {
    // The admin just promoted: the newest admin.
    const me = await db.query<{ id: string }>("SELECT id FROM profiles WHERE email = $1", [
      journeyAdmin.email,
    ]);
    adminId = me.rows[0]!.id;
    const mentor = `mentor-${id}`;
    await db.query(
      "INSERT INTO users (id, name, email, username, email_verified) VALUES ($1, $2, $3, $2, true)",
      [mentor, `mona_${id}`, `mona_${id}@example.com`],
    );
    await db.query(
      `INSERT INTO profiles (id, username, email, full_name, role, status)
       VALUES ($1, $2, $3, $4, 'mentor', 'approved')`,
      [mentor, `mona_${id}`, `mona_${id}@example.com`, `Mona Mentor ${id}`],
    );
    await db.query(
      `INSERT INTO posts (title, slug, author_id, status, published_at) VALUES
         ($1, $2, $5, 'published', now() - interval '1 hour'),
         ($3, $4, $5, 'draft', NULL)`,
      [live, `pricing-lessons-${id}`, draft, `draft-thoughts-${id}`, mentor],
    );
  });

  // The export button downloads the CSV without leaving the page.
  await openTab(page, "/admin");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export Users CSV" }).click();
  expect((await download).suggestedFilename()).toMatch(/^users-export-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page).toHaveURL(/\/admin$/);

  await openTab(page, "/admin?tab=posts");
  await expect(
    page
      .getByRole("navigation", { name: "Dashboard sections" })
      .getByRole("link", { name: "Posts", exact: true }),
  ).toHaveAttribute("aria-current", "page");

  // Search by the author's name finds both of their posts; by title, one.
  const search = page.getByLabel("Search by title or author");
  // The header has a Search link too: the tab's own button.
  const searchButton = page
    .getByRole("search")
    .getByRole("button", { name: "Search", exact: true });
  await search.fill(`Mona Mentor ${id}`);
  await searchButton.click();
  await page.waitForURL(/q=Mona/);
  const rows = page.getByRole("row").filter({ hasText: id });
  await expect(rows).toHaveCount(2);
  await search.fill(`Draft thoughts ${id}`);
  await searchButton.click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(draft);

  // A draft can't be viewed by readers: Edit only.
  const draftRow = page.getByRole("row").filter({ hasText: draft });
  await expect(draftRow.getByRole("link", { name: `View ${draft}` })).toHaveCount(0);
  await expect(draftRow.getByRole("link", { name: `Edit ${draft}` })).toHaveAttribute(
    "href",
    `/edit-post/draft-thoughts-${id}`,
  );

  await search.fill(id);
  await searchButton.click();
  await expect(rows).toHaveCount(2);
  const liveRow = page.getByRole("row").filter({ hasText: live });
  await openRowMenu(page, live);
  await expect(liveRow.getByRole("link", { name: `View ${live}` })).toHaveAttribute(
    "href",
    `/post/pricing-lessons-${id}`,
  );

  // Author change: a dialog with the new author and the spec's question; Cancel keeps it.
  const changeAuthor = () =>
    page
      .getByRole("row")
      .filter({ hasText: live })
      .getByRole("button", { name: `Change author of ${live}` });
  const authorDialog = page.getByRole("dialog", { name: `Change the author of "${live}"` });
  await openRowMenu(page, live);
  await changeAuthor().click();
  await expect(authorDialog).toBeVisible();
  await expect(authorDialog).toContainText("Change the author of this post?");
  const newAuthor = authorDialog.getByLabel("New author");
  await expect(newAuthor).toBeFocused();
  await expect(newAuthor).toHaveValue(`mentor-${id}`);
  await expectNoAxeViolations(page);
  await newAuthor.selectOption(adminId);
  await authorDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(authorDialog).toBeHidden();
  // The menu closed on the choice: focus comes back to its "…".
  await expect(page.getByRole("row").filter({ hasText: live }).locator("summary")).toBeFocused();
  await expect(page.getByRole("row").filter({ hasText: live })).toContainText(`Mona Mentor ${id}`);
  await openRowMenu(page, live);
  await changeAuthor().click();
  await authorDialog.getByLabel("New author").selectOption(adminId);
  await authorDialog.getByRole("button", { name: "Change author" }).click();
  await expect(page.getByText("Post author changed successfully!")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: live })).not.toContainText(
    `Mona Mentor ${id}`,
  );
  await expectNoAxeViolations(page);
  let question: Promise<string>;

  // Featured on and off.
  await openRowMenu(page, live);
  await page
    .getByRole("row")
    .filter({ hasText: live })
    .getByRole("button", { name: `Feature ${live}` })
    .click();
  await expect(page.getByText("Post marked as featured successfully!")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: live })).toContainText("Featured");
  await expectNoAxeViolations(page);
  await openRowMenu(page, live);
  await page
    .getByRole("row")
    .filter({ hasText: live })
    .getByRole("button", { name: `Unfeature ${live}` })
    .click();
  await expect(page.getByText("Post removed from featured successfully!")).toBeVisible();

  // Delete asks first: cancelling keeps the post, OK deletes it.
  const deleteButton = () =>
    page
      .getByRole("row")
      .filter({ hasText: draft })
      .getByRole("button", { name: `Delete ${draft}` });
  question = nextDialog(page, "dismiss");
  await openRowMenu(page, draft);
  await deleteButton().click();
  expect(await question).toBe(
    "Are you sure you want to delete this post? This action cannot be undone.",
  );
  await openRowMenu(page, draft);
  await expect(deleteButton()).toBeVisible();
  question = nextDialog(page, "accept");
  await deleteButton().click();
  await question;
  await expect(page.getByText("Post deleted successfully!")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: draft })).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: live })).toHaveCount(1);
  await expectNoAxeViolations(page);

  // The Overview's audit trail has what was done.
  await openTab(page, "/admin");
  const audit = page.getByRole("region", { name: "Recent Admin Activity" });
  await expect(audit.getByText("Deleted post").first()).toBeVisible();
  await expect(audit.getByText("Changed post author").first()).toBeVisible();
});

test("Categories tab and editor: create, edit, disabled while blank, delete moves posts to uncategorized", async ({
  page,
  adminServer,
}) => {
  const id = tag();
  const doomed = `Doomed ${id}`;
  const post = `Moving post ${id}`;
  await signedInAdmin(page, adminServer, async (db, journeyAdmin) => {
    const category = await db.query<{ id: string }>(
      "INSERT INTO categories (name, slug) VALUES ($1, $2) RETURNING id",
      [doomed, `doomed-${id}`],
    );
    const author = await db.query<{ id: string }>("SELECT id FROM profiles WHERE email = $1", [
      journeyAdmin.email,
    ]);
    await db.query(
      `INSERT INTO posts (title, slug, author_id, category_id, status, published_at)
       VALUES ($1, $2, $3, $4, 'published', now() - interval '1 hour')`,
      [post, `moving-post-${id}`, author.rows[0]!.id, category.rows[0]!.id],
    );
  });

  await openTab(page, "/admin?tab=categories");
  const rowOf = (slug: string) =>
    page.getByRole("row").filter({ has: page.getByRole("cell", { name: slug, exact: true }) });
  const postCount = (slug: string) => rowOf(slug).getByRole("cell").nth(2);
  // uncategorized can't be deleted.
  await expect(rowOf("uncategorized")).toHaveCount(1);
  await expect(rowOf("uncategorized").getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  const before = Number(await postCount("uncategorized").textContent());
  await expect(postCount(`doomed-${id}`)).toHaveText("1");

  // Delete asks first: cancelling keeps it; OK deletes it and its post moves.
  const deleteDoomed = () =>
    rowOf(`doomed-${id}`).getByRole("button", { name: `Delete ${doomed}` });
  let question = nextDialog(page, "dismiss");
  await deleteDoomed().click();
  expect(await question).toBe(
    "Are you sure you want to delete this category? Its posts will move to Uncategorized.",
  );
  await expect(deleteDoomed()).toBeVisible();
  question = nextDialog(page, "accept");
  await deleteDoomed().click();
  await question;
  await expect(page.getByText("Category deleted successfully!")).toBeVisible();
  await expect(rowOf(`doomed-${id}`)).toHaveCount(0);
  await expect(postCount("uncategorized")).toHaveText(String(before + 1));
  await expectNoAxeViolations(page);

  // The editor: Create Category is disabled while the name or the slug is blank, and says
  // which; the slug follows the name until it is edited.
  await page.getByRole("link", { name: "Add Category" }).click();
  await page.waitForURL("**/admin/categories/new");
  await waitForHydration(page);
  const create = page.getByRole("button", { name: "Create Category" });
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription(
    "Enter a name and a slug to create the category.",
  );
  await page.getByLabel("Name (required)").fill(`Growth ${id}`);
  await expect(page.getByLabel("Slug (required)")).toHaveValue(`growth-${id}`);
  await expect(create).toBeEnabled();
  await expect(create).toHaveAccessibleDescription("");
  await page.getByLabel("Slug (required)").fill("   ");
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription("Enter a slug to create the category.");
  await page.getByLabel("Name (required)").fill(`Growth marketing ${id}`);
  await expect(page.getByLabel("Slug (required)")).toHaveValue("   ");
  await page.getByLabel("Name (required)").fill(`Growth ${id}`);
  await page.getByLabel("Slug (required)").fill(`growth-${id}`);
  await expect(create).toBeEnabled();
  await page.getByLabel("Description (optional)").fill("Finding customers");
  await create.click();
  await page.waitForURL(/tab=categories/);
  await expect(page.getByText("Category created successfully!")).toBeVisible();
  await expect(rowOf(`growth-${id}`)).toContainText(`Growth ${id}`);
  await expectNoAxeViolations(page);

  // Edit: Save Changes, disabled while a field is blank.
  await rowOf(`growth-${id}`)
    .getByRole("link", { name: `Edit Growth ${id}` })
    .click();
  await page.waitForURL(/\/admin\/categories\/[0-9a-f-]{36}$/);
  await waitForHydration(page);
  const save = page.getByRole("button", { name: "Save Changes" });
  await expect(page.getByLabel("Name (required)")).toHaveValue(`Growth ${id}`);
  await expect(page.getByLabel("Description (optional)")).toHaveValue("Finding customers");
  await expect(save).toBeEnabled();
  await page.getByLabel("Name (required)").fill("");
  await expect(save).toBeDisabled();
  await page.getByLabel("Name (required)").fill(`Growth marketing ${id}`);
  await expect(save).toBeEnabled();
  await save.click();
  await page.waitForURL(/tab=categories/);
  await expect(page.getByText("Category updated successfully!")).toBeVisible();
  await expect(rowOf(`growth-${id}`)).toContainText(`Growth marketing ${id}`);

  // A category that isn't there: the alert, back on /admin.
  await page.goto("/admin/categories/00000000-0000-4000-8000-00000000dead");
  await page.waitForURL(/\/admin\?tab=categories&failed=category-load$/);
  await waitForHydration(page);
  await expect(page.getByRole("alert")).toHaveText("Failed to load category");
});

test("Notifications tab: asks first, no match, the count, the history and a member's live badge", async ({
  page,
  browser,
  adminServer,
}) => {
  const id = tag();
  const title = `Demo day ${id}`;
  const context = await browser.newContext({ baseURL: adminServer.url });
  const member = await context.newPage();
  const memberErrors = watchBrowserErrors(member);
  try {
    const who = newMember("bcast");
    await signUpAndVerify(member, adminServer.outbox, who);
    await member.goto("about:blank");
    await signedInAdmin(page, adminServer, async (db) => {
      await db.query("UPDATE profiles SET status = 'approved' WHERE username = $1", [who.username]);
    });
    await signIn(member, who.email, who.password);
    await member.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 20_000 });
    await member.goto("/");
    await waitForHydration(member);
    await expect(member.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();

    await openTab(page, "/admin?tab=notifications");
    const send = page.getByRole("button", { name: "Send Notification" });
    await expect(send).toBeDisabled();
    await expect(send).toHaveAccessibleDescription(
      "Enter a title and a link to send the notification.",
    );
    await page.getByLabel("Title (required)").fill(title);
    await expect(send).toBeDisabled();
    await expect(send).toHaveAccessibleDescription("Enter a link to send the notification.");
    await page.getByLabel("Link (required)").fill("/categories");
    await expect(send).toBeEnabled();

    // Nobody is a blocked admin: refused with the spec's text, the form kept.
    await page.getByLabel("Role").selectOption("admin");
    await page.getByLabel("Status").selectOption("blocked");
    let question = nextDialog(page, "accept");
    await send.click();
    expect(await question).toBe("Are you sure you want to send this notification?");
    await expect(page.getByRole("alert")).toHaveText("No users found matching criteria");
    await expect(page.getByLabel("Title (required)")).toHaveValue(title);
    await expectNoAxeViolations(page);

    // Cancelling sends nothing and keeps what was typed.
    await page.getByLabel("Role").selectOption("user");
    await page.getByLabel("Status").selectOption("approved");
    question = nextDialog(page, "dismiss");
    await send.click();
    await question;
    await expect(page.getByLabel("Title (required)")).toHaveValue(title);
    await expect(page.getByText(/Notification sent successfully/)).toHaveCount(0);

    question = nextDialog(page, "accept");
    await send.click();
    await question;
    const sent = page.getByText(/^Notification sent successfully to \d+ users!$/);
    await expect(sent).toBeVisible();
    const count = Number(/to (\d+) users/.exec((await sent.textContent()) ?? "")![1]);
    expect(count).toBeGreaterThanOrEqual(1);
    const history = page.getByRole("region", { name: "Recent Broadcasts" });
    const entry = history.getByRole("listitem").filter({ hasText: title });
    await expect(entry).toContainText(`${count} recipients · role user · status approved`);
    await expectNoAxeViolations(page);

    // The member's badge changes without a reload.
    const bell = member.getByRole("button", { name: "Notifications, 1 unread" });
    await expect(bell).toBeVisible({ timeout: 15_000 });
    await expectNoAxeViolations(member);
    // Sent without a message (it falls back to the title): the text is shown once, in the
    // bell and on /notifications.
    // (Counted as the rows' bold title lines: a hidden name, such as Mark read's, repeats the
    // title, rightly.)
    const dropdown = member.locator(`[id="${await bell.getAttribute("aria-controls")}"]`);
    await bell.click();
    await expect(dropdown.getByText(title, { exact: true })).toBeVisible();
    await expect(dropdown.locator("span.font-semibold").filter({ hasText: title })).toHaveCount(1);
    await expectNoAxeViolations(member);
    await member.goto("/notifications");
    await waitForHydration(member);
    const main = member.getByRole("main");
    await expect(main.locator("span.font-semibold").filter({ hasText: title })).toHaveCount(1);
    await expect(main.locator("span.font-semibold").filter({ hasText: title })).toBeVisible();
    expect(memberErrors).toEqual([]);
  } finally {
    await context.close();
  }
});
