import type { Auth } from "#server/auth";
import { hitLimit, windowRemaining } from "#server/auth/rate-limit";
import type { Database } from "#server/db/client";
import {
  CODE_LOCKED_MESSAGE,
  codesPaused,
  recordWrongCode,
  type CodeGuardDeps,
} from "./code-guard.server";

/** docs/product/accounts.md: 60 seconds between two codes, enforced here (not only in the browser). */
export const RESEND_COOLDOWN_MS = 60_000;
/** Beyond the cooldown: at most 10 code requests per IP address an hour. */
export const RESEND_PER_IP = { windowMs: 60 * 60 * 1000, max: 10 } as const;

export const OTP_MESSAGES = {
  expired: "This code has expired. Please request a new one.",
  invalid: "Invalid verification code. Please check and try again.",
  failed: "Verification failed. Please try again.",
  pasteInvalid: "Please paste a valid 6-digit code",
  resendWait: "Please wait a few minutes before requesting another code",
  resendFailed: "Failed to resend code",
  resent: "A new code is on its way.",
  verified: "Email verified successfully! Your account is pending approval.",
} as const;

export const otpSendKey = (email: string) => `otp-send:${email.toLowerCase()}`;

/** Starts the cooldown for a code just sent (sign-up sends the first one). */
export async function startResendCooldown(db: Database, email: string) {
  await hitLimit(db, otpSendKey(email), { windowMs: RESEND_COOLDOWN_MS, max: 1 });
}

export async function resendCooldownSeconds(db: Database, email: string): Promise<number> {
  return Math.ceil((await windowRemaining(db, otpSendKey(email), RESEND_COOLDOWN_MS)) / 1000);
}

/** docs/product/accounts.md#verification-code: the messages for a failed code. */
export function otpErrorMessage(raw: string): string {
  if (/expired/i.test(raw)) return OTP_MESSAGES.expired;
  if (/invalid/i.test(raw)) return OTP_MESSAGES.invalid;
  return raw || OTP_MESSAGES.failed;
}

type Deps = { db: Database; auth: Auth };
export type OtpResult = { ok: true } | { ok: false; error: string; status: number };

/**
 * Checks a code. Every wrong guess counts against the account, whatever the
 * address; while its codes are paused even the right one is refused
 * (code-guard.server.ts).
 */
export async function verifyCode(
  deps: Deps & CodeGuardDeps,
  email: string,
  code: string,
): Promise<OtpResult> {
  if (!/^\d{6}$/.test(code)) return { ok: false, error: OTP_MESSAGES.invalid, status: 400 };
  if (await codesPaused(deps.db, email))
    return { ok: false, error: CODE_LOCKED_MESSAGE, status: 429 };
  try {
    await deps.auth.api.verifyEmailOTP({ body: { email, otp: code } });
    return { ok: true };
  } catch (error) {
    const raw = error instanceof Error ? error.message : "";
    if (await recordWrongCode(deps, email))
      return { ok: false, error: CODE_LOCKED_MESSAGE, status: 429 };
    return { ok: false, error: otpErrorMessage(raw), status: 400 };
  }
}

export type ResendResult =
  | { ok: true; cooldownSeconds: number }
  | { ok: false; error: string; status: number; cooldownSeconds: number };

export async function resendCode(deps: Deps, email: string, ip: string): Promise<ResendResult> {
  if (await codesPaused(deps.db, email))
    return { ok: false, error: CODE_LOCKED_MESSAGE, status: 429, cooldownSeconds: 0 };
  const cooldown = await hitLimit(deps.db, otpSendKey(email), {
    windowMs: RESEND_COOLDOWN_MS,
    max: 1,
  });
  const cooldownSeconds = Math.ceil(cooldown.retryAfterMs / 1000);
  if (!cooldown.allowed)
    return { ok: false, error: OTP_MESSAGES.resendWait, status: 429, cooldownSeconds };
  const perIp = await hitLimit(deps.db, `otp-send-ip:${ip}`, RESEND_PER_IP);
  if (!perIp.allowed)
    return { ok: false, error: OTP_MESSAGES.resendWait, status: 429, cooldownSeconds };
  try {
    await deps.auth.api.sendVerificationOTP({ body: { email, type: "email-verification" } });
    return { ok: true, cooldownSeconds };
  } catch (error) {
    const raw = error instanceof Error ? error.message : "";
    const message = /rate|limit/i.test(raw)
      ? OTP_MESSAGES.resendWait
      : raw || OTP_MESSAGES.resendFailed;
    return { ok: false, error: message, status: 400, cooldownSeconds };
  }
}
