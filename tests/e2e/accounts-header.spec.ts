import { expect, test } from "./fixtures";

test("visitors see Sign in and Join Free Now in the header", async ({ page }) => {
  await page.goto("/");
  const header = page.locator("header").first();
  await expect(header.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
  await expect(header.getByRole("link", { name: "Join Free Now" })).toHaveAttribute(
    "href",
    "/signup",
  );
  await expect(header.getByRole("button", { name: /Account menu/ })).toHaveCount(0);
});
