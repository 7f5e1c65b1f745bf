import type { Auth } from "#server/auth";
import type { Database } from "#server/db/client";
import { OTP_MESSAGES, resendCode } from "./verify-otp.server";

/** docs/product/accounts.md#verification-code, "Resend verification e-mail". */
export const RESEND_VERIFICATION_MESSAGES = {
  wait: "Please wait a few minutes before requesting another verification email",
  sent: "Verification email sent.",
} as const;

/**
 * Sends a new 6-digit code (the same 60-second cooldown and per-IP limit as
 * /verify-otp's Resend). Unknown e-mails get the same answer and no mail.
 */
export async function resendVerification(
  deps: { db: Database; auth: Auth },
  email: string,
  ip: string,
): Promise<{ ok: true } | { ok: false; error: string; status: number }> {
  const result = await resendCode(deps, email, ip);
  if (result.ok) return { ok: true };
  const error =
    result.error === OTP_MESSAGES.resendWait ? RESEND_VERIFICATION_MESSAGES.wait : result.error;
  return { ok: false, error, status: result.status };
}
