import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import { z } from "zod";
import { formText } from "~/lib/read-input.server";
import type { Auth } from "#server/auth";
import { hitLimit } from "#server/auth/rate-limit";
import { TOTP_CODE_USED } from "#server/auth/totp-once";
import type { Database } from "#server/db/client";
import { profiles } from "#server/db/schema";

/**
 * The second factor (docs/decisions/0138): Better Auth's
 * twoFactor plugin, called server-side. A password sign-in of a member who
 * uses it answers with a short-lived two-factor cookie instead of a session;
 * the code (or a recovery code) with that cookie makes the session.
 */
export const TWO_FACTOR_MESSAGES = {
  wrongCode: "That code is not right. Check your authenticator app and try again.",
  wrongRecoveryCode: "That recovery code is not right or has already been used.",
  usedCode:
    "That code has already been used. Wait for the next code in your authenticator app and enter it.",
  expired: "Your sign-in has expired. Please sign in again.",
  tooMany: "Too many codes tried. Please wait a few minutes and try again.",
  wrongPassword: "Incorrect password",
  enabled: "Two-factor authentication is on.",
  disabled: "Two-factor authentication is off.",
} as const;

const CODE_REQUIRED = "Enter the code.";

/** /login/two-factor's form: a 6-digit code from the app, or a recovery code. */
export const signInCodeForm = z.object({
  method: z.enum(["totp", "recovery"]).catch("totp"),
  code: formText.transform((v) => v.trim().slice(0, 64)).refine((v) => v !== "", CODE_REQUIRED),
  redirectTo: formText,
});

/** /settings/two-factor's forms, by intent. */
export const settingsForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("start"),
    password: formText
      .transform((v) => v.slice(0, 256))
      .refine((v) => v !== "", "Enter your password."),
  }),
  z.object({
    intent: z.literal("confirm"),
    code: formText.transform((v) => v.trim().slice(0, 64)).refine((v) => v !== "", CODE_REQUIRED),
    totpURI: formText,
    recoveryCodes: formText.transform((v) => v.split(/\s+/).filter(Boolean)),
    /** The page to go on to once codes are on; checked by twoFactorReturnPath (docs/decisions/0258). */
    redirectTo: formText.transform((v) => v.slice(0, 2048)),
  }),
  z.object({
    intent: z.literal("disable"),
    password: formText
      .transform((v) => v.slice(0, 256))
      .refine((v) => v !== "", "Enter your password."),
    code: formText.transform((v) => v.trim().slice(0, 64)).refine((v) => v !== "", CODE_REQUIRED),
  }),
]);

/** Codes tried per IP address, whatever the account: 10 in 15 minutes. */
export const TWO_FACTOR_PER_IP = { windowMs: 15 * 60 * 1000, max: 10 } as const;

export type CodeMethod = "totp" | "recovery";
export type CodeResult =
  | { ok: true; setCookie: string[]; profileCompleted?: boolean }
  | { ok: false; error: string; status: number };

const libraryCode = (error: unknown) => (error as { body?: { code?: unknown } } | null)?.body?.code;

function codeRefusal(error: unknown, method: CodeMethod): { error: string; status: number } {
  const code = libraryCode(error);
  if (code === "INVALID_TWO_FACTOR_COOKIE" || code === "TOTP_NOT_ENABLED")
    return { error: TWO_FACTOR_MESSAGES.expired, status: 401 };
  if (code === "ACCOUNT_TEMPORARILY_LOCKED" || code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE")
    return { error: TWO_FACTOR_MESSAGES.tooMany, status: 429 };
  // Each authenticator code is taken once (server/auth/totp-once.ts).
  if (code === TOTP_CODE_USED) return { error: TWO_FACTOR_MESSAGES.usedCode, status: 400 };
  return {
    error:
      method === "totp" ? TWO_FACTOR_MESSAGES.wrongCode : TWO_FACTOR_MESSAGES.wrongRecoveryCode,
    status: 400,
  };
}

/** Completes a sign-in paused for the second factor: the request carries the two-factor cookie. */
export async function verifySignInCode(
  deps: { db: Database; auth: Auth },
  input: { code: string; method: CodeMethod },
  context: { ip: string; headers: Headers },
): Promise<CodeResult> {
  const limit = await hitLimit(deps.db, `2fa-ip:${context.ip}`, TWO_FACTOR_PER_IP);
  if (!limit.allowed) return { ok: false, error: TWO_FACTOR_MESSAGES.tooMany, status: 429 };
  const code = input.code.replace(/\s+/g, "");
  try {
    const { headers, response } =
      input.method === "totp"
        ? await deps.auth.api.verifyTOTP({
            body: { code },
            headers: context.headers,
            returnHeaders: true,
          })
        : await deps.auth.api.verifyBackupCode({
            body: { code },
            headers: context.headers,
            returnHeaders: true,
          });
    const userId = (response as { user?: { id?: string } }).user?.id ?? "";
    const [profile] = await deps.db
      .update(profiles)
      .set({ lastLoginAt: new Date(), lockedUntil: null })
      .where(eq(profiles.id, userId))
      .returning({ profileCompleted: profiles.profileCompleted });
    return {
      ok: true,
      setCookie: headers.getSetCookie(),
      profileCompleted: profile?.profileCompleted ?? false,
    };
  } catch (error) {
    return { ok: false, ...codeRefusal(error, input.method) };
  }
}

export type Enrolment = {
  /** The otpauth:// address the QR code shows; posted back with the confirm form to show it again. */
  totpURI: string;
  secret: string;
  qrCodeSvg: string;
  recoveryCodes: string[];
};

const TOTP_URI = /^otpauth:\/\/totp\/[^\s]{1,500}$/;
const RECOVERY_CODE = /^[A-Za-z0-9-]{1,40}$/;

/**
 * What the enable page shows: the QR code (an SVG made here, no third party),
 * the secret as text and the recovery codes. The confirm form posts the
 * address and codes back only to show them again after a wrong code; the code
 * is checked against the stored secret, never against these.
 */
export async function enrolmentView(
  totpURI: string,
  recoveryCodes: string[],
): Promise<Enrolment | null> {
  if (!TOTP_URI.test(totpURI) || !recoveryCodes.every((code) => RECOVERY_CODE.test(code)))
    return null;
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  const qrCodeSvg = await QRCode.toString(totpURI, { type: "svg", margin: 1 });
  return { totpURI, secret, qrCodeSvg, recoveryCodes: recoveryCodes.slice(0, 20) };
}

/**
 * First step of turning it on: the password confirms it is the member; the
 * library stores an unconfirmed secret and answers with its otpauth:// address
 * (shown as a QR code and as text) and the recovery codes (shown only now).
 */
export async function startEnrolment(
  auth: Auth,
  password: string,
  headers: Headers,
): Promise<{ ok: true; enrolment: Enrolment } | { ok: false; error: string; status: number }> {
  try {
    const result = await auth.api.enableTwoFactor({ body: { password }, headers });
    if (!("totpURI" in result) || !result.totpURI || !result.backupCodes)
      throw new Error("The library answered without an authenticator address.");
    const enrolment = await enrolmentView(result.totpURI, result.backupCodes);
    if (!enrolment)
      throw new Error("The library answered with an unexpected authenticator address.");
    return { ok: true, enrolment };
  } catch (error) {
    const code = libraryCode(error);
    if (code === "INVALID_PASSWORD")
      return { ok: false, error: TWO_FACTOR_MESSAGES.wrongPassword, status: 400 };
    if (code === "TOTP_ALREADY_ENABLED")
      return { ok: false, error: TWO_FACTOR_MESSAGES.enabled, status: 409 };
    throw error;
  }
}

const memberLimit = (db: Database, userId: string) =>
  hitLimit(db, `2fa-user:${userId}`, TWO_FACTOR_PER_IP);

/** Second step: a code from the app confirms the secret; the session is renewed. */
export async function confirmEnrolment(
  deps: { db: Database; auth: Auth },
  userId: string,
  code: string,
  context: { ip: string; headers: Headers },
): Promise<CodeResult> {
  const limit = await memberLimit(deps.db, userId);
  if (!limit.allowed) return { ok: false, error: TWO_FACTOR_MESSAGES.tooMany, status: 429 };
  return checkMemberCode(deps.auth, code, context.headers);
}

/** The signed-in member's authenticator code, through the library (taken once). */
async function checkMemberCode(auth: Auth, code: string, headers: Headers): Promise<CodeResult> {
  try {
    const answer = await auth.api.verifyTOTP({
      body: { code: code.replace(/\s+/g, "") },
      headers,
      returnHeaders: true,
    });
    return { ok: true, setCookie: answer.headers.getSetCookie() };
  } catch (error) {
    return { ok: false, ...codeRefusal(error, "totp") };
  }
}

/**
 * Turning it off takes the password and a current code. The password is
 * checked first: a code is taken once, so a mistyped password must not spend it.
 */
export async function disableTwoFactor(
  deps: { db: Database; auth: Auth },
  userId: string,
  input: { password: string; code: string },
  context: { ip: string; headers: Headers },
): Promise<CodeResult & { field?: "password" | "code" }> {
  const limit = await memberLimit(deps.db, userId);
  if (!limit.allowed)
    return { ok: false, error: TWO_FACTOR_MESSAGES.tooMany, status: 429, field: "code" };
  const wrongPassword = {
    ok: false,
    error: TWO_FACTOR_MESSAGES.wrongPassword,
    status: 400,
    field: "password",
  } as const;
  try {
    await deps.auth.api.verifyPassword({
      body: { password: input.password },
      headers: context.headers,
    });
  } catch (error) {
    if (libraryCode(error) === "INVALID_PASSWORD") return wrongPassword;
    throw error;
  }
  const confirmed = await checkMemberCode(deps.auth, input.code, context.headers);
  if (!confirmed.ok) return { ...confirmed, field: "code" };
  try {
    const { headers } = await deps.auth.api.disableTwoFactor({
      body: { password: input.password },
      headers: context.headers,
      returnHeaders: true,
    });
    return { ok: true, setCookie: headers.getSetCookie() };
  } catch (error) {
    if (libraryCode(error) === "INVALID_PASSWORD") return wrongPassword;
    throw error;
  }
}

/** Whether the member uses a second factor. */
export async function twoFactorEnabled(auth: Auth, headers: Headers): Promise<boolean> {
  const session = await auth.api.getSession({ headers });
  return Boolean((session?.user as { twoFactorEnabled?: boolean } | undefined)?.twoFactorEnabled);
}
