import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAuth, type Auth } from "#server/auth";
import { profiles, rateLimits, sessions, users, verifications } from "#server/db/schema";
import type { MailMessage, Mailer } from "#server/mail";
import { signUpAsha } from "#tests/support/sign-up";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import {
  OTP_MESSAGES,
  otpErrorMessage,
  otpSendKey,
  resendCode,
  resendCooldownSeconds,
  verifiedNextPath,
  verifyCode,
  VERIFIED_NEXT,
} from "./verify-otp.server";
import { getSessionUser } from "./session.server";

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
    expect(await verifyCode(deps(), EMAIL, lastCode())).toMatchObject({ ok: true });
    const [user] = await testDb.db.select().from(users);
    expect(user!.emailVerified).toBe(true);
    const [profile] = await testDb.db.select().from(profiles);
    expect(profile!.status).toBe("pending");
  });

  it("signs the member in with the right code, on to complete the profile (docs/decisions/0256)", async () => {
    await register();
    const result = await verifyCode(deps(), EMAIL, lastCode());
    if (!result.ok) throw new Error(result.error);
    expect(result.next).toBe(VERIFIED_NEXT.completeProfile);
    expect(result.next).toBe("/edit-profile?firstTime=true&verified=1");
    const cookie = result.setCookie.find((c) => /session_token=/.test(c))!.split(";")[0]!;
    const request = new Request(`${SITE}/`, { headers: { cookie } });
    expect(await getSessionUser(request, { auth, db: testDb.db })).toMatchObject({
      email: EMAIL,
      status: "pending",
    });
    expect(await testDb.db.select().from(sessions)).toHaveLength(1);
  });

  it("makes no session with a wrong code", async () => {
    await register();
    const wrong = lastCode() === "123456" ? "654321" : "123456";
    expect(await verifyCode(deps(), EMAIL, wrong)).toMatchObject({ ok: false });
    expect(await testDb.db.select().from(sessions)).toHaveLength(0);
  });

  it("verifies a blocked member's address but makes no session: /login tells them", async () => {
    await register();
    await testDb.db.update(profiles).set({ status: "blocked" });
    expect(await verifyCode(deps(), EMAIL, lastCode())).toEqual({
      ok: true,
      setCookie: [],
      next: VERIFIED_NEXT.signIn,
    });
    expect(await testDb.db.select().from(sessions)).toHaveLength(0);
  });

  it("chooses the next step from the profile", () => {
    expect(verifiedNextPath({ profileCompleted: false, status: "pending" })).toBe(
      VERIFIED_NEXT.completeProfile,
    );
    expect(verifiedNextPath({ profileCompleted: true, status: "pending" })).toBe(
      "/pending-approval",
    );
    expect(verifiedNextPath({ profileCompleted: true, status: "approved" })).toBe("/");
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
    expect(await verifyCode(deps(), EMAIL, lastCode())).toMatchObject({ ok: true });
  });
});
