import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import { SESSION_REFUSED, type Auth } from "#server/auth";
import { hitLimit } from "#server/auth/rate-limit";
import { revokeAllSessions } from "#server/auth/sessions";
import { isSitePath } from "#server/http/site-path";
import type { Database } from "#server/db/client";
import { loginAttempts, profiles } from "#server/db/schema";

export const LOGIN_MESSAGES = {
  invalid: "Invalid email or password",
  unverified:
    "Please verify your email address before logging in. Check your inbox for the verification link.",
  blocked: "Account access denied",
  locked: "Account temporarily unavailable",
  tooMany: "Too many login attempts. Please try again later.",
  resetSuccess: "Password reset successfully! You can now log in with your new password.",
  signupSuccess: "Account created successfully! You can now log in.",
  verified: "Email verified successfully! Your account is pending approval.",
} as const;

/** docs/product/accounts.md: every answer takes at least this long (unknown e-mails as long as wrong passwords). */
export const LOGIN_MIN_MS = 300;
/** docs/milestones.md#issue-3-accounts: 5 failures on an account within 15 minutes lock it for 15 minutes. */
export const LOCKOUT = { failures: 5, windowMs: 15 * 60 * 1000, lockMs: 15 * 60 * 1000 } as const;
/** Per IP address, whatever the account: 30 attempts in 15 minutes. */
export const LOGIN_PER_IP = { windowMs: 15 * 60 * 1000, max: 30 } as const;

export type LoginInput = { email: string; password: string };
export type LoginContext = { ip: string; userAgent: string; headers: Headers };
export type LoginResult =
  | { ok: true; setCookie: string[]; profileCompleted: boolean; twoFactor: boolean }
  | { ok: false; error: string; status: number };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Only paths of this site (server/http/site-path.ts: no "//", "\\", whitespace or controls). */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (!isSitePath(to)) return fallback;
  if (/^\/(login|signup|logout)\b/.test(to)) return fallback;
  return to;
}

async function recentFailures(db: Database, userId: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - LOCKOUT.windowMs);
  const [lastSuccess] = await db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.userId, userId), eq(loginAttempts.succeeded, true)))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1);
  const from = lastSuccess && lastSuccess.at > since ? lastSuccess.at : since;
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.userId, userId),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.createdAt, from),
      ),
    );
  return Number(row?.n ?? 0);
}

async function attempt(
  deps: { db: Database; auth: Auth },
  raw: LoginInput,
  context: LoginContext,
): Promise<LoginResult> {
  const { db } = deps;
  const input = { email: raw.email.trim().toLowerCase(), password: raw.password };
  const now = new Date();
  const invalid = { ok: false, error: LOGIN_MESSAGES.invalid, status: 401 } as const;
  if (!input.email || !input.password) return { ...invalid, status: 400 };

  const perIp = await hitLimit(db, `login-ip:${context.ip}`, LOGIN_PER_IP);
  if (!perIp.allowed) return { ok: false, error: LOGIN_MESSAGES.tooMany, status: 429 };

  const [profile] = await db
    .select({
      id: profiles.id,
      status: profiles.status,
      lockedUntil: profiles.lockedUntil,
      profileCompleted: profiles.profileCompleted,
    })
    .from(profiles)
    .where(sql`lower(${profiles.email}) = ${input.email}`)
    .limit(1);
  if (profile?.lockedUntil && profile.lockedUntil > now)
    return { ok: false, error: LOGIN_MESSAGES.locked, status: 423 };

  const record = (succeeded: boolean) =>
    db.insert(loginAttempts).values({
      userId: profile?.id ?? null,
      email: input.email,
      ipAddress: context.ip,
      userAgent: context.userAgent.slice(0, 500),
      succeeded,
    });

  let setCookie: string[];
  let twoFactor: boolean;
  try {
    const { headers, response } = await deps.auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: context.headers,
      returnHeaders: true,
    });
    setCookie = headers.getSetCookie();
    // A member with a second factor gets a two-factor cookie, not a session (two-factor.server.ts).
    twoFactor = (response as { twoFactorRedirect?: boolean }).twoFactorRedirect === true;
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    // The library's session hook refuses blocked members and locked accounts (server/auth/auth.ts).
    const code = (error as { body?: { code?: unknown } } | null)?.body?.code;
    if (code === SESSION_REFUSED.blocked)
      return { ok: false, error: LOGIN_MESSAGES.blocked, status: 403 };
    if (code === SESSION_REFUSED.locked)
      return { ok: false, error: LOGIN_MESSAGES.locked, status: 423 };
    if (/not verified/i.test(message))
      return { ok: false, error: LOGIN_MESSAGES.unverified, status: 403 };
    await record(false);
    if (profile && (await recentFailures(db, profile.id, now)) >= LOCKOUT.failures) {
      await db
        .update(profiles)
        .set({ lockedUntil: new Date(now.getTime() + LOCKOUT.lockMs) })
        .where(eq(profiles.id, profile.id));
    }
    return invalid;
  }

  if (!profile || profile.status === "blocked") {
    // Signed in by the library, signed out at once.
    if (profile) await revokeAllSessions(db, profile.id);
    return { ok: false, error: LOGIN_MESSAGES.blocked, status: 403 };
  }
  await record(true);
  if (!twoFactor)
    await db
      .update(profiles)
      .set({ lastLoginAt: now, lockedUntil: null })
      .where(eq(profiles.id, profile.id));
  return { ok: true, setCookie, profileCompleted: profile.profileCompleted, twoFactor };
}

/** Signs in, answering no sooner than LOGIN_MIN_MS and with "Invalid email or password" on any exception. */
export async function logIn(
  deps: { db: Database; auth: Auth },
  input: LoginInput,
  context: LoginContext,
): Promise<LoginResult> {
  const started = performance.now();
  let result: LoginResult;
  try {
    result = await attempt(deps, input, context);
  } catch {
    result = { ok: false, error: LOGIN_MESSAGES.invalid, status: 401 };
  }
  const elapsed = performance.now() - started;
  if (elapsed < LOGIN_MIN_MS) await wait(LOGIN_MIN_MS - elapsed);
  return result;
}

/** A form refused before any check (forms.server.ts's loginForm), answered no sooner than one checked. */
export async function refuseLogin(
  error: string,
): Promise<{ ok: false; error: string; status: number }> {
  await wait(LOGIN_MIN_MS);
  return { ok: false, error, status: 400 };
}

/** Where a signed-in member goes (docs/product/accounts.md#profiles): first to complete the profile, else back. */
export function afterLoginPath(profileCompleted: boolean, redirectTo: string): string {
  if (!profileCompleted) return "/edit-profile?firstTime=true";
  return safeRedirect(redirectTo);
}
