import { and, count, eq, gt, sql } from "drizzle-orm";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Auth } from "#server/auth";
import type { Database } from "#server/db/client";
import { profiles, signupAttempts, SITE_SETTINGS_ID, siteSettings } from "#server/db/schema";
import { MESSAGES, SIGNUP_TRAP, signupProblem, type SignupFields } from "./rules";
import { startResendCooldown } from "./verify-otp.server";
import { signupFields } from "./forms.server";
import { fieldsOf } from "~/lib/read-input.server";

/**
 * Sign-up rate limits (docs/product/accounts.md#sign-up check_signup_rate_limit / record_signup_attempt),
 * counted in signup_attempts so every server instance shares them:
 * at most 10 attempts per IP address and 5 per e-mail address in one hour.
 */
export const SIGNUP_LIMITS = {
  windowMs: 60 * 60 * 1000,
  perIp: 10,
  perEmail: 5,
} as const;

/** A form-issued time token, `issuedAt.signature`, so the 3-second rule cannot be faked. */
export function issueTimeToken(secret: string, now = Date.now()): string {
  return `${now}.${sign(secret, String(now))}`;
}

function sign(secret: string, value: string) {
  return createHmac("sha256", secret).update(`signup-time:${value}`).digest("base64url");
}

/** Milliseconds since the token was issued; -1 when it is missing, forged or older than a day. */
export function elapsedSince(secret: string, token: string, now = Date.now()): number {
  const [issued, signature] = token.split(".");
  if (!issued || !signature || !/^\d{1,15}$/.test(issued)) return -1;
  const expected = Buffer.from(sign(secret, issued));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return -1;
  const elapsed = now - Number(issued);
  return elapsed >= 0 && elapsed < 24 * 60 * 60 * 1000 ? elapsed : -1;
}

/**
 * The real number of profiles plus the offset an admin set in Site Settings (default 0), in
 * place of the spec's fixed 1000 (docs/decisions/0255); the offset alone when the count is
 * unavailable.
 */
export async function memberCount(db: Database): Promise<number> {
  const offset = await db
    .select({ offset: siteSettings.memberCountOffset })
    .from(siteSettings)
    .where(eq(siteSettings.id, SITE_SETTINGS_ID))
    .limit(1)
    .then(([row]) => row?.offset ?? 0)
    .catch(() => 0);
  try {
    const [row] = await db.select({ n: count() }).from(profiles);
    return Number(row?.n ?? 0) + offset;
  } catch {
    return offset;
  }
}

export async function checkSignupRateLimit(
  db: Database,
  ip: string,
  email: string,
  now = new Date(),
): Promise<{ allowed: boolean; reason?: string }> {
  const since = new Date(now.getTime() - SIGNUP_LIMITS.windowMs);
  const [byIp] = await db
    .select({ n: count() })
    .from(signupAttempts)
    .where(and(eq(signupAttempts.ipAddress, ip), gt(signupAttempts.createdAt, since)));
  if (Number(byIp?.n ?? 0) >= SIGNUP_LIMITS.perIp)
    return { allowed: false, reason: MESSAGES.tooManySignups };
  const [byEmail] = await db
    .select({ n: count() })
    .from(signupAttempts)
    .where(and(eq(signupAttempts.email, email), gt(signupAttempts.createdAt, since)));
  if (Number(byEmail?.n ?? 0) >= SIGNUP_LIMITS.perEmail)
    return { allowed: false, reason: MESSAGES.tooManySignups };
  return { allowed: true };
}

export async function recordSignupAttempt(
  db: Database,
  ip: string,
  email: string,
  succeeded: boolean,
) {
  await db.insert(signupAttempts).values({ ipAddress: ip, email, succeeded });
}

export type SignupInput = SignupFields & { timeToken: string };
export type SignupResult =
  { ok: true; email: string } | { ok: false; silent?: true; error?: string; status: number };

/** Reads the form as typed (forms.server.ts); anything missing or of the wrong type becomes empty. */
export function readSignupForm(form: FormData): SignupInput {
  return signupFields.parse(fieldsOf(form.entries()));
}

/** Password messages the auth library may give, passed through as they are (docs/product/accounts.md#messages). */
function isPasswordMessage(message: string) {
  return /password/i.test(message);
}

/** Every check of docs/product/accounts.md#sign-up, then the server's, then registration. */
export async function signUp(
  deps: { db: Database; auth: Auth; secret: string },
  input: SignupInput,
  context: { ip: string; headers: Headers },
): Promise<SignupResult> {
  const problem = signupProblem(input, elapsedSince(deps.secret, input.timeToken));
  if (problem === SIGNUP_TRAP) return { ok: false, silent: true, status: 200 };
  if (problem) return { ok: false, error: problem, status: 400 };

  const limit = await checkSignupRateLimit(deps.db, context.ip, input.email);
  if (!limit.allowed)
    return { ok: false, error: limit.reason ?? MESSAGES.tooManySignups, status: 429 };

  const record = (succeeded: boolean) =>
    recordSignupAttempt(deps.db, context.ip, input.email, succeeded);

  const [emailTaken] = await deps.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`lower(${profiles.email}) = ${input.email}`)
    .limit(1);
  if (emailTaken) {
    await record(false);
    return { ok: false, error: MESSAGES.emailTaken, status: 409 };
  }
  const [usernameTaken] = await deps.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`lower(${profiles.username}) = ${input.username}`)
    .limit(1);
  if (usernameTaken) {
    await record(false);
    return { ok: false, error: MESSAGES.usernameTaken, status: 409 };
  }

  try {
    await deps.auth.api.signUpEmail({
      body: {
        name: input.fullName,
        email: input.email,
        password: input.password,
        username: input.username,
      },
      headers: context.headers,
    });
  } catch (error) {
    await record(false);
    const message = error instanceof Error ? error.message : "";
    const status = Number((error as { statusCode?: number }).statusCode ?? 500);
    if (/already exists|email already/i.test(message))
      return { ok: false, error: MESSAGES.emailTaken, status: 409 };
    if (/username is already taken/i.test(message))
      return { ok: false, error: MESSAGES.usernameTaken, status: 409 };
    if (isPasswordMessage(message)) return { ok: false, error: message, status: 400 };
    if (status >= 400 && status < 500)
      return { ok: false, error: MESSAGES.registrationInvalid, status: 400 };
    return { ok: false, error: MESSAGES.registrationFailed, status: 503 };
  }
  await record(true);
  await startResendCooldown(deps.db, input.email);
  return { ok: true, email: input.email };
}
