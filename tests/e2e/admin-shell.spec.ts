/**
 * The admin's own shell (docs/decisions/0259): the admin pages come without the public header,
 * promotion bar and footer; the sidebar reaches every section; on a 390 px phone the sections are
 * one line that scrolls on its own, the content right under it and nothing scrolling sideways.
 */
import { expect, expectNoAxeViolations, waitForHydration } from "./fixtures";
import { signedInAdmin, test } from "./support/admin";

test.describe.configure({ timeout: 90_000 });

const SECTIONS: [label: string, url: RegExp, heading: string | RegExp][] = [
  ["Dashboard", /\/admin$/, "Admin Dashboard"],
  ["Posts", /\/admin\?tab=posts$/, "Admin Dashboard"],
  ["Members", /\/admin\?tab=users$/, "Admin Dashboard"],
  ["Categories", /\/admin\?tab=categories$/, "Admin Dashboard"],
  ["Notifications", /\/admin\?tab=notifications$/, "Admin Dashboard"],
  ["Reports", /\/admin\/reports$/, "Reports"],
  ["Analytics", /\/admin\/analytics$/, "Analytics"],
  ["Activity", /\/admin\/activity$/, /Activity/],
  ["Settings", /\/admin\/site-settings$/, "Site Settings"],
  ["Banned Words", /\/admin\/banned-words$/, "Banned Words"],
  ["Redirects", /\/admin\/redirects$/, /Redirects/],
  ["Weekly Digest", /\/admin\/email$/, /digest/i],
  ["Content API", /\/admin\/content-api$/, /Content API/],
  ["Webhooks", /\/admin\/webhooks$/, /Webhooks/],
  ["Import", /\/admin\/import$/, "Import content"],
];

test("the admin pages have their own shell, and the sidebar reaches every section", async ({
  page,
  adminServer,
}) => {
  await signedInAdmin(page, adminServer);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/admin");
  await waitForHydration(page);
  // No public header, promotion bar or footer.
  await expect(page.locator("header")).toHaveCount(0);
  await expect(page.locator("footer")).toHaveCount(0);
  await expect(page.getByRole("complementary", { name: "Sponsored" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);

  const nav = page.getByRole("navigation", { name: "Admin pages" });
  for (const [label, url, heading] of SECTIONS) {
    await nav.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.locator("footer")).toHaveCount(0);
  }
  await expectNoAxeViolations(page);

  // "View site" leaves for the public site, which has its header and footer again.
  await page.getByRole("link", { name: "View site" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("footer")).toHaveCount(1);
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(1);
});

test("on a 390 px phone the sections are one scrolling line and the content follows", async ({
  page,
  adminServer,
}) => {
  await signedInAdmin(page, adminServer);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/admin", "/admin?tab=posts", "/admin/analytics", "/admin/site-settings"]) {
    await page.goto(path);
    await waitForHydration(page);
    const sizes = await page.evaluate(() => {
      const list = document.querySelector('[data-testid="admin-sections"]')!;
      const h1 = document.querySelector("h1")!;
      return {
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        listHeight: list.getBoundingClientRect().height,
        listScrolls: list.scrollWidth > list.clientWidth,
        firstLinkTop: list.querySelector("a")!.getBoundingClientRect().top,
        lastLinkTop: [...list.querySelectorAll("a")].at(-1)!.getBoundingClientRect().top,
        headingTop: h1.getBoundingClientRect().top,
      };
    });
    // Nothing scrolls sideways but the bar itself, which is one line.
    expect([path, sizes.scrollWidth]).toEqual([path, sizes.innerWidth]);
    expect(sizes.listScrolls).toBe(true);
    expect(sizes.lastLinkTop).toBe(sizes.firstLinkTop);
    expect(sizes.listHeight).toBeLessThan(60);
    // The page's heading comes right after the bar.
    expect(sizes.headingTop).toBeLessThan(sizes.listHeight + 80);
  }
  await expectNoAxeViolations(page);
});

const dayAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

test('a post\'s row: Edit in sight, the rest behind its "…" menu, delete asking in red', async ({
  page,
  adminServer,
}) => {
  const id = Date.now().toString(36);
  const title = `Row menu journey ${id}`;
  await signedInAdmin(page, adminServer, async (db, admin) => {
    const me = await db.query<{ id: string }>("SELECT id FROM profiles WHERE email = $1", [
      admin.email,
    ]);
    await db.query(
      `INSERT INTO posts (title, slug, author_id, status, published_at)
       VALUES ($1, $2, $3, 'published', now() - interval '1 hour')`,
      [title, `row-menu-${id}`, me.rows[0]!.id],
    );
  });
  await page.goto(`/admin?tab=posts&q=${encodeURIComponent(title)}`);
  await waitForHydration(page);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row.getByRole("link", { name: `Edit ${title}` })).toBeVisible();
  // The secondary actions are hidden until the menu opens; none of them is red.
  const del = row.getByRole("button", { name: `Delete ${title}` });
  await expect(del).toBeHidden();
  const summary = row.locator("summary", { hasText: "…" });
  await expect(summary).toHaveAttribute("aria-label", `More actions for ${title}`);
  await summary.click();
  await expect(del).toBeVisible();
  expect(await del.evaluate((b) => getComputedStyle(b).color)).not.toMatch(/rgb\(185, 28, 28\)/);
  await expect(row.getByRole("link", { name: `View ${title}` })).toBeVisible();
  await expectNoAxeViolations(page);
  // Escape closes it.
  await page.keyboard.press("Escape");
  await expect(del).toBeHidden();

  // Feature from the menu.
  await summary.click();
  await row.getByRole("button", { name: `Feature ${title}` }).click();
  await expect(row.getByText("Featured", { exact: true })).toBeVisible();

  // Delete asks first, in the confirm dialog; Cancel keeps the post.
  await summary.click();
  await del.click();
  const dialog = page.getByRole("alertdialog").or(page.getByRole("dialog"));
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toHaveCount(1);
});

test("analytics: a post chosen from the picker draws its chart with dated and counted axes", async ({
  page,
  adminServer,
}) => {
  const id = Date.now().toString(36);
  const title = `Picker journey ${id}`;
  await signedInAdmin(page, adminServer, async (db, admin) => {
    const me = await db.query<{ id: string }>("SELECT id FROM profiles WHERE email = $1", [
      admin.email,
    ]);
    const inserted = await db.query<{ id: string }>(
      `INSERT INTO posts (title, slug, author_id, status, published_at)
       VALUES ($1, $2, $3, 'published', now() - interval '40 days') RETURNING id`,
      [title, `picker-${id}`, me.rows[0]!.id],
    );
    await db.query(
      `INSERT INTO post_daily_views (post_id, day, views) VALUES ($1, $2, 5), ($1, $3, 12)`,
      [inserted.rows[0]!.id, dayAgo(2), dayAgo(10)],
    );
  });
  await page.goto("/admin/analytics");
  await waitForHydration(page);
  await page.getByLabel("Post", { exact: true }).selectOption({ label: title });
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await page.waitForURL(new RegExp(`post=picker-${id}`));
  await expect(
    page.getByRole("heading", { level: 2, name: `Views per day, "${title}"` }),
  ).toBeVisible();
  const chart = page.locator("figure", { has: page.locator("#views-chart-caption") });
  await expect(page.locator("#views-chart-caption")).toHaveText(
    "Views in the last 30 days: 17 in all",
  );
  const heights = await chart
    .locator("svg rect")
    .evaluateAll((rects) => rects.map((r) => Number(r.getAttribute("height"))));
  expect(heights.filter((h) => h > 0)).toHaveLength(2);
  // Counts on the left (0 up to at least 12), dates along the bottom ("7 Sept").
  const counts = await chart.locator('[data-axis="counts"] text').allTextContents();
  expect(counts[0]).toBe("0");
  expect(Number(counts.at(-1))).toBeGreaterThanOrEqual(12);
  const dates = await chart.locator('[data-axis="dates"] text').allTextContents();
  expect(dates.length).toBeGreaterThanOrEqual(2);
  for (const date of dates) expect(date).toMatch(/^\d{1,2} [A-Z][a-z]{2,3}$/);
  await expect(page.getByLabel("Post", { exact: true })).toHaveValue(`picker-${id}`);
});
