/**
 * The admin pages on a phone and a desktop (docs/decisions/0128 to 5): at 360
 * and 1280 px no admin page scrolls sideways (the page's scrollWidth is the
 * viewport's) and axe finds nothing; on a phone the Posts tab is sorted by a
 * header, filtered by status, and its selected rows featured and deleted at
 * once, delete asking first with the count, all by touch-sized controls.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, waitForHydration } from "./fixtures";
import { signedInAdmin, test } from "./support/admin";
import { answerNextDialog } from "./support/dialogs";

test.describe.configure({ timeout: 90_000 });

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const ADMIN_PAGES = [
  "/admin",
  "/admin?tab=users",
  "/admin?tab=posts",
  "/admin?tab=categories",
  "/admin?tab=notifications",
  "/admin/categories/new",
  "/admin/site-settings",
  "/admin/banned-words",
  "/admin/redirects",
  "/admin/activity",
  "/admin/analytics",
  "/admin/import",
  "/admin/reports",
  "/admin/content-api",
  "/admin/webhooks",
  "/admin/email",
];

async function expectNoSidewaysScroll(page: Page, path: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect([path, scrollWidth]).toEqual([path, innerWidth]);
}

// One test per width: 16 pages with axe take 5 to 7 s each on a busy CI machine, so both widths
// together outran the 180 s bound in a fresh-clone CI run; one width takes about 130 s there.
for (const width of [360, 1280]) {
  test(`every admin page fits ${width} px without sideways scrolling, and passes axe`, async ({
    page,
    adminServer,
  }) => {
    test.setTimeout(120_000);
    const id = tag();
    await signedInAdmin(page, adminServer, async (db, journeyAdmin) => {
      const me = await db.query<{ id: string }>("SELECT id FROM profiles WHERE email = $1", [
        journeyAdmin.email,
      ]);
      // Long titles and addresses are what pushed the tables wide.
      await db.query(
        `INSERT INTO posts (title, slug, author_id, status, published_at)
         SELECT 'A rather long post title about raising a seed round between London and Bengaluru ' || i || ' ${id}',
                'long-title-${id}-' || i, $1, 'published', now() - make_interval(hours => i)
         FROM generate_series(1, 3) AS i`,
        [me.rows[0]!.id],
      );
    });
    await page.setViewportSize({ width, height: 800 });
    for (const path of ADMIN_PAGES) {
      await page.goto(path);
      await waitForHydration(page);
      await expectNoSidewaysScroll(page, `${path} at ${width}`);
    }
  });
}

test("on a phone: sort by a header, filter by status, feature and delete the selected posts", async ({
  page,
  adminServer,
}) => {
  const id = tag();
  await signedInAdmin(page, adminServer, async (db, journeyAdmin) => {
    const me = await db.query<{ id: string }>("SELECT id FROM profiles WHERE email = $1", [
      journeyAdmin.email,
    ]);
    await db.query(
      `INSERT INTO posts (title, slug, author_id, status, published_at) VALUES
         ('Bravo ${id}', 'bravo-${id}', $1, 'published', now() - interval '1 hour'),
         ('Alpha ${id}', 'alpha-${id}', $1, 'published', now() - interval '2 hours'),
         ('Charlie ${id}', 'charlie-${id}', $1, 'draft', NULL)`,
      [me.rows[0]!.id],
    );
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/admin?tab=posts&q=${id}`);
  await waitForHydration(page);
  const titles = page.locator('td[data-label="Title"]');
  await expect(titles).toHaveCount(3);

  // On a desktop the Title header sorts A to Z, then Z to A; the address says so (Back works).
  await page.getByRole("link", { name: /^Title/ }).click();
  await page.waitForURL(/sort=title&dir=asc/);
  await expect(titles.first()).toContainText(`Alpha ${id}`);
  await expect(page.getByRole("columnheader", { name: /Title/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await page.getByRole("link", { name: /^Title/ }).click();
  await page.waitForURL(/sort=title&dir=desc/);
  await expect(titles.first()).toContainText(`Charlie ${id}`);
  await page.goBack();
  await expect(titles.first()).toContainText(`Alpha ${id}`);

  // On a phone the header row is hidden (stacked rows): the form's Sort by and Order sort.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByLabel("Sort by").selectOption("title");
  await page.getByLabel("Order").selectOption("desc");
  await page.getByRole("search").getByRole("button", { name: "Search", exact: true }).click();
  await page.waitForURL(/sort=title&dir=desc/);
  await expect(titles.first()).toContainText(`Charlie ${id}`);

  // Status filter: drafts only.
  await page.getByLabel("Status").selectOption("draft");
  await page.getByRole("search").getByRole("button", { name: "Search", exact: true }).click();
  await page.waitForURL(/status=draft/);
  await expect(titles).toHaveCount(1);
  await expect(titles.first()).toContainText(`Charlie ${id}`);
  await page.getByLabel("Status").selectOption("");
  await page.getByRole("search").getByRole("button", { name: "Search", exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get("status") === "");
  await expect(titles).toHaveCount(3);
  await expectNoSidewaysScroll(page, "posts tab");

  // Feature two selected posts at once.
  await page.getByRole("checkbox", { name: `Select Alpha ${id}` }).check();
  await page.getByRole("checkbox", { name: `Select Bravo ${id}` }).check();
  await page.getByLabel("With selected posts").selectOption("bulk-feature");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("2 posts marked as featured successfully!")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: `Alpha ${id}` })).toContainText("Featured");

  // Delete all on the page: asks with the count; Cancel keeps them.
  await page.getByLabel("Select all on this page").check();
  await page.getByLabel("With selected posts").selectOption("bulk-delete");
  let question = answerNextDialog(page, "dismiss", { axe: true });
  await page.getByRole("button", { name: "Apply" }).click();
  expect(await question).toBe(
    "Are you sure you want to delete these 3 posts? This action cannot be undone.",
  );
  await expect(titles).toHaveCount(3);
  question = answerNextDialog(page, "accept");
  await page.getByRole("button", { name: "Apply" }).click();
  await question;
  await expect(page.getByText("3 posts deleted successfully!")).toBeVisible();
  await expect(page.getByText("No posts found.")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("Site Settings: section links, a Save bar in view, asks before leaving with unsaved changes", async ({
  page,
  adminServer,
}) => {
  await signedInAdmin(page, adminServer);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/admin/site-settings");
    await waitForHydration(page);
    const save = page.getByRole("button", { name: "Save Settings" });
    // The Save bar is in view at the top of the long page, and after jumping to a section.
    await expect(save).toBeInViewport();
    await page
      .getByRole("navigation", { name: "Settings sections" })
      .getByRole("link", { name: "Footer" })
      .click();
    await expect(page).toHaveURL(/#section-footer$/);
    await expect(page.getByLabel("Contact e-mail")).toBeInViewport();
    await expect(save).toBeInViewport();
    await expectNoSidewaysScroll(page, `site settings at ${width}`);

    // Untouched: leaving does not ask.
    await page
      .getByRole("navigation", { name: "Admin pages" })
      .getByRole("link", { name: "Banned Words" })
      .click();
    await page.waitForURL("**/admin/banned-words");
    await page.goBack();
    await page.waitForURL("**/admin/site-settings**");
    await waitForHydration(page);

    // Changed: "Unsaved changes" shows, and leaving asks; Cancel stays with what was typed.
    await page.getByLabel("Contact e-mail").fill("hello@example.com");
    await expect(page.getByText("Unsaved changes")).toBeVisible();
    const leave = () =>
      page
        .getByRole("navigation", { name: "Admin pages" })
        .getByRole("link", { name: "Banned Words" })
        .click();
    let question = answerNextDialog(page, "dismiss", { axe: true });
    await leave();
    expect(await question).toBe("You have unsaved changes. Leave this page without saving them?");
    await expect(page).toHaveURL(/\/admin\/site-settings/);
    await expect(page.getByLabel("Contact e-mail")).toHaveValue("hello@example.com");
    question = answerNextDialog(page, "accept");
    await leave();
    await question;
    await page.waitForURL("**/admin/banned-words");
  }
});
