import { eq, sql } from "drizzle-orm";
import type { Auth } from "#server/auth";
import { noteSessionSeen, revokeAllSessions } from "#server/auth/sessions";
import type { Database } from "#server/db/client";
import { signedOutUnlessUnavailable } from "#server/db/errors";
import { profiles, sessions } from "#server/db/schema";
import { adminTwoFactorRequired } from "./admin-two-factor.server";
import type { Actor } from "./permissions";

/** The signed-in member as loaders see it. */
export type SessionUser = Actor & {
  email: string;
  username: string;
  fullName: string | null;
  profilePhotoUrl: string | null;
  profileCompleted: boolean;
  /** Whether the member signs in with a second factor (docs/decisions/0138). */
  twoFactorEnabled: boolean;
  /**
   * An admin without a second factor while the site requires one (decision
   * 0140): the role table holds them (permissions.ts, decision 0167).
   */
  adminNeedsTwoFactor: boolean;
  /** This request's session (its id, never its token): the sessions page marks it. */
  sessionId: string;
};

/** What the resolver reads: the request's services (`services(context)`) will do. */
export type AuthDeps = { auth: Auth; db: Database };

/** The member's profile by id, one prepared statement per database (every member page reads it). */
const profileStatements = new WeakMap<Database, ReturnType<typeof prepareProfile>>();

function prepareProfile(db: Database) {
  return db
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
    .where(eq(profiles.id, sql.placeholder("id")))
    .prepare("session_profile");
}

/**
 * Each request's answer, once: the root loader and the page's loader both ask
 * (docs/milestones.md#issue-17-performance: a member's page resolved its session twice). Keyed by the Request
 * object React Router hands every loader of one request.
 */
const resolved = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * The member of this request, or null. A session whose e-mail is not
 * confirmed is ended at once (docs/product/accounts.md#sign-in); so are a blocked member's sessions.
 * Resolved once per GET request.
 */
export function getSessionUser(request: Request, deps: AuthDeps): Promise<SessionUser | null> {
  if (!request.headers.get("cookie")) return Promise.resolve(null);
  // Reads only: an action may change the member (a new name, a sign-out) before loaders run.
  if (request.method !== "GET" && request.method !== "HEAD") {
    return resolveSessionUser(request, deps);
  }
  let pending = resolved.get(request);
  if (!pending) {
    pending = resolveSessionUser(request, deps);
    resolved.set(request, pending);
    // A failure (the database unavailable) is not kept: a later ask tries again.
    pending.catch(() => resolved.delete(request));
  }
  return pending;
}

/**
 * The member of this request read again, never the answer kept for it: a
 * long request (an event stream) asks whether the session still holds.
 */
export function getSessionUserNow(request: Request, deps: AuthDeps): Promise<SessionUser | null> {
  if (!request.headers.get("cookie")) return Promise.resolve(null);
  return resolveSessionUser(request, deps);
}

async function resolveSessionUser(request: Request, deps: AuthDeps): Promise<SessionUser | null> {
  const found = await deps.auth.api
    .getSession({ headers: request.headers })
    .catch(signedOutUnlessUnavailable);
  if (!found) return null;
  if (!found.user.emailVerified) {
    await deps.db.delete(sessions).where(eq(sessions.id, found.session.id));
    return null;
  }
  let statement = profileStatements.get(deps.db);
  if (!statement) profileStatements.set(deps.db, (statement = prepareProfile(deps.db)));
  const [profile] = await statement.execute({ id: found.user.id });
  if (!profile || profile.status === "blocked") {
    await revokeAllSessions(deps.db, found.user.id);
    return null;
  }
  // "Last seen" on the sessions page (docs/decisions/0174): a write every few minutes at most.
  await noteSessionSeen(deps.db, found.session);
  const twoFactorEnabled = Boolean(
    (found.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled,
  );
  // One more read, for admins without a second factor only.
  const adminNeedsTwoFactor =
    profile.role === "admin" && !twoFactorEnabled && (await adminTwoFactorRequired(deps.db));
  return { ...profile, twoFactorEnabled, adminNeedsTwoFactor, sessionId: found.session.id };
}
