import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";
import {
  codeIn,
  mailTo,
  mainOutbox,
  newMember,
  signIn,
  signUp,
  signUpAndVerify,
  typeCode,
  VERIFIED_LANDING,
} from "./support/accounts";
import { signedInAdmin, test as admin } from "./support/admin";

// Each journey signs up (3 s minimum fill time) and reads the outbox: more than the default 30 s
// when the machine is busy.
test.describe.configure({ timeout: 60_000 });

test.describe("from sign-up to sign-out, with approval in between", () => {
  // A server of this worker's own from the `site` template (support/admin.ts): an admin of its
  // pool approves the member on the admin screen, as on the live site; nothing restarts.
  admin(
    "sign up, code by mail, pending, approved, sign in, sign out",
    async ({ page, browser, adminServer }) => {
      const member = newMember("journey");
      await signUp(page, member);
      await typeCode(page, await codeIn(adminServer.outbox, member.email));
      // Signed in by the code (docs/decisions/0256): straight on to complete the profile.
      await page.waitForURL(VERIFIED_LANDING);
      await expect(
        page.getByText("Email verified successfully! Your account is pending approval."),
      ).toBeVisible();

      // Pending: may complete the profile and read; /pending-approval explains the wait.
      await waitForHydration(page);
      await page.getByLabel("City").fill("Pune");
      await page.getByLabel("Country").fill("India");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByText("Profile completed successfully!")).toBeVisible();
      await page.waitForURL((url) => url.pathname === "/");
      await page.goto("/pending-approval");
      await expect(page.getByRole("heading", { name: "Account Pending Approval" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Browse Posts" })).toHaveAttribute("href", "/");

      // An admin approves, in a browser of their own.
      const context = await browser.newContext({ baseURL: adminServer.url });
      try {
        const adminPage = await context.newPage();
        await signedInAdmin(adminPage, adminServer);
        await adminPage.goto("/admin");
        await waitForHydration(adminPage);
        const pending = adminPage.getByRole("region", { name: "Pending User Approvals" });
        await pending.getByRole("button", { name: `Approve ${member.username}` }).click();
        await expect(adminPage.getByText("User approved successfully!")).toBeVisible();
      } finally {
        await context.close();
      }

      await page.goto("/pending-approval");
      await expect(page).toHaveURL(/\/$/);
      await waitForHydration(page);
      const header = page.locator("header").first();
      await expect(header.getByRole("link", { name: "Sign in" })).toHaveCount(0);
      const avatar = header.getByRole("button", { name: "Account menu for Asha Test" });
      await avatar.click();
      const accountArea = page.locator('[data-slot="account-area"]');
      await expect(accountArea.getByText(`@${member.username}`)).toBeVisible();
      await expectNoAxeViolations(page);
      await accountArea.getByRole("button", { name: "Sign Out" }).click();
      await expect(header.getByRole("link", { name: "Sign in" })).toBeVisible();
      await expect(header.getByRole("button", { name: /Account menu/ })).toHaveCount(0);

      // Signing in again, now approved with a completed profile: back home.
      await signIn(page, member.email, member.password);
      await page.waitForURL(/127\.0\.0\.1:\d+\/$/);
      await expect(header.getByRole("button", { name: /Account menu/ })).toBeVisible();
    },
  );
});

test("a wrong code is refused, the boxes are emptied and focus returns to the first", async ({
  page,
}) => {
  const member = newMember("wrongcode");
  await signUp(page, member);
  const code = await codeIn(mainOutbox, member.email);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  await typeCode(page, wrong);
  await expect(
    page.getByText("Invalid verification code. Please check and try again."),
  ).toBeVisible();
  await waitForHydration(page);
  for (let i = 1; i <= 6; i++) await expect(page.getByLabel(`Digit ${i} of 6`)).toHaveValue("");
  await expect(page.getByLabel("Digit 1 of 6")).toBeFocused();
  await expectNoAxeViolations(page);
  // The right code still works.
  await typeCode(page, code);
  await page.waitForURL(VERIFIED_LANDING);
});

test("forgot password, the link by mail, a new password, sign in with it", async ({ page }) => {
  const member = newMember("reset");
  await signUpAndVerify(page, mainOutbox, member);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.waitForURL(/\/forgot-password$/);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(member.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();

  const link = await mailTo(mainOutbox, member.email, /(http\S+\/reset-password\?token=\S+)/);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  // docs/product/accounts.md: the page itself says it (never only the browser's minlength tooltip).
  await page.getByLabel("New password", { exact: true }).fill("Abc12");
  await page.getByLabel("Confirm new password").fill("Abc12");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByRole("alert")).toHaveText("Password must be at least 6 characters");
  await expect(page.getByLabel("New password", { exact: true })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expectNoAxeViolations(page);
  await page.getByLabel("New password", { exact: true }).fill("abcdef");
  await page.getByLabel("Confirm new password").fill("abcdeg");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByRole("alert")).toHaveText("Passwords do not match");
  // Six characters are enough at reset (the sign-up strength rules do not apply).
  await page.getByLabel("Confirm new password").fill("abcdef");
  await page.getByRole("button", { name: "Reset password" }).click();
  await page.waitForURL(/\/login\?reset=success/);
  await expect(
    page.getByText("Password reset successfully! You can now log in with your new password."),
  ).toBeVisible();

  await signIn(page, member.email, member.password);
  await expect(page.getByText("Invalid email or password")).toBeVisible();
  await signIn(page, member.email, "abcdef");
  await page.waitForURL(/\/edit-profile\?firstTime=true/);

  // The link worked once.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { name: "Invalid Reset Link" })).toBeVisible();
});

test("five wrong passwords lock the account", async ({ page }) => {
  const member = newMember("lockout");
  await signUpAndVerify(page, mainOutbox, member);
  for (let i = 0; i < 5; i++) {
    await signIn(page, member.email, `Wrong${i}pass`);
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(page.getByLabel("Email")).toHaveValue(member.email);
  }
  await signIn(page, member.email, member.password);
  await expect(page.getByRole("alert")).toHaveText("Account temporarily unavailable");
  await expectNoAxeViolations(page);
});
