/**
 * Cookie consent in a real browser (docs/product/privacy.md#who-is-asked; docs/milestones.md#issue-7-administration): with site
 * scripts on and a Google Analytics id set, a UK visitor (the trusted country
 * header, as Cloudflare would send it) gets the bar and the browser asks no
 * tracker for anything until Accept All; Essential Only keeps it that way;
 * a US visitor (no header: the lookup fails, so US) gets no bar and the
 * tracker. Tracker hosts are answered here (page.route), so nothing leaves
 * the machine, but every request to them is recorded.
 */
import type { BrowserContext, Page, Request } from "@playwright/test";
import { expect, expectNoAxeViolations, test as base, waitForHydration } from "./fixtures";
import { OwnServer } from "./support/own-server";
import { at } from "#tests/support/json";

const GA_ID = "G-E2ETEST123";
const PIXEL_ID = "1234567890123456";
const GTM_ID = "GTM-E2ETEST";
const TRACKER_HOSTS =
  /(^|\.)(googletagmanager\.com|google-analytics\.com|analytics\.google\.com|facebook\.net|facebook\.com)$/;

const test = base.extend<{ trackerRequests: string[] }, { consentServer: OwnServer }>({
  consentServer: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other
    async ({}, provide) => {
      const server = await OwnServer.start();
      try {
        // The admin's settings, as /admin/site-settings saves them (that page has its own journey).
        await server.offline(async (db) => {
          await db.query(
            `UPDATE site_settings SET scripts_enabled = true, google_analytics_id = $1,
               google_analytics_enabled = true, meta_pixel_id = $2, meta_pixel_enabled = true,
               google_tag_manager_id = $3, google_tag_manager_enabled = true,
               cookie_consent_enabled = true, require_consent_for_uk = true`,
            [GA_ID, PIXEL_ID, GTM_ID],
          );
        });
        await provide(server);
      } finally {
        await server.dispose();
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ consentServer }, provide) => provide(consentServer.url),
  trackerRequests: async ({ context }, provide) => {
    await provide(await watchTrackers(context));
  },
});

/** Answers every tracker request with an empty script, and records its address. */
async function watchTrackers(context: BrowserContext): Promise<string[]> {
  const requests: string[] = [];
  context.on("request", (request: Request) => {
    if (TRACKER_HOSTS.test(new URL(request.url()).hostname)) requests.push(request.url());
  });
  await context.route(
    (url) => TRACKER_HOSTS.test(url.hostname),
    (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/javascript",
        body: "window.__trackerLoaded = true;",
      }),
  );
  return requests;
}

const bar = (page: Page) => page.getByRole("region", { name: "Cookie consent" });
const gtagScript = `https://www.googletagmanager.com/gtag/js?id=${GA_ID}`;

/** Clicks a button of the bar and waits for the page to load again. */
async function choose(page: Page, name: "Accept All" | "Essential Only") {
  // The bar's code loads after the page's (decision 0107): until it has hydrated, a click sends
  // the plain form, the path without JavaScript tested below.
  await waitForHydration(page, 'section[aria-label="Cookie consent"] form');
  const reloaded = page.waitForEvent("load");
  await bar(page).getByRole("button", { name }).click();
  await reloaded;
  await waitForHydration(page);
}

test.describe("a visitor from the UK", () => {
  test.use({ extraHTTPHeaders: { "CF-IPCountry": "GB" } });

  test("sees the bar, no tracker loads before consent; Accept All reloads with it; reset asks again", async ({
    page,
    trackerRequests,
  }) => {
    await page.goto("/");
    await expect(bar(page)).toBeVisible();
    await expect(bar(page)).toContainText("cookies");
    await expect(bar(page).getByRole("button", { name: "Essential Only" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.waitForLoadState("networkidle");
    expect(trackerRequests).toEqual([]);
    expect(await page.evaluate(() => "gtag" in window)).toBe(false);

    await choose(page, "Accept All");
    await expect(bar(page)).toHaveCount(0);
    await expect.poll(() => trackerRequests).toContain(gtagScript);
    expect(await page.evaluate(() => typeof (window as { gtag?: unknown }).gtag)).toBe("function");
    // Kept in the browser as the spec says, and in the cookie the server reads.
    const kept = await page.evaluate(() => ({
      consent: JSON.parse(localStorage.getItem("cookie_consent") ?? "null") as unknown,
      session: localStorage.getItem("cookie_consent_session_id"),
      cookie: document.cookie,
    }));
    expect(kept.consent).toMatchObject({
      given: true,
      preferences: { essential: true, analytics: true, marketing: true },
      geoLocation: "GB",
    });
    expect(Date.parse(at(kept.consent, "timestamp") as string)).toBeGreaterThan(
      Date.now() - 60_000,
    );
    expect(kept.session).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    expect(kept.cookie).toContain("cookie_consent=all");
    await expectNoAxeViolations(page);

    // Reset on /cookie-policy: the bar comes back, and the tracker stays away.
    await page.goto("/cookie-policy");
    await waitForHydration(page);
    await expect(bar(page)).toHaveCount(0);
    await expectNoAxeViolations(page);
    const before = trackerRequests.length;
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Reset cookie preferences" }).click();
    await reloaded;
    await expect(bar(page)).toBeVisible();
    await expect(page).toHaveURL(/\/cookie-policy$/);
    expect(await page.evaluate(() => localStorage.getItem("cookie_consent"))).toBeNull();
    await page.waitForLoadState("networkidle");
    expect(trackerRequests.length).toBe(before);
    await expectNoAxeViolations(page);
  });

  test("Essential Only: the bar goes, and no tracker loads on any page", async ({
    page,
    trackerRequests,
  }) => {
    await page.goto("/");
    await expect(bar(page)).toBeVisible();
    await choose(page, "Essential Only");
    await expect(bar(page)).toHaveCount(0);
    expect(
      await page.evaluate(
        () => JSON.parse(localStorage.getItem("cookie_consent") ?? "null") as unknown,
      ),
    ).toMatchObject({ given: true, preferences: { analytics: false, marketing: false } });
    for (const path of ["/", "/categories", "/cookie-policy"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expect(bar(page)).toHaveCount(0);
    }
    expect(trackerRequests).toEqual([]);
  });
});

test("a visitor the lookup cannot place counts as in the US: no bar, the trackers load", async ({
  page,
  trackerRequests,
}) => {
  await page.goto("/");
  await waitForHydration(page);
  // GA, the Meta Pixel and Tag Manager, each allowed by the strict CSP (no violation reported).
  await expect.poll(() => trackerRequests).toContain(gtagScript);
  await expect
    .poll(() => trackerRequests)
    .toContain("https://connect.facebook.net/en_US/fbevents.js");
  await expect
    .poll(() => trackerRequests)
    .toContain(`https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`);
  await expect(bar(page)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, extraHTTPHeaders: { "CF-IPCountry": "GB" } });

  test("the bar is a plain form: Accept All comes back to the same page with the tracker in it", async ({
    page,
    trackerRequests,
  }) => {
    await page.goto("/cookie-policy");
    await expect(bar(page)).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(trackerRequests).toEqual([]);
    await bar(page).getByRole("button", { name: "Accept All" }).click();
    await page.waitForURL(/\/cookie-policy$/);
    await expect(bar(page)).toHaveCount(0);
    await expect(page.locator(`script[src="${gtagScript}"]`)).toHaveCount(1);
    // The Pixel's and Tag Manager's noscript fallbacks, now that consent is given.
    await expect
      .poll(() => trackerRequests.map((url) => new URL(url).pathname))
      .toEqual(expect.arrayContaining(["/tr", "/ns.html"]));
    // (axe needs JavaScript: the same bar and page pass it in the journeys above.)

    await page.getByRole("button", { name: "Reset cookie preferences" }).click();
    await page.waitForURL(/\/cookie-policy$/);
    await expect(bar(page)).toBeVisible();
    await expect(page.locator(`script[src="${gtagScript}"]`)).toHaveCount(0);
  });
});
