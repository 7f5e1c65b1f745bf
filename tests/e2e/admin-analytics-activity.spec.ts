/**
 * The Analytics and Activity pages in a real browser at 1280 and 360 px
 * (docs/product/administration.md#analytics, docs/product/administration.md#activity), axe on every state. Analytics: readers view a
 * post (the page's own beacon counts each), the admin picks that post,
 * switches 30 and 90 days, and the table under the chart holds the chart's
 * figures (one bar per row, each bar's height its row's share of the
 * tallest, the caption's total the rows' sum); the most-read lists name
 * it. Activity: filtered by admin, action and date, paged, and Export CSV
 * downloads exactly the rows the filtered page lists.
 */
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { expect, waitForHydration } from "./fixtures";
import { signedInAdmin, test } from "./support/admin";

test.describe.configure({ timeout: 90_000 });

const WIDTHS = [1280, 360] as const;
const dayAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBe(innerWidth);
}

/** A reader (its own user agent, so its own visitor) opens the post; its beacon counts a view. */
async function readerViews(browser: Browser, baseURL: string, slug: string, reader: number) {
  const context = await browser.newContext({
    baseURL,
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Reader/${reader}`,
  });
  try {
    const page = await context.newPage();
    const beacon = page.waitForResponse((res) =>
      /\/api\/posts\/[^/]+\/view$/.test(new URL(res.url()).pathname),
    );
    await page.goto(`/post/${slug}`);
    expect((await beacon).status()).toBe(204);
  } finally {
    await context.close();
  }
}

/**
 * The chart's bars' heights and the table's days and views, in order, once
 * the page shows `days` days: React Router changes the address before it
 * renders the new data, so reading on the address alone can see the old chart.
 */
async function chartAndTable(page: Page, tableName: string, days: number) {
  await expect(page.locator("#views-chart-caption")).toHaveText(
    new RegExp(`^Views in the last ${days} days: `),
  );
  const heights = await page
    .locator("figure", { has: page.locator("#views-chart-caption") })
    .locator("svg rect")
    .evaluateAll((rects) => rects.map((r) => Number(r.getAttribute("height"))));
  const details = page.locator("details", { hasText: "Views per day as a table" });
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) {
    await details.getByText("Views per day as a table").click();
  }
  const rows = await page
    .getByRole("table", { name: tableName })
    .locator("tbody tr")
    .evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = Array.from(tr.querySelectorAll("td"), (td) => td.textContent ?? "");
        return { day: cells[0]!, views: Number(cells[1]) };
      }),
    );
  const caption = (await page.locator("#views-chart-caption").textContent()) ?? "";
  return { heights, rows, caption };
}

function expectTableMatchesChart(
  { heights, rows, caption }: Awaited<ReturnType<typeof chartAndTable>>,
  days: number,
  total: number,
) {
  expect(rows).toHaveLength(days);
  expect(heights).toHaveLength(days);
  expect(caption).toBe(`Views in the last ${days} days: ${total} in all`);
  expect(rows.reduce((n, r) => n + r.views, 0)).toBe(total);
  const max = Math.max(...rows.map((r) => r.views));
  const tallest = Math.max(...heights);
  rows.forEach((row, i) => {
    expect([row.day, heights[i]! / tallest]).toEqual([row.day, expect.closeTo(row.views / max, 5)]);
  });
}

test("Analytics: a post's views for 30 and 90 days, the table matching the chart", async ({
  page,
  browser,
  adminServer,
}) => {
  const id = Date.now().toString(36);
  const post = (width: number) => ({
    title: `Analytics journey ${width} ${id}`,
    slug: `analytics-journey-${width}-${id}`,
  });
  await signedInAdmin(page, adminServer, async (db, journeyAdmin) => {
    const me = await db.query<{ id: string }>("SELECT id FROM profiles WHERE email = $1", [
      journeyAdmin.email,
    ]);
    for (const width of WIDTHS) {
      const { title, slug } = post(width);
      const inserted = await db.query<{ id: string }>(
        `INSERT INTO posts (title, slug, content, author_id, status, published_at)
         VALUES ($1, $2, '<p>Counted.</p>', $3, 'published', now() - interval '60 days')
         RETURNING id`,
        [title, slug, me.rows[0]!.id],
      );
      // Earlier days' counts: 4 views 3 days ago, 6 views 40 days ago; and two readers
      // earlier today (one address counts once per post and half hour, decision 0176).
      await db.query(
        `INSERT INTO post_daily_views (post_id, day, views)
         VALUES ($1, $2, 4), ($1, $3, 6), ($1, $4, 2)`,
        [inserted.rows[0]!.id, dayAgo(3), dayAgo(40), dayAgo(0)],
      );
    }
  });

  for (const width of WIDTHS) {
    const { title, slug } = post(width);
    // The third reader today, through the page's view beacon.
    await readerViews(browser, adminServer.url, slug, 3);

    await page.setViewportSize({ width, height: 800 });
    await page.goto("/admin/analytics");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expectNoSidewaysScroll(page);

    // One post, chosen from the picker (docs/decisions/0261).
    await page.getByLabel("Post", { exact: true }).selectOption(slug);
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await page.waitForURL(new RegExp(`post=${slug}`));
    const tableName = `Views per day, "${title}"`;
    await expect(page.getByRole("heading", { name: tableName, level: 2 })).toBeVisible();
    const last30 = await chartAndTable(page, tableName, 30);
    expectTableMatchesChart(last30, 30, 7);
    expect(last30.rows.at(-1)).toEqual({ day: dayAgo(0), views: 3 });
    expect(last30.rows.find((r) => r.day === dayAgo(3))).toEqual({ day: dayAgo(3), views: 4 });
    // The most read lists count it: 7 views in the last 7 days and the last 30.
    for (const list of ["Most read, last 7 days", "Most read, last 30 days"]) {
      const row = page
        .getByRole("table", { name: list })
        .getByRole("row")
        .filter({ hasText: title });
      await expect(row.getByRole("cell").last()).toHaveText("7");
    }
    await expectNoSidewaysScroll(page);

    // 90 days: the day 40 days ago joins; the post stays chosen.
    await page.getByRole("link", { name: "Last 90 days" }).click();
    await page.waitForURL(/days=90/);
    await expect(page.getByRole("link", { name: "Last 90 days" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("heading", { name: tableName, level: 2 })).toBeVisible();
    const last90 = await chartAndTable(page, tableName, 90);
    expectTableMatchesChart(last90, 90, 13);
    expect(last90.rows.find((r) => r.day === dayAgo(40))).toEqual({ day: dayAgo(40), views: 6 });
    await expectNoSidewaysScroll(page);

    // Back to 30 days, still this post.
    await page.getByRole("link", { name: "Last 30 days" }).click();
    await page.waitForURL(/days=30/);
    expectTableMatchesChart(await chartAndTable(page, tableName, 30), 30, 7);

    // The whole site again: this post's views are among them.
    await page.getByLabel("Post", { exact: true }).selectOption({ label: "The whole site" });
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(
      page.getByRole("heading", { name: "Views per day, the whole site", level: 2 }),
    ).toBeVisible();
    const site = await chartAndTable(page, "Views per day, the whole site", 30);
    const siteTotal = site.rows.reduce((n, r) => n + r.views, 0);
    expectTableMatchesChart(site, 30, siteTotal);
    expect(site.rows.at(-1)!.views).toBeGreaterThanOrEqual(3);
    // A most-read link chooses the post.
    await page
      .getByRole("table", { name: "Most read, last 7 days" })
      .getByRole("link", { name: title })
      .click();
    await expect(page.getByRole("heading", { name: tableName, level: 2 })).toBeVisible();
  }
});

/** The Activity page's rows as shown: when (ISO), admin, action, record. */
async function activityRows(page: Page) {
  return page
    .getByRole("table", { name: "Admin activity" })
    .locator("tbody tr")
    .evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = Array.from(tr.querySelectorAll("td"), (td) => td.textContent ?? "");
        const when = tr.querySelector("time")?.getAttribute("datetime") ?? "";
        return [when, cells[1]!.replace(/^@/, ""), cells[2]!, cells[3]!];
      }),
    );
}

/** The CSV's rows without its header: When, Admin, Action, Target Type, Target, Target Id. */
function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean)
    .slice(1)
    .map((line) => {
      const cells: string[] = [];
      for (const m of line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)) {
        if (m.index === line.length && cells.length > 0 && m[0] === "") break;
        cells.push(m[1]!.startsWith('"') ? m[1]!.slice(1, -1).replace(/""/g, '"') : m[1]!);
      }
      return cells;
    });
}

test("Activity: filtered by admin, action and date, paged, and exported as shown", async ({
  page,
  adminServer,
}) => {
  const id = Date.now().toString(36);
  const alice = (width: number) => `aj_alice_${width}_${id}`;
  const bob = (width: number) => `aj_bob_${width}_${id}`;
  await signedInAdmin(page, adminServer, async (db) => {
    for (const width of WIDTHS) {
      // Alice approved 55 members an hour apart from 1 March 2025 01:00 UTC (24 of them on
      // 2 March) and featured 3 posts in February; Bob deleted 5 posts on 5 March.
      await db.query(
        `INSERT INTO admin_audit_log (actor_username, action, target_type, target_id, target_label, created_at)
         SELECT $1, 'user.approve', 'user', 'u-' || i, 'Member ' || i || ' ' || $3,
                timestamptz '2025-03-01 00:00:00+00' + make_interval(hours => i)
         FROM generate_series(1, 55) AS i
         UNION ALL
         SELECT $1, 'post.feature', 'post', 'p-' || i, 'Featured ' || i || ' ' || $3,
                timestamptz '2025-02-01 12:00:00+00' + make_interval(days => i)
         FROM generate_series(1, 3) AS i
         UNION ALL
         SELECT $2, 'post.delete', 'post', 'd-' || i, 'Deleted ' || i || ' ' || $3,
                timestamptz '2025-03-05 09:00:00+00' + make_interval(mins => i)
         FROM generate_series(1, 5) AS i`,
        [alice(width), bob(width), id],
      );
    }
  });

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/admin/activity");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Admin Activity", level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // By admin: Alice's 58 entries, 50 a page, newest first.
    const filters = page.getByRole("form", { name: "Filter activity" });
    await filters.getByLabel("Admin").selectOption(alice(width));
    await filters.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(new RegExp(`admin=${alice(width)}`));
    await expect(page.getByText("Showing 1 to 50 of 58")).toBeVisible();
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    const first = await activityRows(page);
    expect(first).toHaveLength(50);
    expect(new Set(first.map((r) => r[1]))).toEqual(new Set([alice(width)]));
    expect(first[0]!.slice(2)).toEqual(["Approved user", `Member 55 ${id}`]);
    await expectNoSidewaysScroll(page);

    // The next page: the rest, ending with February's features.
    await page
      .getByRole("navigation", { name: "Activity pages" })
      .getByRole("link", { name: "Next" })
      .click();
    await page.waitForURL(/page=2/);
    await expect(page.getByText("Showing 51 to 58 of 58")).toBeVisible();
    const second = await activityRows(page);
    expect(second.map((r) => r[3])).toEqual([
      ...[5, 4, 3, 2, 1].map((i) => `Member ${i} ${id}`),
      ...[3, 2, 1].map((i) => `Featured ${i} ${id}`),
    ]);

    // Action and dates: Alice's approvals on 2 March, UTC (hours 24 to 47).
    await filters.getByLabel("Action").selectOption({ label: "Approved user" });
    await filters.getByLabel("From").fill("2025-03-02");
    await filters.getByLabel("To").fill("2025-03-02");
    await filters.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/from=2025-03-02/);
    await expect(page.getByText("Showing 1 to 24 of 24")).toBeVisible();
    const shown = await activityRows(page);
    expect(shown.map((r) => r[3])).toEqual(
      Array.from({ length: 24 }, (_, k) => `Member ${47 - k} ${id}`),
    );
    for (const row of shown) expect(row[0]!.slice(0, 10)).toBe("2025-03-02");
    await expectNoSidewaysScroll(page);

    // Export CSV: the same rows, in the same order.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^admin-activity-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = csvRows(await readFile(await file.path(), "utf8"));
    expect(exported.map((r) => [new Date(r[0]!).toISOString(), r[1], r[2], r[4]])).toEqual(
      shown.map((r) => [new Date(r[0]!).toISOString(), r[1], r[2], r[3]]),
    );
    await expect(page).toHaveURL(/\/admin\/activity\?/);

    // Bob's deletions: another admin, another action.
    await filters.getByLabel("Admin").selectOption(bob(width));
    await filters.getByLabel("Action").selectOption({ label: "Deleted post" });
    await filters.getByLabel("From").fill("");
    await filters.getByLabel("To").fill("");
    await filters.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(new RegExp(`admin=${bob(width)}`));
    await expect(page.getByText("Showing 1 to 5 of 5")).toBeVisible();
    expect((await activityRows(page)).map((r) => r[3])).toEqual(
      [5, 4, 3, 2, 1].map((i) => `Deleted ${i} ${id}`),
    );
  }
});
