import { betterAuth, type BetterAuthOptions } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString } from "better-auth/crypto";
import { emailOTP, genericOAuth, twoFactor, username } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { profiles } from "../db/schema";
import { revokeAllSessions } from "./sessions";
import { isAllowedImageUrl } from "../http/site-path";
import { passwordResetMessage, verificationCodeMessage, type Mailer } from "../mail";
import { profileCreatingAdapter } from "./adapter";
import { totpCodesUsedOnce } from "./totp-once";
import { deriveUsername } from "./username";
import { STORE_IDENTIFIER } from "./verification-identifiers";

/**
 * The header the Express server sets to the client's address (req.ip, which
 * follows TRUST_PROXY), replacing whatever the client sent. Better Auth reads
 * the address only from it, so X-Forwarded-For counts only behind a trusted proxy.
 */
export const CLIENT_IP_HEADER = "x-founderbridge-client-ip";

/** docs/product/accounts.md and docs/milestones.md#issue-3-accounts. */
export const OTP_LENGTH = 6;
export const OTP_EXPIRES_SECONDS = 10 * 60;
export const OTP_ALLOWED_ATTEMPTS = 5;
export const RESET_TOKEN_EXPIRES_SECONDS = 60 * 60;
export const USERNAME_PATTERN = /^[a-z0-9_]+$/;

export type AuthOptions = {
  db: Database;
  siteUrl: string;
  siteName: string;
  secret: string;
  mailer: Mailer;
  linkedin?: { clientId: string; clientSecret: string; issuerUrl: string } | undefined;
};

/** Better Auth's id for the provider: its callback is /api/auth/callback/linkedin. */
export const LINKEDIN_PROVIDER_ID = "linkedin";

/**
 * The library's HTTP endpoints, closed (docs/decisions/0050). The site calls
 * them server-side (auth.api.*, which disabledPaths does not touch) from its
 * own forms, which apply the site's rules; the browser needs only the OAuth
 * callback (/callback/:id), which server/auth/express.ts forwards alone. The
 * paths with a parameter (/reset-password/:token) cannot be listed here: the
 * Express layer closes them. A test checks every endpoint is listed.
 */
export const CLOSED_AUTH_PATHS = [
  "/sign-in/social",
  "/get-session",
  "/sign-out",
  "/sign-up/email",
  "/sign-in/email",
  "/reset-password",
  "/verify-password",
  "/verify-email",
  "/send-verification-email",
  "/change-email",
  "/change-password",
  "/set-password",
  "/update-session",
  "/update-user",
  "/delete-user",
  "/request-password-reset",
  "/list-sessions",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
  "/link-social",
  "/list-accounts",
  "/delete-user/callback",
  "/unlink-account",
  "/refresh-token",
  "/get-access-token",
  "/account-info",
  "/sign-in/username",
  "/is-username-available",
  "/email-otp/send-verification-otp",
  "/email-otp/create-verification-otp",
  "/email-otp/get-verification-otp",
  "/email-otp/check-verification-otp",
  "/email-otp/verify-email",
  "/sign-in/email-otp",
  "/email-otp/request-password-reset",
  "/forget-password/email-otp",
  "/email-otp/reset-password",
  "/email-otp/request-email-change",
  "/email-otp/change-email",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/get-totp-uri",
  "/two-factor/verify-totp",
  "/two-factor/send-otp",
  "/two-factor/verify-otp",
  "/two-factor/verify-backup-code",
  "/two-factor/generate-backup-codes",
  "/ok",
  "/error",
];

/** The codes of the library errors the session hook throws (login and /auth/callback read them). */
export const SESSION_REFUSED = { blocked: "ACCOUNT_BLOCKED", locked: "ACCOUNT_LOCKED" } as const;

export const IMAGE_REFUSED_MESSAGE = "A profile image must be an https address or an upload.";

/**
 * No session for a blocked member (or a profile-less user) or a locked
 * account, whichever endpoint or flow asks for one: password, username, e-mail
 * code, provider callback (docs/milestones.md#issue-13-security). A blocked member's other sessions end too.
 */
async function refuseBlockedSession(db: Database, userId: string) {
  const [profile] = await db
    .select({ status: profiles.status, lockedUntil: profiles.lockedUntil })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (!profile || profile.status === "blocked") {
    await revokeAllSessions(db, userId);
    throw new APIError("FORBIDDEN", {
      code: SESSION_REFUSED.blocked,
      message: "Account access denied",
    });
  }
  if (profile.lockedUntil && profile.lockedUntil > new Date()) {
    throw new APIError("FORBIDDEN", {
      code: SESSION_REFUSED.locked,
      message: "Account temporarily unavailable",
    });
  }
}

/**
 * Sign in with LinkedIn through OpenID Connect discovery (issuerUrl +
 * /.well-known/openid-configuration), so tests can stand a local provider in
 * for LinkedIn. The ID token is checked against the issuer's keys. LinkedIn
 * rejects PKCE for web apps and leaves the nonce out of its ID tokens, so
 * neither is used; the state parameter (bound to a cookie) guards the callback.
 * Without a verified e-mail from LinkedIn no session is made (error
 * email_not_verified); with one, an existing account with that verified
 * e-mail is linked rather than duplicated.
 */
function linkedinProvider(linkedin: NonNullable<AuthOptions["linkedin"]>) {
  return genericOAuth({
    config: [
      {
        providerId: LINKEDIN_PROVIDER_ID,
        name: "LinkedIn",
        discoveryUrl: `${linkedin.issuerUrl}/.well-known/openid-configuration`,
        requireIdTokenVerification: true,
        clientId: linkedin.clientId,
        clientSecret: linkedin.clientSecret,
        scopes: ["openid", "profile", "email"],
        pkce: false,
        disableIdTokenNonceBinding: true,
        requireEmailVerification: true,
        mapProfileToUser: (profile) => ({
          name:
            typeof profile.name === "string" && profile.name.trim()
              ? profile.name.trim().slice(0, 100)
              : [profile.given_name, profile.family_name]
                  .filter((part): part is string => typeof part === "string")
                  .join(" ")
                  .trim()
                  .slice(0, 100),
          image: typeof profile.picture === "string" ? profile.picture : undefined,
        }),
      },
    ],
  });
}

/** The provider callbacks: sign-ins that make a session without the password form. */
const PROVIDER_CALLBACK_PATHS = new Set(["/callback/:id", "/oauth2/callback/:providerId"]);

/** The twoFactor plugin's challenge cookie and its lifetime (the plugin's default, 10 minutes). */
export const TWO_FACTOR_COOKIE = "two_factor";
const TWO_FACTOR_CHALLENGE_SECONDS = 10 * 60;

/**
 * The twoFactor plugin pauses only password sign-ins. A member with codes on
 * who signs in with LinkedIn is paused the same way (docs/decisions/0141):
 * the session the callback made is deleted before its cookie is used, and the
 * plugin's own challenge (a verification row and its signed cookie, as the
 * plugin writes them) is set instead, which verifyTOTP and verifyBackupCode
 * accept. /auth/callback then sends the member to /login/two-factor.
 */
const providerSignInAsksForCode = createAuthMiddleware(async (ctx) => {
  if (!PROVIDER_CALLBACK_PATHS.has(ctx.path ?? "")) return;
  const made = ctx.context.newSession;
  if (!made || !(made.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled) return;
  deleteSessionCookie(ctx, true);
  await ctx.context.internalAdapter.deleteSession(made.session.token);
  ctx.context.setNewSession(null);
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, {
    maxAge: TWO_FACTOR_CHALLENGE_SECONDS,
  });
  const identifier = `2fa-${generateRandomString(20)}`;
  const expiresAt = new Date(Date.now() + TWO_FACTOR_CHALLENGE_SECONDS * 1000);
  await ctx.context.internalAdapter.createVerificationValue({
    value: made.user.id,
    identifier,
    expiresAt,
  });
  await ctx.context.internalAdapter.createVerificationValue({
    value: "0",
    identifier: `2fa-attempts-${identifier}`,
    expiresAt,
  });
  await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
});

/**
 * Rows Better Auth writes, checked first: a new user's picture only from
 * https or this site's uploads and a username (derived for LinkedIn's
 * sign-ups), a changed picture likewise, and no session for a blocked member.
 */
function databaseHooks(db: Database, siteUrl: string): BetterAuthOptions["databaseHooks"] {
  return {
    user: {
      create: {
        async before(user) {
          const given = user as typeof user & { username?: string | null };
          // A picture only from https or this site's uploads (a provider's other one is dropped).
          const data = {
            ...given,
            image: isAllowedImageUrl(given.image, siteUrl) ? given.image : null,
          };
          if (data.username) return { data: { ...data, username: data.username.toLowerCase() } };
          // Sign-up through LinkedIn: derive a unique username from the name or e-mail.
          const derived = await deriveUsername(db, data.name, data.email);
          return { data: { ...data, username: derived, displayUsername: derived } };
        },
      },
      update: {
        before(user) {
          if (user.image != null && user.image !== "" && !isAllowedImageUrl(user.image, siteUrl))
            return Promise.reject(new APIError("BAD_REQUEST", { message: IMAGE_REFUSED_MESSAGE }));
          return Promise.resolve({ data: user });
        },
      },
    },
    session: {
      create: {
        async before(session) {
          await refuseBlockedSession(db, session.userId);
          return { data: session };
        },
      },
    },
  };
}

/**
 * Better Auth's own limiter guards its HTTP endpoints (/api/auth/*); the
 * form actions use server/auth/rate-limit.ts. Both keep counts in rate_limits.
 */
const RATE_LIMIT: BetterAuthOptions["rateLimit"] = {
  enabled: true,
  storage: "database",
  window: 60,
  max: 100,
  customRules: {
    "/sign-in/email": { window: 60, max: 10 },
    "/sign-up/email": { window: 60, max: 5 },
    "/email-otp/send-verification-otp": { window: 60, max: 1 },
    "/request-password-reset": { window: 60, max: 3 },
    "/reset-password": { window: 60, max: 5 },
  },
};

export function createAuth(options: AuthOptions) {
  const { db, siteUrl, siteName, mailer } = options;
  return betterAuth({
    appName: siteName,
    baseURL: siteUrl,
    basePath: "/api/auth",
    disabledPaths: CLOSED_AUTH_PATHS,
    secret: options.secret,
    trustedOrigins: [siteUrl],
    database: profileCreatingAdapter(db),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      // Sign-up asks for 8 with the strength rules (app/features/accounts); reset for 6 (docs/product/accounts.md#password-reset).
      minPasswordLength: 6,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_TOKEN_EXPIRES_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        const url = `${siteUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send(passwordResetMessage(siteName, user.email, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      // The right e-mail code signs the new member in (docs/decisions/0256): the emailOTP
      // plugin's verify-email makes the session; the session hook still refuses a blocked one.
      autoSignInAfterVerification: true,
    },
    // Reset tokens and code identifiers are stored hashed (docs/decisions/0170).
    verification: { storeIdentifier: STORE_IDENTIFIER },
    user: {
      // Changing e-mail would have to update profiles too (docs/decisions/0004).
      changeEmail: { enabled: false },
    },
    session: {
      // Database sessions only: revoking a session takes effect on the next request.
      cookieCache: { enabled: false },
    },
    account: {
      // Only LinkedIn signs in besides the password. It is linked to an account
      // with the same e-mail only when both LinkedIn and this site have verified it.
      accountLinking: { enabled: true, requireLocalEmailVerified: true },
    },
    databaseHooks: databaseHooks(db, siteUrl),
    hooks: {
      // An authenticator code is taken once (docs/decisions/0166).
      before: totpCodesUsedOnce(db, TWO_FACTOR_COOKIE),
      after: providerSignInAsksForCode,
    },
    // Failed provider sign-ins (bad state, provider errors) end at /auth/callback,
    // which sends the visitor to /login with a message, never to a library page.
    onAPIError: { errorURL: `${siteUrl}/auth/callback` },
    rateLimit: RATE_LIMIT,
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: siteUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    plugins: [
      username({
        minUsernameLength: 3,
        maxUsernameLength: 30,
        usernameNormalization: (name) => name.toLowerCase(),
        usernameValidator: (name) => USERNAME_PATTERN.test(name.toLowerCase()),
      }),
      emailOTP({
        otpLength: OTP_LENGTH,
        expiresIn: OTP_EXPIRES_SECONDS,
        allowedAttempts: OTP_ALLOWED_ATTEMPTS,
        storeOTP: "hashed",
        sendVerificationOnSignUp: true,
        overrideDefaultEmailVerification: true,
        disableSignUp: true,
        async sendVerificationOTP({ email, otp, type }) {
          if (type !== "email-verification") return;
          await mailer.send(verificationCodeMessage(siteName, email, otp));
        },
      }),
      // Authenticator codes with recovery codes (docs/decisions/0138).
      // Sign-in with a password answers twoFactorRedirect for members who use it;
      // app/features/accounts/two-factor.server.ts asks for the code.
      twoFactor({ issuer: siteName, backupCodeOptions: { amount: 10, length: 10 } }),
      ...(options.linkedin ? [linkedinProvider(options.linkedin)] : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
