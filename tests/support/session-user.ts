import type { Actor } from "~/features/accounts/permissions";
import type { SessionUser } from "~/features/accounts/session.server";

/**
 * The member as the session gives it, from the few fields a test states (an actor: id, role,
 * status): for tests that call a loader or action in-process with a signed-in member.
 */
export function sessionUserOf(actor: Actor & Partial<SessionUser>): SessionUser {
  return {
    email: `${actor.id}@example.com`,
    username: actor.id,
    fullName: null,
    profilePhotoUrl: null,
    profileCompleted: true,
    twoFactorEnabled: false,
    adminNeedsTwoFactor: false,
    sessionId: "test-session",
    ...actor,
  };
}
