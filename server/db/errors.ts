/**
 * Reading the database's errors: which constraint refused a write, and the
 * driver's own reason for a message. Drizzle wraps the driver's error (its
 * `cause`); PGlite and node-postgres both give PostgreSQL's SQLSTATE `code`.
 */

type DriverError = { code?: string; constraint?: string; cause?: unknown };

/**
 * A unique index refused the write (PostgreSQL 23505), optionally that of one
 * named constraint.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as DriverError | null;
  const hit = [e, e?.cause as DriverError | undefined].find((x) => x?.code === "23505");
  return hit !== undefined && (constraint === undefined || hit?.constraint === constraint);
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
