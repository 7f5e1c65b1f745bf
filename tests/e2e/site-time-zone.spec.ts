/**
 * The site's time zone in a real browser (docs/decisions/0144): a post
 * published at 20:00 UTC on 29 March 2026 is dated 29 March in Europe/London
 * (21:00 BST); an admin sets Asia/Kolkata in Site Settings and the post's
 * page says 30 March (01:30 IST), to the admin and to a visitor, before and
 * after the page's script runs (the browser is in Los Angeles, where it is
 * still the 29th: the page's own zone is the site's, not the browser's).
 * Axe on every page. On the admin pages' own server; the zone is put back.
 */
import type { Browser, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, waitForHydration } from "./fixtures";
import { signedInAdmin, test } from "./support/admin";

test.describe.configure({ timeout: 90_000 });
test.use({ timezoneId: "America/Los_Angeles" });

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function postDate(page: Page, slug: string) {
  await page.goto(`/post/${slug}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Late evening in London");
  return page.locator('article time[datetime="2026-03-29T20:00:00.000Z"]').first();
}

async function chooseZone(page: Page, zone: string) {
  await page.goto("/admin/site-settings");
  await waitForHydration(page);
  const field = page.getByLabel("Site time zone");
  await field.selectOption(zone);
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Settings saved successfully!" }),
  ).toBeVisible();
  await expect(field).toHaveValue(zone);
}

async function visitorSees(browser: Browser, baseURL: string, slug: string) {
  const context = await browser.newContext({ baseURL, timezoneId: "America/Los_Angeles" });
  const page = await context.newPage();
  const date = await postDate(page, slug);
  const text = await date.textContent();
  await context.close();
  return text;
}

test("an admin sets the site's time zone to Asia/Kolkata and a post's date follows", async ({
  page,
  browser,
  adminServer,
}) => {
  const slug = `late-evening-in-london-${tag()}`;
  await signedInAdmin(page, adminServer, async (db, journeyAdmin) => {
    const me = await db.query<{ id: string }>("SELECT id FROM profiles WHERE email = $1", [
      journeyAdmin.email,
    ]);
    await db.query(
      `INSERT INTO posts (title, slug, content, author_id, status, published_at)
       VALUES ('Late evening in London', $1, '<p>Posted at nine in the evening, summer time.</p>',
               $2, 'published', '2026-03-29T20:00:00Z')`,
      [slug, me.rows[0]!.id],
    );
  });

  // The default: Europe/London.
  await expect(await postDate(page, slug)).toHaveText("29 Mar 2026");
  expect(await visitorSees(browser, adminServer.url, slug)).toBe("29 Mar 2026");

  await page.goto("/admin/site-settings");
  await waitForHydration(page);
  await expect(page.getByLabel("Site time zone")).toHaveValue("Europe/London");
  await chooseZone(page, "Asia/Kolkata");
  await expectNoAxeViolations(page);

  // The post's page, served and then hydrated in a browser eight hours behind UTC.
  await expect(await postDate(page, slug)).toHaveText("30 Mar 2026");
  // A visitor's copy came from the page cache before the change: it was dropped.
  expect(await visitorSees(browser, adminServer.url, slug)).toBe("30 Mar 2026");

  // Put back for the other admin journeys on this server.
  await chooseZone(page, "Europe/London");
  await expect(await postDate(page, slug)).toHaveText("29 Mar 2026");
});
