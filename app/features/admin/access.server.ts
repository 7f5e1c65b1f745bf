/** The admin pages' gate (spec 2 §2, §6): admins pass; everyone else goes to /. */
import { redirect } from "react-router";
import { can } from "~/features/accounts/permissions";
import { getSessionUser, type SessionUser } from "~/features/accounts/session.server";

export async function requireAdmin(request: Request): Promise<SessionUser> {
  const actor = await getSessionUser(request);
  if (!actor || !can(actor, "admin.access")) throw redirect("/");
  return actor;
}
