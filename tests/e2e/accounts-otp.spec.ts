import { readdir } from "node:fs/promises";
import { test as base, expect, expectNoAxeViolations, waitForHydration } from "./fixtures";
import { codeIn, newMember, signUp, typeCode, VERIFIED_LANDING } from "./support/accounts";
import { OwnServer } from "./support/own-server";

/**
 * The verification code's clock, for real: a server of this file's own, whose
 * database is aged while the server is stopped (the embedded database admits
 * one process), as ten minutes or one minute passing would leave it.
 *
 * The server belongs to this file's worker: started on first use, stopped after the file.
 */
const test = base.extend<Record<never, never>, { server: OwnServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the object pattern
    async ({}, provide) => {
      const server = await OwnServer.start();
      await provide(server);
      await server.dispose();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ server }, provide) => provide(server.url),
});
test.afterAll(async ({ server }) => {
  await server.dispose();
});
test.describe.configure({ timeout: 180_000 });

const EXPIRED = "This code has expired. Please request a new one.";
const WAIT = "Please wait a few minutes before requesting another code";

/** How many codes went out to `email` (one outbox file each). */
async function mailsTo(server: OwnServer, email: string) {
  const files = await readdir(server.outbox).catch(() => [] as string[]);
  return files.filter((f) => f.endsWith(`-${email}.txt`)).length;
}

test("a code past its ten minutes is refused as expired", async ({ page, server }) => {
  const member = newMember("expired");
  await signUp(page, member);
  const code = await codeIn(server.outbox, member.email);

  // Ten minutes pass: the code's row in Better Auth's verifications table runs out
  // (its identifier stored as a SHA-256, server/auth/verification-identifiers.ts).
  const aged = await server.offline(async (db) => {
    const result = await db.query(
      `UPDATE verifications SET expires_at = now() - interval '1 second'
        WHERE identifier = translate(rtrim(encode(sha256(convert_to(
                'email-verification-otp-' || $1, 'UTF8')), 'base64'), '='), '+/', '-_')`,
      [member.email],
    );
    return result.affectedRows;
  });
  expect(aged, "the code's verification row").toBe(1);

  // The right code, typed into the page the server stopped under, is now too late.
  await typeCode(page, code);
  await expect(page.getByRole("alert")).toHaveText(EXPIRED);
  await waitForHydration(page);
  for (let i = 1; i <= 6; i++) await expect(page.getByLabel(`Digit ${i} of 6`)).toHaveValue("");
  await expect(page.getByLabel("Digit 1 of 6")).toBeFocused();
  await expect(page).toHaveURL(/\/verify-otp\?email=/);
  await expectNoAxeViolations(page);
});

test("Resend counts down, the server refuses it within 60 s, and allows it after", async ({
  page,
  server,
}) => {
  const member = newMember("resend");
  await signUp(page, member);
  await codeIn(server.outbox, member.email);
  expect(await mailsTo(server, member.email)).toBe(1);

  // The countdown, running.
  const resend = page.getByRole("button", { name: /^Resend code/ });
  await expect(resend).toHaveText(/^Resend code in \d+s$/);
  await expect(resend).toBeDisabled();
  const first = Number(/\d+/.exec((await resend.textContent()) ?? "")![0]);
  expect(first).toBeGreaterThan(0);
  expect(first).toBeLessThanOrEqual(60);
  await expect
    .poll(async () => Number(/\d+/.exec((await resend.textContent()) ?? "")?.[0]), {
      timeout: 5_000,
    })
    .toBeLessThan(first);
  await expectNoAxeViolations(page);

  // A browser that ignores the disabled button: the server answers 429 and says why.
  await resend.evaluate((button: HTMLButtonElement) => {
    button.disabled = false;
  });
  const refused = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().includes("/verify-otp"),
  );
  await resend.click();
  expect((await refused).status()).toBe(429);
  await expect(page.getByRole("alert")).toHaveText(WAIT);
  await expect(resend).toHaveText(/^Resend code in \d+s$/);
  await expect(resend).toBeDisabled();
  await expectNoAxeViolations(page);
  expect(await mailsTo(server, member.email), "no second code was sent").toBe(1);

  // A minute passes: the cooldown's record in rate_limits runs out.
  const aged = await server.offline(async (db) => {
    const result = await db.query(
      "UPDATE rate_limits SET last_request = last_request - 61000 WHERE key = $1",
      [`fb:otp-send:${member.email}`],
    );
    return result.affectedRows;
  });
  expect(aged, "the cooldown's rate_limits row").toBe(1);

  await page.reload();
  await waitForHydration(page);
  await expect(resend).toHaveText("Resend code");
  await expect(resend).toBeEnabled();
  await resend.click();
  await expect(page.getByText("A new code is on its way.")).toBeVisible();
  // A new cooldown starts with the new code.
  await expect(resend).toHaveText(/^Resend code in \d+s$/);
  await expect(resend).toBeDisabled();
  await expect.poll(() => mailsTo(server, member.email)).toBe(2);
  await expectNoAxeViolations(page);

  // The new code verifies the address.
  await typeCode(page, await codeIn(server.outbox, member.email));
  await page.waitForURL(VERIFIED_LANDING);
  await expect(
    page.getByText("Email verified successfully! Your account is pending approval."),
  ).toBeVisible();
});
