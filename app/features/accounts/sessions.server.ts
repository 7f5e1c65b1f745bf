/**
 * The member's sessions (docs/decisions/0174): where they
 * are signed in, and ending one or all the others. A session is shown by its
 * id, never its token; ending one deletes it only if it is the member's own.
 * Turning two-factor authentication on ends every other session
 * (endSessionsBeforeTwoFactor).
 */
import { z } from "zod";
import { formText } from "~/lib/read-input.server";
import { countryOfAddress } from "~/lib/geoip.server";
import {
  endOtherSessions,
  endOwnSession,
  listLiveSessions,
  revokeAllSessions,
} from "#server/auth/sessions";
import type { Database } from "#server/db/client";
import { describeDevice } from "./device";

export const SESSION_MESSAGES = {
  endedOne: "Session ended. That browser is signed out.",
  endedOthers: "All your other sessions have ended.",
  noOthers: "You have no other sessions.",
  notYours: "That session is not one of yours, or it has already ended.",
  badRequest: "Choose a session to end.",
  twoFactorEndedOthers: "Every other browser signed in to your account has been signed out.",
} as const;

/** Session ids as the auth library makes them (letters and digits); anything else is refused. */
const SESSION_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** /settings/sessions' forms, by intent. */
export const sessionsForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("end"),
    sessionId: formText.refine((v) => SESSION_ID.test(v), SESSION_MESSAGES.badRequest),
  }),
  z.object({ intent: z.literal("end-others") }),
]);

export type SessionView = {
  id: string;
  /** "Firefox on Windows" */
  device: string;
  /** The country the session's address is in, or null when not known. */
  place: string | null;
  /** ISO times. */
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
};

const regionNames = new Intl.DisplayNames(["en-GB"], { type: "region" });

/** A country's name in English from its ISO code ("GB" → "United Kingdom"). */
export function countryName(code: string | null): string | null {
  if (!code) return null;
  try {
    return regionNames.of(code) ?? null;
  } catch {
    return null;
  }
}

/**
 * The member's live sessions, this one first, then the most recently used.
 * `geoDatabasePath` is the country database (GEOIP_DATABASE_PATH), if any.
 */
export async function sessionsOf(
  db: Database,
  member: { id: string; sessionId: string },
  geoDatabasePath: string | undefined,
  now = new Date(),
): Promise<SessionView[]> {
  const rows = await listLiveSessions(db, member.id, now);
  const views = rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    place: countryName(countryOfAddress(row.ipAddress, geoDatabasePath)),
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === member.sessionId,
  }));
  return [...views.filter((v) => v.current), ...views.filter((v) => !v.current)];
}

/** Ends one of the member's sessions; false when it is not theirs (or already ended). */
export function endSession(db: Database, memberId: string, sessionId: string): Promise<boolean> {
  return endOwnSession(db, memberId, sessionId);
}

/** Ends every session of the member but this one; how many were ended. */
export function endAllOtherSessions(
  db: Database,
  member: { id: string; sessionId: string },
): Promise<number> {
  return endOtherSessions(db, member.id, { id: member.sessionId });
}

const SESSION_COOKIE = /^(?:__Secure-)?better-auth\.session_token=([^;]*)/;

/** The session token a Set-Cookie list gives the browser (the cookie is "token.signature"). */
export function sessionTokenOf(setCookie: readonly string[]): string | null {
  for (const line of setCookie) {
    const value = SESSION_COOKIE.exec(line)?.[1];
    if (!value) continue;
    const token = decodeURIComponent(value).split(".")[0];
    if (token) return token;
  }
  return null;
}

/**
 * Two-factor authentication was just turned on: every session made before it
 * ends, but the one the library made for this browser as it turned it on
 * (its token is in `setCookie`). Without that cookie every session ends and
 * the member signs in again, with a code.
 */
export async function endSessionsBeforeTwoFactor(
  db: Database,
  memberId: string,
  setCookie: readonly string[],
): Promise<number> {
  const token = sessionTokenOf(setCookie);
  if (!token) return revokeAllSessions(db, memberId);
  return endOtherSessions(db, memberId, { token });
}
