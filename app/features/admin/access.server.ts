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

/**
 * An error's message for "Failed to …: {message}" alerts. Drizzle wraps the
 * driver's error as "Failed query: <SQL> params: <values>"; the admin gets the
 * database's own reason (the innermost cause), never the query and its values.
 */
export function messageOf(error: unknown): string {
  let e = error;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e instanceof Error && e.message ? e.message : "Unknown error";
}
