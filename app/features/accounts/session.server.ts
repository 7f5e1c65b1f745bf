import { eq } from "drizzle-orm";
import { auth as processAuth, type Auth } from "#server/auth";
import { revokeAllSessions } from "#server/auth/sessions";
import { db as processDb, type Database } from "#server/db/client";
import { signedOutUnlessUnavailable } from "#server/db/errors";
import { profiles, sessions } from "#server/db/schema";
import type { Actor } from "./permissions";

/** The signed-in member as loaders see it. */
export type SessionUser = Actor & {
  email: string;
  username: string;
  fullName: string | null;
  profilePhotoUrl: string | null;
  profileCompleted: boolean;
};

export type AuthDeps = { auth: Auth; db: Database };
const processDeps = (): AuthDeps => ({ auth: processAuth(), db: processDb() });

/**
 * The member of this request, or null. A session whose e-mail is not
 * confirmed is ended at once (spec §4); so are a blocked member's sessions.
 */
export async function getSessionUser(
  request: Request,
  given?: AuthDeps,
): Promise<SessionUser | null> {
  if (!request.headers.get("cookie")) return null;
  const deps = given ?? processDeps();
  const found = await deps.auth.api
    .getSession({ headers: request.headers })
    .catch(signedOutUnlessUnavailable);
  if (!found) return null;
  if (!found.user.emailVerified) {
    await deps.db.delete(sessions).where(eq(sessions.id, found.session.id));
    return null;
  }
  const [profile] = await deps.db
    .select({
      id: profiles.id,
      role: profiles.role,
      status: profiles.status,
      email: profiles.email,
      username: profiles.username,
      fullName: profiles.fullName,
      profilePhotoUrl: profiles.profilePhotoUrl,
      profileCompleted: profiles.profileCompleted,
    })
    .from(profiles)
    .where(eq(profiles.id, found.user.id));
  if (!profile || profile.status === "blocked") {
    await revokeAllSessions(deps.db, found.user.id);
    return null;
  }
  return profile;
}
