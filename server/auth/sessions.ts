import { eq } from "drizzle-orm";
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
