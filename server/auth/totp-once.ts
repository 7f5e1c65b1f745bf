/**
 * An authenticator code is accepted once (docs/decisions/0166).
 * The twoFactor plugin's verifyTOTP accepts any code of the 30-second steps
 * around now and records nothing, so the same code (or the previous step's)
 * worked again for as long as it lasted. This hook runs before it: it finds
 * which step the code belongs to, with the member's own secret, and claims
 * that step in `two_factors.last_totp_step` only if it is newer than the last
 * one accepted; otherwise the code is refused before the library looks at it.
 * Every verifyTOTP goes through here: sign-in, confirming the set-up and
 * turning codes off. A wrong code is left to the library (it counts failures).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { twoFactors } from "../db/schema";

/** The plugin's defaults, which server/auth/auth.ts keeps: 6 digits, 30 seconds, ±1 step. */
export const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
const TOTP_WINDOW = 1;

/** The error's code: app/features/accounts/two-factor.server.ts words it for the member. */
export const TOTP_CODE_USED = "TOTP_CODE_ALREADY_USED";

const VERIFY_TOTP_PATH = "/two-factor/verify-totp";

/** The step a time falls in (Unix seconds / 30). */
export const totpStep = (at: number) => Math.floor(at / 1000 / TOTP_PERIOD_SECONDS);

/** RFC 4226's HOTP, as the library computes it (HMAC-SHA-1, dynamic truncation). */
export function hotp(key: Uint8Array, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(message).digest();
  const offset = mac[mac.length - 1]! & 15;
  const value = mac.readUInt32BE(offset) & 0x7fffffff;
  return (value % 10 ** TOTP_DIGITS).toString().padStart(TOTP_DIGITS, "0");
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Decode(text: string): Uint8Array {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text.toUpperCase().replace(/=+$/, "")) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error("The authenticator secret is not base32.");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Uint8Array.from(bytes);
}

/**
 * The key the library signs with: the secret's own characters (what it
 * generates), or the bytes of a `base32:` secret imported from elsewhere.
 */
function keyOf(secret: string): Uint8Array {
  return secret.startsWith("base32:")
    ? base32Decode(secret.slice("base32:".length))
    : new TextEncoder().encode(secret);
}

function same(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** The newest step around `now` whose code is `code`, or null when none is. */
export function stepOfCode(secret: string, code: string, now: number): number | null {
  const key = keyOf(secret);
  const current = totpStep(now);
  for (let step = current + TOTP_WINDOW; step >= current - TOTP_WINDOW; step--) {
    if (same(hotp(key, step), code)) return step;
  }
  return null;
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Whose code this is, the way verifyTOTP decides: the signed-in member's
 * (confirming the set-up, turning it off), else the sign-in paused for a code
 * (the plugin's signed challenge cookie). Null: the library answers.
 */
async function memberOf(ctx: HookContext, challengeCookie: string): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(challengeCookie);
  const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!challenge) return null;
  const found = await ctx.context.internalAdapter.findVerificationValue(challenge);
  return found && found.expiresAt > new Date() ? found.value : null;
}

/** The before-hook (server/auth/auth.ts): `challengeCookie` is the plugin's challenge cookie name. */
export function totpCodesUsedOnce(db: Database, challengeCookie: string) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== VERIFY_TOTP_PATH) return;
    const code = (ctx.body as { code?: unknown } | undefined)?.code;
    if (typeof code !== "string") return;
    const userId = await memberOf(ctx, challengeCookie);
    if (!userId) return;
    const [row] = await db
      .select({ id: twoFactors.id, secret: twoFactors.secret })
      .from(twoFactors)
      .where(eq(twoFactors.userId, userId))
      .limit(1);
    if (!row) return;
    const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
    const step = stepOfCode(secret, code, Date.now());
    if (step === null) return;
    // One statement: of two requests with the same code, one claims the step.
    const claimed = await db
      .update(twoFactors)
      .set({ lastTotpStep: step })
      .where(
        and(
          eq(twoFactors.id, row.id),
          or(isNull(twoFactors.lastTotpStep), lt(twoFactors.lastTotpStep, step)),
        ),
      )
      .returning({ id: twoFactors.id });
    if (claimed.length === 0) {
      throw new APIError("UNAUTHORIZED", {
        code: TOTP_CODE_USED,
        message: "This code has already been used.",
      });
    }
  });
}
