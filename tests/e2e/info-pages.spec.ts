import { expect, test } from "./fixtures";

const PAGES = [
  ["/about", "About Us"],
  ["/our-story", "Our Story"],
  ["/vision", "Our Vision"],
  ["/our-services", "Our Services"],
  ["/expand-business-to-uk", "Expand Business to UK"],
  ["/expand-business-to-india", "Expand Business to India"],
  ["/partner-with-us", "Partner With Us"],
  ["/cookie-policy", "Cookie Policy"],
] as const;

for (const [path, heading] of PAGES) {
  test(`${path} has its page with copy`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(new RegExp(`^${heading} \\| FounderBridge$`));
    expect((await page.getByRole("main").innerText()).length).toBeGreaterThan(300);
  });
}

test("the About menu reaches the informational pages", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "About" }).click();
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Our Vision" })
    .click();
  await expect(page).toHaveURL(/\/vision$/);
  await expect(page.getByRole("button", { name: "About" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
});
