/**
 * docs/decisions/0051: a limit per account on the codes the site mails. Wrong
 * guesses at an account's verification code count against the account
 * whatever the address; at the limit its codes stop working for an hour (the
 * right code too, those already mailed are void, none is sent meanwhile) and
 * the owner is told by e-mail. The mail goes through the real mailer to a
 * real SMTP server on 127.0.0.1.
 */
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAuth, type Auth } from "#server/auth";
import { rateLimits, users } from "#server/db/schema";
import { createMailer, type Mailer } from "#server/mail";
import { signUpAsha } from "#tests/support/sign-up";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { CODE_GUESSES, CODE_LOCKED_MESSAGE } from "./code-guard.server";
import { isResetTokenValid, requestPasswordReset } from "./password-reset.server";
import { OTP_MESSAGES, otpSendKey, resendCode, verifyCode } from "./verify-otp.server";

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const SITE = "http://localhost:3999";
const EMAIL = "asha@example.com";
type Received = { to: string[]; subject: string; text: string };

const testDb = testDatabaseForThisFile();
let auth: Auth;
let mailer: Mailer;
let smtp: SMTPServer;
const received: Received[] = [];

/** Quoted-printable soft breaks and escapes undone: enough for these messages. */
const decode = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function waitForMail(count: number) {
  for (let i = 0; i < 100 && received.length < count; i++)
    await new Promise((r) => setTimeout(r, 20));
  expect(received).toHaveLength(count);
  return received.at(-1)!;
}

const codeIn = (mail: Received) => mail.subject.match(/\b(\d{6})$/)![1]!;
const deps = () => ({ db: testDb.db, auth, mailer, siteName: "FounderBridge" });

async function register() {
  const result = await signUpAsha(
    { db: testDb.db, auth, secret: SECRET },
    { email: EMAIL, site: SITE },
  );
  expect(result.ok).toBe(true);
  return codeIn(await waitForMail(1));
}

/** Moves every window of `key` (cooldowns, the pause) into the past. */
async function pass(key: string, ms: number) {
  await testDb.db
    .update(rateLimits)
    .set({ lastRequest: Date.now() - ms - 1000 })
    .where(eq(rateLimits.key, `fb:${key}`));
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = decode(Buffer.concat(chunks).toString("utf8"));
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: raw.match(/^Subject: (.*)$/m)?.[1]?.trim() ?? "",
          text: raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    from: "FounderBridge <no-reply@founderbridge.test>",
    dataDir: "/nonexistent",
    log: { info() {} },
  });
  auth = createAuth({
    db: testDb.db,
    siteUrl: SITE,
    siteName: "FounderBridge",
    secret: SECRET,
    mailer,
  });
});
afterAll(async () => {
  await mailer.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
});

describe("wrong codes, counted per account", () => {
  it(`after ${CODE_GUESSES.failures} wrong guesses the account's codes stop working and the owner is told`, async () => {
    const code = await register();
    // A reset link mailed before the guesses.
    expect(await requestPasswordReset(deps(), EMAIL, "198.51.100.1")).toEqual({ ok: true });
    const resetMail = await waitForMail(2);
    const token = resetMail.text.match(/reset-password\?token=([A-Za-z0-9_-]+)/)![1]!;
    expect(await isResetTokenValid(auth, token)).toBe(true);

    const wrong = code === "123456" ? "654321" : "123456";
    for (let i = 1; i < CODE_GUESSES.failures; i++) {
      const result = await verifyCode(deps(), EMAIL, wrong);
      expect({ guess: i, ok: result.ok }).toEqual({ guess: i, ok: false });
      expect(result).not.toMatchObject({ error: CODE_LOCKED_MESSAGE });
      // The attacker asks for a fresh code whenever the library voids one.
      if (i % 5 === 0) {
        await pass(otpSendKey(EMAIL), 60_000);
        expect(await resendCode(deps(), EMAIL, `203.0.113.${i}`)).toMatchObject({ ok: true });
      }
    }
    const mailsBefore = received.length;
    expect(await verifyCode(deps(), EMAIL, wrong)).toEqual({
      ok: false,
      error: CODE_LOCKED_MESSAGE,
      status: 429,
    });

    // The owner is told, once, over SMTP.
    const notice = await waitForMail(mailsBefore + 1);
    expect(notice.to).toEqual([EMAIL]);
    expect(notice.subject).toBe("Codes for your FounderBridge account are paused");
    expect(notice.text).toContain(`Someone entered ${CODE_GUESSES.failures} wrong codes`);

    // Paused: the right code of the last mail fails, no new code or link is sent,
    // the reset link mailed before no longer works.
    const lastCode = codeIn(received.filter((m) => /verification code/.test(m.subject)).at(-1)!);
    expect(await verifyCode(deps(), EMAIL, lastCode)).toMatchObject({
      error: CODE_LOCKED_MESSAGE,
    });
    await pass(otpSendKey(EMAIL), 60_000);
    expect(await resendCode(deps(), EMAIL, "192.0.2.1")).toMatchObject({
      ok: false,
      error: CODE_LOCKED_MESSAGE,
    });
    expect(await requestPasswordReset(deps(), EMAIL, "192.0.2.2")).toEqual({ ok: true });
    expect(await isResetTokenValid(auth, token)).toBe(false);
    await new Promise((r) => setTimeout(r, 200));
    expect(received).toHaveLength(mailsBefore + 1);
    const [user] = await testDb.db.select().from(users);
    expect(user!.emailVerified).toBe(false);

    // After the pause the codes mailed before it stay void; a new one works.
    await pass(`code-lock:${EMAIL}`, CODE_GUESSES.lockMs);
    await pass(`code-fail:${EMAIL}`, CODE_GUESSES.windowMs);
    expect(await verifyCode(deps(), EMAIL, lastCode)).toMatchObject({
      error: OTP_MESSAGES.invalid,
    });
    expect(await resendCode(deps(), EMAIL, "192.0.2.3")).toMatchObject({ ok: true });
    const fresh = codeIn(await waitForMail(mailsBefore + 2));
    // The right code signs the member in (docs/decisions/0256).
    // (The session and the next page it gives are verify-otp.integration.test.ts's.)
    expect(await verifyCode(deps(), EMAIL, fresh)).toMatchObject({ ok: true });
  });

  it("counts wrong guesses at an unknown address the same way, and mails nobody", async () => {
    for (let i = 0; i < CODE_GUESSES.failures; i++)
      await verifyCode(deps(), "nobody@example.com", "123456");
    expect(await verifyCode(deps(), "nobody@example.com", "123456")).toMatchObject({
      error: CODE_LOCKED_MESSAGE,
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(received).toEqual([]);
  });
});
