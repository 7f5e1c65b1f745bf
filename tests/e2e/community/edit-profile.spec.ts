import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, waitForHydration } from "../fixtures";
import { signInAs, test } from "../support/community-server";

const DANIEL = { email: "daniel.okafor@example.com", username: "daniel_okafor" };
const ANANYA = { email: "ananya.gupta@example.com", username: "ananya_gupta" };
const BANNED = "scamcoin";

test.use({ communitySql: [`INSERT INTO banned_words (word) VALUES ('${BANNED}')`] });

async function openEditor(page: Page, path = "/edit-profile") {
  await page.goto(path);
  await waitForHydration(page);
}

test("a member edits the profile: refusals keep what was typed, then the saved values on /user/{username}", async ({
  page,
}) => {
  await signInAs(page, DANIEL.email, "/edit-profile");
  await page.waitForURL("**/edit-profile");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Edit Profile", level: 1 })).toBeVisible();

  await page.getByLabel("Full Name").fill("Daniel O. Okafor");
  await page.getByLabel("User Type").selectOption("Entrepreneur");
  await page.getByLabel("Bio").fill("Building a logistics start-up between Lagos and Leeds.");
  await expect(page.getByText("54/500")).toBeVisible();
  await page.getByLabel("City").fill("Leeds");
  await page.getByLabel("Country").fill("United Kingdom");
  await page.getByLabel("LinkedIn URL").fill("https://www.linkedin.com/in/daniel-okafor");
  await page.getByLabel("Website URL").fill("not a web address");

  // A bad URL: refused with the field's message, every value kept.
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Please enter a valid website URL").first()).toBeVisible();
  await expect(page.getByLabel("Website URL")).toHaveValue("not a web address");
  await expect(page.getByLabel("Full Name")).toHaveValue("Daniel O. Okafor");
  await expect(page.getByLabel("City")).toHaveValue("Leeds");
  await expect(page.getByLabel("User Type")).toHaveValue("Entrepreneur");
  await expect(page).toHaveURL(/\/edit-profile$/);
  await expectNoAxeViolations(page);

  // A banned word in the bio: refused, the bio kept as typed.
  await page.getByLabel("Website URL").fill("https://okafor.example");
  const banned = `Ask me about ${BANNED} sometime.`;
  await page.getByLabel("Bio").fill(banned);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Bio contains inappropriate content").first()).toBeVisible();
  await expect(page.getByLabel("Bio")).toHaveValue(banned);
  await expect(page.getByLabel("Website URL")).toHaveValue("https://okafor.example");
  await expectNoAxeViolations(page);

  // Saved: the message, then the profile after 1.5 s with the new values.
  await page.getByLabel("Bio").fill("Building a logistics start-up between Lagos and Leeds.");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/edit-profile$/);
  await expectNoAxeViolations(page);
  await page.waitForURL(`**/user/${DANIEL.username}`);
  await waitForHydration(page);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Daniel O. Okafor", level: 1 })).toBeVisible();
  await expect(
    main.getByText("Building a logistics start-up between Lagos and Leeds."),
  ).toBeVisible();
  await expect(main.getByText("Leeds, United Kingdom")).toBeVisible();
  await expect(main.getByText("Entrepreneur", { exact: true })).toBeVisible();
  await expect(main.getByRole("link", { name: /Website/ })).toHaveAttribute(
    "href",
    /^https:\/\/okafor\.example\/?/,
  );
  await expect(main.getByRole("link", { name: /LinkedIn/ })).toHaveAttribute(
    "href",
    /linkedin\.com\/in\/daniel-okafor/,
  );

  // The editor shows the saved values next time.
  await openEditor(page);
  await expect(page.getByLabel("Website URL")).toHaveValue("https://okafor.example");
  await expect(page.getByLabel("City")).toHaveValue("Leeds");
});

test("firstTime=true completes the profile and goes to the home page", async ({ page }) => {
  await signInAs(page, ANANYA.email, "/edit-profile?firstTime=true");
  await page.waitForURL("**/edit-profile?firstTime=true");
  await waitForHydration(page);
  await expect(
    page.getByRole("heading", { name: "Complete Your Profile", level: 1 }),
  ).toBeVisible();

  await page.getByLabel("City").fill("Pune");
  await page.getByLabel("Country").fill("India");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile completed successfully!")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.waitForURL((url) => url.pathname === "/");
  await waitForHydration(page);

  await page.goto(`/user/${ANANYA.username}`);
  await expect(page.getByRole("main").getByText("Pune, India")).toBeVisible();
});
