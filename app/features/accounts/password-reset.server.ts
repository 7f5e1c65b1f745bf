import type { Auth } from "#server/auth";
import { hitLimit } from "#server/auth/rate-limit";
import type { Database } from "#server/db/client";
import { codesPaused } from "./code-guard.server";
import { emailFields, emailForm, INVALID_RESET_LINK, RESET_TOKEN, resetForm } from "./forms.server";
import { MESSAGES, RESET_PASSWORD_SHORT } from "./rules";
import { fieldsOf } from "~/lib/read-input.server";

/**
 * Password reset (docs/product/accounts.md#password-reset). Better Auth keeps the
 * single-use token (one hour), mails the link (server/auth/auth.ts) and ends
 * every session of the member on success.
 */
export const RESET_MESSAGES = {
  /** docs/product/accounts.md: the neutral confirmation, whether or not the account exists. */
  sent: "If an account exists with that email, you will receive a password reset link shortly.",
  requestFailed: "Failed to request password reset",
  resetFailed: "Failed to reset password",
  invalidLink: INVALID_RESET_LINK,
  passwordShort: RESET_PASSWORD_SHORT,
  passwordsDiffer: MESSAGES.passwordsDiffer,
  emailInvalid: MESSAGES.emailInvalid,
  tooManyRequests: "Too many password reset requests. Please try again later.",
  tooManyResets: "Too many attempts. Please try again later.",
} as const;

/** Forgot-password requests: 5 per IP address and 3 per e-mail address an hour. */
export const FORGOT_LIMITS = {
  perIp: { windowMs: 60 * 60 * 1000, max: 5 },
  perEmail: { windowMs: 60 * 60 * 1000, max: 3 },
} as const;
/** Reset submissions: 10 per IP address in 15 minutes. */
export const RESET_PER_IP = { windowMs: 15 * 60 * 1000, max: 10 } as const;

type Deps = { db: Database; auth: Auth };
export type Failure = { ok: false; error: string; status: number };

/** The e-mail as typed (to keep in the form) and the parsed one, or the message (forms.server.ts). */
export function readEmailForm(form: FormData) {
  const fields = fieldsOf(form.entries());
  const typed = emailFields.parse(fields).email;
  const parsed = emailForm.safeParse(fields);
  return parsed.success
    ? ({ ok: true, typed, email: parsed.data.email } as const)
    : ({ ok: false, typed, error: parsed.error.issues[0]!.message, status: 400 } as const);
}

export async function requestPasswordReset(
  deps: Deps,
  email: string,
  ip: string,
): Promise<{ ok: true } | Failure> {
  const byIp = await hitLimit(deps.db, `forgot-ip:${ip}`, FORGOT_LIMITS.perIp);
  const byEmail = await hitLimit(deps.db, `forgot-email:${email}`, FORGOT_LIMITS.perEmail);
  if (!byIp.allowed || !byEmail.allowed)
    return { ok: false, error: RESET_MESSAGES.tooManyRequests, status: 429 };
  // While wrong codes have paused the account's codes, no link is sent (the same answer).
  if (await codesPaused(deps.db, email)) return { ok: true };
  try {
    // Unknown e-mails get the same answer (no account enumeration).
    await deps.auth.api.requestPasswordReset({ body: { email } });
    return { ok: true };
  } catch {
    return { ok: false, error: RESET_MESSAGES.requestFailed, status: 503 };
  }
}

/** A token that can still reset a password (exists, unexpired, unused). */
export async function isResetTokenValid(auth: Auth, token: string | null): Promise<boolean> {
  if (!token || !RESET_TOKEN.test(token)) return false;
  const context = await auth.$context;
  const found = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(found && found.expiresAt > new Date());
}

export type ResetInput = { token: string; password: string; confirmPassword: string };

/** docs/product/accounts.md#password-reset's reset rules in order (token, 6 characters, matching entries); the first problem or null. */
export function resetProblem(input: ResetInput): string | null {
  const parsed = resetForm.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]!.message;
}

export async function resetPassword(
  deps: Deps,
  input: ResetInput,
  ip: string,
): Promise<{ ok: true } | Failure> {
  const problem = resetProblem(input);
  if (problem) return { ok: false, error: problem, status: 400 };
  const limit = await hitLimit(deps.db, `reset-ip:${ip}`, RESET_PER_IP);
  if (!limit.allowed) return { ok: false, error: RESET_MESSAGES.tooManyResets, status: 429 };
  try {
    await deps.auth.api.resetPassword({
      body: { token: input.token, newPassword: input.password },
    });
    return { ok: true };
  } catch (error) {
    const raw = error instanceof Error ? error.message : "";
    if (/token/i.test(raw)) return { ok: false, error: RESET_MESSAGES.invalidLink, status: 400 };
    return { ok: false, error: RESET_MESSAGES.resetFailed, status: 400 };
  }
}
