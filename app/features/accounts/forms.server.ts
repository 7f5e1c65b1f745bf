/**
 * The accounts forms and query strings as zod schemas, for readForm and
 * readQuery (docs/decisions/0098). Each form has two: `…Fields`, the form as
 * typed (it never fails; a missing or file field reads as ""), which gives
 * the values back after an error; and `…Form`, those fields checked by docs/product/accounts.md#messages's rules, in the spec's order, with its messages word for word. The rules
 * that compare fields stay in rules.ts (the browser runs them too); the
 * schemas call them, so each rule is written once.
 */
import { z } from "zod";
import { allOf, formText } from "~/lib/read-input.server";
import { loginErrorMessage } from "./linkedin.server";
import { LOGIN_MESSAGES, safeRedirect } from "./login.server";
import { LIMITS, MESSAGES, newPasswordProblem, SIGNUP_TRAP, signupProblem } from "./rules";
import { OTP_MESSAGES } from "./verify-otp.server";

const trimmed = formText.transform((v) => v.trim());
const lowered = formText.transform((v) => v.trim().toLowerCase());

/* Sign-up (docs/product/accounts.md#sign-up) */

export const signupFields = z
  .object({
    fullName: trimmed,
    username: lowered,
    email: lowered,
    password: formText,
    confirmPassword: formText,
    terms: formText.transform((v) => v === "on" || v === "true"),
    /** The trap field people never fill. */
    website: formText,
    /** The signed time token the form was given. */
    startedAt: formText,
  })
  .transform(({ website, startedAt, ...fields }) => ({
    ...fields,
    trap: website,
    timeToken: startedAt,
  }));

/**
 * The sign-up form, checked as docs/product/accounts.md#sign-up orders it. `elapsedMs` reads the time
 * token (signup.server.ts's elapsedSince, with the site's secret). A filled
 * trap passes here: it is no mistake to tell anyone about, and signUp stops
 * there without a word.
 */
export function signupForm(elapsedMs: (timeToken: string) => number) {
  return signupFields.superRefine((input, ctx) => {
    const problem = signupProblem(input, elapsedMs(input.timeToken));
    if (problem && problem !== SIGNUP_TRAP) ctx.addIssue({ code: "custom", message: problem });
  });
}

/* Log-in (docs/product/accounts.md) */

export const loginFields = z.object({
  email: formText.transform((v) => v.trim().toLowerCase().slice(0, LIMITS.email)),
  password: formText.transform((v) => v.slice(0, 256)),
  redirectTo: formText,
});

export const loginForm = loginFields
  .refine((f) => f.email !== "", { message: LOGIN_MESSAGES.invalid, path: ["email"], abort: true })
  .refine((f) => f.password !== "", { message: LOGIN_MESSAGES.invalid, path: ["password"] });

/** /login's address: where to go after, and the notice or the LinkedIn error to show. */
export const loginQuery = z
  .object({
    redirectTo: formText,
    reset: formText,
    signup: formText,
    verified: formText,
    error: formText,
  })
  .transform((q) => {
    const error = loginErrorMessage(q.error || null);
    const notice =
      q.reset === "success"
        ? LOGIN_MESSAGES.resetSuccess
        : q.signup === "success"
          ? LOGIN_MESSAGES.signupSuccess
          : q.verified === "1"
            ? LOGIN_MESSAGES.verified
            : null;
    return { redirectTo: safeRedirect(q.redirectTo), error, notice: error ? null : notice };
  });

/* One e-mail address: forgot password and resend verification (docs/product/accounts.md#password-reset) */

export const emailFields = z.object({
  email: formText.transform((v) => v.slice(0, LIMITS.email + 50)),
});

/** An e-mail address, trimmed and in lower case. */
export const emailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .max(LIMITS.email, MESSAGES.emailInvalid)
  .pipe(z.email(MESSAGES.emailInvalid));

export const emailForm = z.object({ email: emailFields.shape.email.pipe(emailAddress) });

/* Reset password (docs/product/accounts.md#password-reset) */

/** The reset link's token, as Better Auth makes it. */
export const RESET_TOKEN = /^[A-Za-z0-9_-]{10,200}$/;
export const INVALID_RESET_LINK = "Invalid reset link";

export const resetFields = z.object({
  token: formText.transform((v) => v.slice(0, 300)),
  password: formText.transform((v) => v.slice(0, LIMITS.password + 1)),
  confirmPassword: formText.transform((v) => v.slice(0, LIMITS.password + 1)),
});

/** docs/product/accounts.md#password-reset's reset rules in order: the token, 6 characters, matching entries. */
export const resetForm = resetFields
  .refine((f) => RESET_TOKEN.test(f.token), {
    message: INVALID_RESET_LINK,
    path: ["token"],
    abort: true,
  })
  .superRefine((f, ctx) => {
    const problem = newPasswordProblem(f.password, f.confirmPassword);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["password"] });
  });

/** /reset-password's address: a token of the right shape, or the invalid-link page. */
export const resetQuery = z.object({
  token: formText.pipe(z.string().regex(RESET_TOKEN, INVALID_RESET_LINK)),
});

/* The 6-digit code (docs/product/accounts.md#verification-code) */

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The address the code was sent to; a page without one goes back to /signup. */
export const otpEmail = formText
  .pipe(
    z
      .string()
      .max(LIMITS.email, MESSAGES.emailInvalid)
      .refine((v) => EMAIL_SHAPE.test(v.trim()), MESSAGES.emailInvalid),
  )
  .transform((v) => v.trim().toLowerCase());

export const otpQuery = z.object({ email: otpEmail });

const digits = z.preprocess(
  allOf,
  z
    .array(z.unknown())
    .transform((all) => all.map((d) => (typeof d === "string" ? d.trim() : "")).join("")),
);

/** Verify (the six boxes, named "digit") or ask for a new code (intent=resend). */
export const otpForm = z
  .object({
    email: otpEmail,
    intent: formText.transform((v) => (v === "resend" ? ("resend" as const) : ("verify" as const))),
    digit: digits,
  })
  .transform(({ digit, ...fields }) => ({ ...fields, code: digit }))
  .refine((f) => f.intent === "resend" || /^\d{6}$/.test(f.code), {
    message: OTP_MESSAGES.invalid,
    path: ["digit"],
  });

/**
 * The message for a refused read: the schema's first, or, for a body that
 * could not be read at all, the one an empty form gets (as such a body always
 * has here: it reads as a form with nothing in it).
 */
export function refusal(read: { message: string | null }, schema: z.ZodType): string {
  return (
    read.message ?? schema.safeParse({}).error?.issues[0]?.message ?? MESSAGES.registrationInvalid
  );
}

/**
 * The action helper's words (definePublicAction's `messages`) for an account
 * form it refuses: as `refusal` says them, the schema's first message, or an
 * empty form's for a body it could not read (too large, not a form).
 */
export function refusalMessages(schema: z.ZodType) {
  const empty = refusal({ message: null }, schema);
  return { schemaMessage: true, invalid: empty, tooLarge: empty };
}
