/**
 * /admin/site-settings in a real browser (spec 2 §2, §8): an admin changes the
 * header promo banner, sees the spec's success message in green until it
 * clears after 5 seconds, and finds the banner on the site; a malformed id
 * is refused with the text still in the form. Axe on every page. A server of
 * its own: the settings it saves would change other journeys' pages.
 */
import { expect, expectNoAxeViolations, test as base, waitForHydration } from "./fixtures";
import { newMember, signIn, signUpAndVerify } from "./support/accounts";
import { OwnServer } from "./support/own-server";

const test = base.extend<object, { settingsServer: OwnServer }>({
  settingsServer: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other
    async ({}, provide) => {
      const server = await OwnServer.start();
      try {
        await provide(server);
      } finally {
        await server.dispose();
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ settingsServer }, provide) => provide(settingsServer.url),
});

test.describe.configure({ timeout: 120_000 });

test("an admin saves the header promo banner and sees it on the site", async ({
  page,
  settingsServer,
}) => {
  // An admin: signs up, then is made admin as the first admin of a site would be.
  const admin = newMember("siteadmin");
  await signUpAndVerify(page, settingsServer.outbox, admin);
  // Leave the site while its server is stopped (no refused requests in the console).
  await page.goto("about:blank");
  await settingsServer.offline(async (db) => {
    const updated = await db.query(
      "UPDATE profiles SET role = 'admin', status = 'approved' WHERE username = $1",
      [admin.username],
    );
    if (updated.affectedRows !== 1) throw new Error("no profile to promote");
  });
  await signIn(page, admin.email, admin.password);
  await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 20_000 });

  await page.goto("/admin/site-settings");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Site Settings", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Enable site scripts")).toBeChecked();
  await expect(page.getByLabel("Require consent for UK visitors")).toBeChecked();
  await expectNoAxeViolations(page);

  // A malformed id: refused, with what was typed still there.
  const bannerText = page.getByLabel("Promo banner text");
  await bannerText.fill("Expand to the UK: free first consultation");
  await page.getByLabel("Google Analytics ID").fill("analytics-please");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(
    page.getByText("Google Analytics ID should look like G-XXXXXXXXXX (or UA-XXXXXX-X)"),
  ).toBeVisible();
  await expect(bannerText).toHaveValue("Expand to the UK: free first consultation");
  await expect(page.getByLabel("Google Analytics ID")).toHaveValue("analytics-please");
  await expectNoAxeViolations(page);

  // Fixed: saved, the spec's message in green, gone after 5 seconds.
  await page.getByLabel("Google Analytics ID").fill("");
  await page.getByLabel("Promo banner link").fill("/about");
  await page.getByRole("button", { name: "Save Settings" }).click();
  const saved = page.getByRole("status").filter({
    hasText:
      "Settings saved successfully! Please refresh the page to see script changes take effect.",
  });
  await expect(saved).toBeVisible();
  await expect(saved).toHaveClass(/bg-green-50/);
  await expect(page.getByLabel("Promo banner text")).toHaveValue(
    "Expand to the UK: free first consultation",
  );
  await expectNoAxeViolations(page);
  await expect(saved).toHaveCount(0, { timeout: 8_000 });

  // On the site, for everyone: the banner in the header.
  await page.goto("/");
  await waitForHydration(page);
  await expect(page.getByText("Expand to the UK: free first consultation")).toBeVisible();
  await expectNoAxeViolations(page);
});
