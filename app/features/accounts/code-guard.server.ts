/**
 * A limit per account on the codes the site mails (docs/decisions/0051). The
 * library voids a verification code after 5 wrong guesses, but a new one can
 * be asked for every minute and from any address: without a count per account
 * a 6-digit code falls to enough addresses in a day. Here every wrong guess at
 * an account's code counts against the account, whatever the address; after
 * CODE_GUESSES.failures in the window the account's codes stop working for
 * CODE_GUESSES.lockMs: those already sent are voided (verification codes and
 * reset links), none is checked or sent during the pause, and the owner is
 * told by e-mail once.
 */
import { and, eq, inArray, like, or, sql } from "drizzle-orm";
import { hitLimit, windowRemaining } from "#server/auth/rate-limit";
import { STORED_RESET_PREFIX, storedIdentifier } from "#server/auth/verification-identifiers";
import type { Database } from "#server/db/client";
import { profiles, verifications } from "#server/db/schema";
import { codesPausedMessage, type Mailer } from "#server/mail";

export const CODE_GUESSES = {
  failures: 10,
  windowMs: 60 * 60 * 1000,
  lockMs: 60 * 60 * 1000,
} as const;

export const CODE_LOCKED_MESSAGE = "Too many wrong codes for this account. Please try again later.";

const failKey = (email: string) => `code-fail:${email.toLowerCase()}`;
const lockKey = (email: string) => `code-lock:${email.toLowerCase()}`;

/** The e-mail-code kinds of the library (server/auth/auth.ts: emailOTP). */
const OTP_TYPES = ["email-verification", "sign-in", "forget-password"] as const;

/** Whether the account's codes are paused now. */
export async function codesPaused(db: Database, email: string, now = Date.now()) {
  return (await windowRemaining(db, lockKey(email), CODE_GUESSES.lockMs, now)) > 0;
}

export type CodeGuardDeps = {
  db: Database;
  mailer: Mailer;
  siteName: string;
  /** Where a mail that could not be sent is reported (the pause holds anyway). */
  onMailError?: (error: unknown) => void;
};

/**
 * Counts one wrong guess at `email`'s code. The guess that reaches the limit
 * (one only, the count being one atomic update) pauses the codes, voids those
 * sent and mails the owner. Returns whether the codes are paused now.
 */
export async function recordWrongCode(
  deps: CodeGuardDeps,
  email: string,
  now = Date.now(),
): Promise<boolean> {
  const address = email.toLowerCase();
  const hit = await hitLimit(
    deps.db,
    failKey(address),
    { windowMs: CODE_GUESSES.windowMs, max: CODE_GUESSES.failures - 1 },
    now,
  );
  if (hit.count < CODE_GUESSES.failures) return false;
  if (hit.count > CODE_GUESSES.failures) return codesPaused(deps.db, address, now);

  await hitLimit(deps.db, lockKey(address), { windowMs: CODE_GUESSES.lockMs, max: 1 }, now);
  const [profile] = await deps.db
    .select({ id: profiles.id, email: profiles.email })
    .from(profiles)
    .where(sql`lower(${profiles.email}) = ${address}`)
    .limit(1);
  // Stored hashed (docs/decisions/0170); rows written before that, in clear.
  const codeIdentifiers = OTP_TYPES.map((type) => `${type}-otp-${address}`);
  await deps.db
    .delete(verifications)
    .where(
      inArray(verifications.identifier, [
        ...codeIdentifiers.map(storedIdentifier),
        ...codeIdentifiers,
      ]),
    );
  if (profile) {
    await deps.db
      .delete(verifications)
      .where(
        and(
          or(
            like(verifications.identifier, `${STORED_RESET_PREFIX}%`),
            like(verifications.identifier, "reset-password:%"),
          ),
          eq(verifications.value, profile.id),
        ),
      );
    try {
      await deps.mailer.send(
        codesPausedMessage(
          deps.siteName,
          profile.email,
          CODE_GUESSES.failures,
          CODE_GUESSES.lockMs / 60_000,
        ),
      );
    } catch (error) {
      deps.onMailError?.(error);
    }
  }
  return true;
}
