import { eq } from "drizzle-orm";
import { LINKEDIN_PROVIDER_ID, SESSION_REFUSED, TWO_FACTOR_COOKIE, type Auth } from "#server/auth";
import { revokeAllSessions } from "#server/auth/sessions";
import type { Database } from "#server/db/client";
import { signedOutUnlessUnavailable } from "#server/db/errors";
import { loginAttempts, profiles, sessions } from "#server/db/schema";
import type { Config } from "#server/config";
import { afterLoginPath, LOGIN_MESSAGES, safeRedirect } from "./login.server";
import { MESSAGES } from "./rules";
import { z } from "zod";
import { formText } from "~/lib/read-input.server";

/** Where the provider's answer is finished (docs/product/accounts.md /auth/callback). */
export const OAUTH_CALLBACK_PATH = "/auth/callback";

/** Messages /login shows for `?error=<code>`; the code never carries text of its own. */
export const LOGIN_ERROR_MESSAGES = {
  blocked: LOGIN_MESSAGES.blocked,
  locked: LOGIN_MESSAGES.locked,
  unverified: LOGIN_MESSAGES.unverified,
  linkedin: "Sign in with LinkedIn failed. Please try again.",
  linkedin_cancelled: "Sign in with LinkedIn was cancelled.",
  linkedin_no_email:
    "LinkedIn did not share an email address with us. Please sign up with your email instead.",
  linkedin_not_linked: MESSAGES.emailTaken,
  linkedin_unavailable: "Sign in with LinkedIn is not available.",
  linkedin_too_many: "Too many sign-in attempts. Please try again later.",
} as const;

/** Starts of sign-in with LinkedIn per IP address (each writes a state row). */
export const LINKEDIN_START_LIMIT = { windowMs: 10 * 60 * 1000, max: 30 } as const;
export type LoginErrorCode = keyof typeof LOGIN_ERROR_MESSAGES;

export function loginErrorMessage(code: string | null): string | null {
  return code && Object.hasOwn(LOGIN_ERROR_MESSAGES, code)
    ? LOGIN_ERROR_MESSAGES[code as LoginErrorCode]
    : null;
}

/** Whether LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET are both set. */
export function linkedinEnabled(config: Pick<Config, "linkedin">): boolean {
  return Boolean(config.linkedin);
}

const loginWithError = (code: LoginErrorCode) => `/login?error=${code}`;

/** Better Auth's callback error codes (and the provider's own) as /login codes. */
export function oauthErrorCode(error: string): LoginErrorCode {
  if (error === "access_denied") return "linkedin_cancelled";
  // The library's session hook (server/auth/auth.ts) refused the session.
  if (error === SESSION_REFUSED.blocked) return "blocked";
  if (error === SESSION_REFUSED.locked) return "locked";
  if (error === "email_not_verified") return "unverified";
  if (error === "email_not_found" || error === "email_is_missing") return "linkedin_no_email";
  if (/not_linked|account_not_linked/.test(error)) return "linkedin_not_linked";
  return "linkedin";
}

/**
 * Starts sign-in with LinkedIn: the provider's authorization address and the
 * state cookie to set before going there.
 */
export async function startLinkedIn(
  auth: Auth,
  input: { redirectTo: string; headers: Headers },
): Promise<{ ok: true; url: string; setCookie: string[] } | { ok: false; location: string }> {
  const redirectTo = safeRedirect(input.redirectTo);
  const callbackURL =
    redirectTo === "/"
      ? OAUTH_CALLBACK_PATH
      : `${OAUTH_CALLBACK_PATH}?redirectTo=${encodeURIComponent(redirectTo)}`;
  try {
    const { headers, response } = await auth.api.signInSocial({
      body: {
        provider: LINKEDIN_PROVIDER_ID,
        callbackURL,
        errorCallbackURL: OAUTH_CALLBACK_PATH,
        newUserCallbackURL: callbackURL,
        disableRedirect: true,
      },
      headers: input.headers,
      returnHeaders: true,
    });
    if (!response?.url) return { ok: false, location: loginWithError("linkedin_unavailable") };
    return { ok: true, url: response.url, setCookie: headers.getSetCookie() };
  } catch {
    return { ok: false, location: loginWithError("linkedin_unavailable") };
  }
}

/**
 * The addresses LinkedIn sign-in reads: /auth/linkedin?redirectTo= on the way
 * out, /auth/callback?redirectTo=&error= on the way back. Neither can fail: a
 * missing value reads as "" (no error; back to "/", as safeRedirect decides).
 * (Were one to fail, the sign-in would end as a failed one.)
 */
export const linkedinQuery = z.object({ redirectTo: formText, error: formText });

export type FinishResult = { location: string; setCookie: string[] };

/** What /auth/callback reads from its request (app/routes/auth.callback.ts). */
export type FinishInput = {
  /** The address's `redirectTo` and `error` (`linkedinQuery`); null when they could not be read. */
  query: z.output<typeof linkedinQuery> | null;
  /** The request's headers: Better Auth reads its session and its cookies from them. */
  headers: Headers;
  ip: string;
  userAgent: string;
};

const CHALLENGE_COOKIE = new RegExp(
  `(?:^|;\\s*)(?:__Secure-)?better-auth\\.${TWO_FACTOR_COOKIE}=[^;\\s]`,
);

/** Whether the request carries the two-factor challenge cookie (checked by the code's verification, not here). */
function hasTwoFactorChallenge(headers: Headers): boolean {
  return CHALLENGE_COOKIE.test(headers.get("cookie") ?? "");
}

/** /login/two-factor as the password sign-in sends there (app/routes/login.tsx). */
function twoFactorPath(redirectTo: string): string {
  return `/login/two-factor?${new URLSearchParams({ redirectTo: safeRedirect(redirectTo) })}`;
}

/**
 * Finishes a provider sign-in at /auth/callback with the password login's rules
 * (docs/product/accounts.md#sign-in): blocked → Account access denied and signed out; locked →
 * Account temporarily unavailable and signed out; an unconfirmed e-mail gets no
 * session; then /edit-profile?firstTime=true for an incomplete profile, else back.
 */
export async function finishOAuthLogin(
  deps: { db: Database; auth: Auth },
  input: FinishInput,
): Promise<FinishResult> {
  if (!input.query) return { location: loginWithError("linkedin"), setCookie: [] };
  const { error, redirectTo } = input.query;
  if (error) return { location: loginWithError(oauthErrorCode(error)), setCookie: [] };

  const found = await deps.auth.api
    .getSession({ headers: input.headers })
    .catch(signedOutUnlessUnavailable);
  if (!found) {
    // A member with two-factor codes: the callback made no session, only the code's challenge
    // (server/auth/auth.ts, decision 0141); the code is asked for as after a password.
    if (hasTwoFactorChallenge(input.headers))
      return { location: twoFactorPath(redirectTo), setCookie: [] };
    return { location: loginWithError("linkedin"), setCookie: [] };
  }

  const signOut = async () => {
    try {
      const answer = await deps.auth.api.signOut({
        headers: input.headers,
        returnHeaders: true,
      });
      return answer.headers.getSetCookie();
    } catch {
      await deps.db.delete(sessions).where(eq(sessions.id, found.session.id));
      return [];
    }
  };

  if (!found.user.emailVerified)
    return { location: loginWithError("unverified"), setCookie: await signOut() };

  const [profile] = await deps.db
    .select({
      id: profiles.id,
      email: profiles.email,
      status: profiles.status,
      lockedUntil: profiles.lockedUntil,
      profileCompleted: profiles.profileCompleted,
    })
    .from(profiles)
    .where(eq(profiles.id, found.user.id));
  const now = new Date();
  if (!profile || profile.status === "blocked") {
    const setCookie = await signOut();
    await revokeAllSessions(deps.db, found.user.id);
    return { location: loginWithError("blocked"), setCookie };
  }
  if (profile.lockedUntil && profile.lockedUntil > now)
    return { location: loginWithError("locked"), setCookie: await signOut() };

  await deps.db.insert(loginAttempts).values({
    userId: profile.id,
    email: profile.email,
    ipAddress: input.ip,
    userAgent: input.userAgent.slice(0, 500),
    succeeded: true,
  });
  await deps.db
    .update(profiles)
    .set({ lastLoginAt: now, lockedUntil: null })
    .where(eq(profiles.id, profile.id));
  return {
    location: afterLoginPath(profile.profileCompleted, redirectTo),
    setCookie: [],
  };
}
