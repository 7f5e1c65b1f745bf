import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";

test("/verify-email-sent links to /resend-verification and home", async ({ page }) => {
  await page.goto("/verify-email-sent?email=someone%40example.com");
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Resend verification email" })).toHaveAttribute(
    "href",
    "/resend-verification",
  );
  await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
});

test("/resend-verification asks for the e-mail, then says Verification Email Sent", async ({
  page,
}) => {
  await page.goto("/resend-verification");
  await waitForHydration(page);
  await page.getByLabel("Email").fill("nobody-here@example.com");
  await page.getByRole("button", { name: "Send verification email" }).click();
  await expect(page.getByRole("heading", { name: "Verification Email Sent" })).toBeVisible();
  await expect(page.getByText("Verification email sent.")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("/verify-email without a session goes to /login after 2 seconds", async ({ page }) => {
  await page.goto("/verify-email");
  await expect(page.getByRole("heading", { name: "Verifying your email" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.waitForURL("**/login", { timeout: 5000 });
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});

test("/pending-approval sends visitors to sign in first", async ({ page }) => {
  await page.goto("/pending-approval");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpending-approval$/);
});

test("/forgot-password answers with Check Your Email whoever asks", async ({ page }) => {
  await page.goto("/forgot-password");
  await waitForHydration(page);
  await page.getByLabel("Email").fill("nobody-at-all@example.com");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await expect(page.getByText(/^If an account exists with that email/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test("/reset-password without a usable token: Invalid Reset Link", async ({ page }) => {
  for (const path of ["/reset-password", "/reset-password?token=not-a-real-token-123"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Invalid Reset Link" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Request New Link" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
  }
});
