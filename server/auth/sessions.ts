import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { Database } from "../db/client";
import { sessions } from "../db/schema";

/**
 * Ends every session of a member at once (blocking, password reset). Sessions
 * live only in the database (no cookie cache), so the next request of each
 * signed-in browser finds none. Returns how many were ended.
 */
export async function revokeAllSessions(db: Database, userId: string): Promise<number> {
  const deleted = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({
    id: sessions.id,
  });
  return deleted.length;
}

/** One of a member's live sessions, as the sessions page shows it (never its token). */
export type SessionRow = {
  id: string;
  createdAt: Date;
  /** When the session was last used (written at most every few minutes: LAST_SEEN_EVERY_MS). */
  lastSeenAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
};

/** The member's sessions that have not expired, the most recently used first. */
export async function listLiveSessions(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<SessionRow[]> {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.updatedAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.updatedAt), desc(sessions.createdAt));
}

/**
 * Ends one session, only if it is the member's own: another member's id
 * (or one already ended) ends nothing. Returns whether one was ended.
 */
export async function endOwnSession(
  db: Database,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

/** Ends every session of the member but the one kept (by id or by token). Returns how many. */
export async function endOtherSessions(
  db: Database,
  userId: string,
  keep: { id: string } | { token: string },
): Promise<number> {
  const others = "id" in keep ? ne(sessions.id, keep.id) : ne(sessions.token, keep.token);
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), others))
    .returning({ id: sessions.id });
  return deleted.length;
}

/** How often a session's "last seen" time is written: at most once per this many ms. */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

/**
 * Notes that a session was used now, if its last note is older than
 * LAST_SEEN_EVERY_MS (the auth library writes it only when it extends the
 * session, once a day). One indexed update, a few times an hour per session.
 */
export async function noteSessionSeen(
  db: Database,
  session: { id: string; updatedAt: Date | string },
  now = new Date(),
): Promise<void> {
  if (now.getTime() - new Date(session.updatedAt).getTime() < LAST_SEEN_EVERY_MS) return;
  await db.update(sessions).set({ updatedAt: now }).where(eq(sessions.id, session.id));
}
