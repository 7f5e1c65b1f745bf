/** The admin pages' gate (spec 2 §2, §6): admins pass; everyone else goes to /. */
import { redirect } from "react-router";
import { can } from "~/features/accounts/permissions";
import { getSessionUser, type SessionUser } from "~/features/accounts/session.server";

export async function requireAdmin(request: Request): Promise<SessionUser> {
  const actor = await getSessionUser(request);
  if (!actor || !can(actor, "admin.access")) throw redirect("/");
  return actor;
}

/** The one error a database driver reports for a unique index (PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/** An error's message for "Failed to …: {message}" alerts. */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "Unknown error";
}
