import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAuth, type Auth } from "#server/auth";
import { rateLimits, users, verifications } from "#server/db/schema";
import type { MailMessage, Mailer } from "#server/mail";
import { signUpAsha } from "#tests/support/sign-up";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import {
  OTP_MESSAGES,
  otpErrorMessage,
  otpSendKey,
  resendCode,
  resendCooldownSeconds,
  verifyCode,
} from "./verify-otp.server";

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const SITE = "http://localhost:3999";
const testDb = testDatabaseForThisFile();
let auth: Auth;
const sent: MailMessage[] = [];
const mailer: Mailer = {
  kind: "outbox",
  send: (m) => Promise.resolve(void sent.push(m)),
  close: async () => {},
};
const deps = () => ({ db: testDb.db, auth, mailer, siteName: "FounderBridge" });
const lastCode = () => sent.at(-1)!.text.match(/\b(\d{6})\b/)![1]!;
const EMAIL = "asha@example.com";

async function register() {
  const result = await signUpAsha(
    { db: testDb.db, auth, secret: SECRET },
    { email: EMAIL, site: SITE },
  );
  expect(result.ok).toBe(true);
}

/** Moves the resend cooldown's window into the past. */
async function endCooldown() {
  await testDb.db
    .update(rateLimits)
    .set({ lastRequest: Date.now() - 61_000 })
    .where(eq(rateLimits.key, `fb:${otpSendKey(EMAIL)}`));
}

beforeAll(() => {
  auth = createAuth({
    db: testDb.db,
    siteUrl: SITE,
    siteName: "FounderBridge",
    secret: SECRET,
    mailer,
  });
});
beforeEach(() => {
  sent.length = 0;
});

describe("verification code", () => {
  it("maps errors as docs/product/accounts.md#messages says", () => {
    expect(otpErrorMessage("OTP expired")).toBe(OTP_MESSAGES.expired);
    expect(otpErrorMessage("Invalid OTP")).toBe(OTP_MESSAGES.invalid);
    expect(otpErrorMessage("Too many attempts")).toBe("Too many attempts");
    expect(otpErrorMessage("")).toBe(OTP_MESSAGES.failed);
  });

  it("verifies the mailed code: e-mail confirmed, member still pending", async () => {
    await register();
    expect(await verifyCode(deps(), EMAIL, lastCode())).toEqual({ ok: true });
    const [user] = await testDb.db.select().from(users);
    expect(user!.emailVerified).toBe(true);
  });

  it("answers a wrong, malformed or expired code with the spec's message", async () => {
    await register();
    const code = lastCode();
    const wrong = code === "123456" ? "654321" : "123456";
    expect(await verifyCode(deps(), EMAIL, wrong)).toEqual({
      ok: false,
      error: OTP_MESSAGES.invalid,
      status: 400,
    });
    expect(await verifyCode(deps(), EMAIL, "12a")).toMatchObject({ error: OTP_MESSAGES.invalid });
    await testDb.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await verifyCode(deps(), EMAIL, code)).toMatchObject({ error: OTP_MESSAGES.expired });
  });

  it("refuses a resend within 60 seconds of the last code, on the server", async () => {
    await register();
    expect(await resendCooldownSeconds(testDb.db, EMAIL)).toBeGreaterThan(55);
    const early = await resendCode(deps(), EMAIL, "203.0.113.7");
    expect(early).toMatchObject({ ok: false, error: OTP_MESSAGES.resendWait, status: 429 });
    expect(sent).toHaveLength(1);
    await endCooldown();
    const later = await resendCode(deps(), EMAIL, "203.0.113.7");
    expect(later).toMatchObject({ ok: true });
    expect(sent).toHaveLength(2);
    // The new code works; a new cooldown has started.
    expect(await resendCooldownSeconds(testDb.db, EMAIL)).toBeGreaterThan(55);
    expect(await verifyCode(deps(), EMAIL, lastCode())).toEqual({ ok: true });
  });
});
