import { sql } from "drizzle-orm";
import { SESSION_REFUSED, type Auth } from "#server/auth";
import { hitLimit, windowRemaining } from "#server/auth/rate-limit";
import type { Database } from "#server/db/client";
import { profiles } from "#server/db/schema";
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
export type OtpResult =
  { ok: true; setCookie: string[]; next: string } | { ok: false; error: string; status: number };

/** Where a member verified by code and signed in goes: the spec's next step (docs/decisions/0256). */
export const VERIFIED_NEXT = {
  /** The profile to complete, with the spec's "Email verified successfully!…" notice. */
  completeProfile: "/edit-profile?firstTime=true&verified=1",
  pending: "/pending-approval",
  /** No session could be made (a blocked or locked account): /login says why. */
  signIn: "/login?verified=1",
} as const;

export function verifiedNextPath(profile: { profileCompleted: boolean; status: string }) {
  if (!profile.profileCompleted) return VERIFIED_NEXT.completeProfile;
  if (profile.status === "pending") return VERIFIED_NEXT.pending;
  return "/";
}

/**
 * Checks a code. Every wrong guess counts against the account, whatever the
 * address; while its codes are paused even the right one is refused
 * (code-guard.server.ts). The right code signs the member in (Better Auth's
 * autoSignInAfterVerification, server/auth/auth.ts): the answer carries the
 * session's cookie and the next step (docs/decisions/0256).
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
    const { headers } = await deps.auth.api.verifyEmailOTP({
      body: { email, otp: code },
      returnHeaders: true,
    });
    const [profile] = await deps.db
      .update(profiles)
      .set({ lastLoginAt: new Date() })
      .where(sql`lower(${profiles.email}) = ${email.toLowerCase()}`)
      .returning({ profileCompleted: profiles.profileCompleted, status: profiles.status });
    const setCookie = headers.getSetCookie();
    if (!profile || setCookie.length === 0)
      return { ok: true, setCookie: [], next: VERIFIED_NEXT.signIn };
    return { ok: true, setCookie, next: verifiedNextPath(profile) };
  } catch (error) {
    // The code was right, but the account may not have a session (blocked or locked).
    const refused = (error as { body?: { code?: unknown } } | null)?.body?.code;
    if (refused === SESSION_REFUSED.blocked || refused === SESSION_REFUSED.locked)
      return { ok: true, setCookie: [], next: VERIFIED_NEXT.signIn };
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
