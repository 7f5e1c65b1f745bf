import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";

// The empty e2e site still has the named categories (ensured at start-up),
// and no header banner is set, so the banner is hidden.

const CATEGORY_SLUGS = ["news", "guides", "amas", "podcast", "startup-story", "events"];

test("the header links to the six categories and hides an unset promo banner", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  const hrefs = await nav
    .locator('a[href^="/categories/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(hrefs).toEqual(CATEGORY_SLUGS.map((slug) => `/categories/${slug}`));
  await expect(page.getByRole("complementary", { name: "Sponsored" })).toHaveCount(0);
});

test("the About menu works with the keyboard", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page, "header button[aria-expanded]");
  const about = page.getByRole("button", { name: "About" });
  await expect(about).toHaveAttribute("aria-expanded", "false");
  await about.focus();
  await page.keyboard.press("Enter");
  await expect(about).toHaveAttribute("aria-expanded", "true");
  const menuLinks = page.getByRole("navigation", { name: "Main" }).getByRole("link", {
    name: "Our Story",
  });
  await expect(menuLinks).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(about).toHaveAttribute("aria-expanded", "false");
  await expect(about).toBeFocused();
  // ArrowDown opens the menu on its first link, and moves on from there.
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("link", { name: "About Us" }).first()).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("link", { name: "Our Story" }).first()).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Escape");
});

test("the search modal is disabled while blank and goes to /search with the trimmed query", async ({
  page,
}) => {
  await page.goto("/");
  await waitForHydration(page, "header");
  await page.getByRole("button", { name: "Search" }).click();
  const dialog = page.getByRole("dialog", { name: "Search posts" });
  await expect(dialog).toBeVisible();
  const input = dialog.getByRole("searchbox", { name: "Search query" });
  await expect(input).toBeFocused();
  const submit = dialog.getByRole("button", { name: "Search", exact: true });
  await expect(submit).toBeDisabled();
  await input.fill("   ");
  await expect(submit).toBeDisabled();
  await expectNoAxeViolations(page);
  await input.fill("  visa rules  ");
  await expect(submit).toBeEnabled();
  await input.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=visa%20rules$/);
  await expect(dialog).toBeHidden();
});

test("the footer has link columns and a contact line, and no social links until set", async ({
  page,
}) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  for (const name of ["Topics", "Company", "Resources"]) {
    await expect(footer.getByRole("navigation", { name })).toBeVisible();
  }
  await expect(footer.getByRole("link", { name: "Partner With Us" })).toBeVisible();
  await expect(footer.getByText(/Offices in London and Bengaluru/)).toBeVisible();
  // The e2e site has no contact e-mail or accounts set (Site Settings, decision 0032).
  await expect(footer.getByRole("link", { name: "Get in touch" })).toBeVisible();
  await expect(footer.getByRole("list", { name: "Social links" })).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the side menu opens, lists the categories and About pages, and closes", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page, "header");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Startup Stories" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Partner With Us" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  });
});

test.describe("on a narrow phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the header fits: Sign in and Join Free Now whole, nothing scrolls sideways", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page, "header");
    // The header's (the home's promise has its own, decision 0269).
    const header = page.getByRole("banner");
    const join = header.getByRole("link", { name: "Join Free Now" });
    const box = await join.boundingBox();
    expect(box, "Join Free Now is laid out").not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    // One line each: no wrapped button text.
    const signIn = await header.getByRole("link", { name: "Sign in", exact: true }).boundingBox();
    expect(signIn!.height).toBeLessThan(40);
    expect(box!.height).toBeLessThan(48);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    // The logo keeps the site's name for screen readers.
    await expect(page.getByRole("link", { name: "FounderBridge" }).first()).toBeVisible();
  });
});
