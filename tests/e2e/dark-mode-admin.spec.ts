/**
 * Dark mode on the signed-in pages (docs/decisions/0114): the
 * editor and the admin pages in the dark theme, by the OS setting and by the
 * header's menu, with axe (contrast included) on each.
 */
import { expect, waitForHydration } from "./fixtures";
import { signedInAdmin, test } from "./support/admin";

test.describe.configure({ timeout: 90_000 });

const PAGES = [
  "/create-post",
  "/admin",
  "/admin?tab=users",
  "/admin?tab=posts",
  "/admin?tab=categories",
  "/admin?tab=notifications",
  "/admin/site-settings",
  "/admin/banned-words",
  "/admin/redirects",
  "/admin/reports",
  "/my-posts",
  "/notifications",
];

test("the editor and the admin pages in the dark theme pass axe", async ({ page, adminServer }) => {
  await signedInAdmin(page, adminServer);
  await page.emulateMedia({ colorScheme: "dark" });
  for (const path of PAGES) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.locator("html"), path).toHaveAttribute("data-theme", "dark");
  }

  // The menu's choice holds on a signed-in page against a light OS setting.
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/create-post");
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await page.getByRole("button", { name: "Theme: System" }).click();
  await page.getByRole("button", { name: "Dark", exact: true }).click();
  await page.goto("/admin");
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
});
