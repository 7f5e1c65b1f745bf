/**
 * Which database errors mean "the database is unavailable for now" (a lost
 * connection, a restart, a failover, a statement or lock timeout) rather than
 * a fault of the request or a bug. Such an error is answered 503 with
 * UNAVAILABLE_MESSAGE (server/http/unavailable.ts), never 500, and never read
 * as "no session" (docs/decisions/0060).
 *
 * A request's database errors are noted as they happen (the pool's clients
 * call noteDatabaseError), so that a failure the code caught and rethrew as
 * something else still makes the request's 5xx a 503.
 *
 * Also the checks on a refused write: which constraint refused it
 * (isUniqueViolation), and the database's own reason for an alert (messageOf).
 * Drizzle wraps the driver's error as its `cause`; PGlite and node-postgres
 * both give PostgreSQL's SQLSTATE `code`.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export const UNAVAILABLE_MESSAGE = "The service is briefly unavailable, please try again";

export type UnavailableKind = "connection" | "statement-timeout" | "lock-timeout";

/** PostgreSQL error codes (SQLSTATE) that say the database cannot serve now. */
const CODES: Record<string, UnavailableKind> = {
  "57P01": "connection", // admin_shutdown: pg_terminate_backend, a fast shutdown
  "57P02": "connection", // crash_shutdown
  "57P03": "connection", // cannot_connect_now: starting up, recovering
  "57P05": "connection", // idle_session_timeout
  "25P03": "connection", // idle_in_transaction_session_timeout
  "53300": "connection", // too_many_connections
  "57014": "statement-timeout", // query_canceled: statement_timeout
  "55P03": "lock-timeout", // lock_not_available: lock_timeout
};

/** Node's socket errors on the way to the database. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "ENOTFOUND",
]);

/** node-postgres's own messages for a connection that is gone or cannot be had. */
const MESSAGES =
  /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|terminating connection due to/i;

/** The kind of unavailability `error` (or an error it wraps) stands for, or undefined. */
export function unavailableKind(error: unknown, depth = 0): UnavailableKind | undefined {
  if (!error || typeof error !== "object" || depth > 8) return undefined;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === "string") {
    if (CODES[code]) return CODES[code];
    // Class 08: connection exception.
    if (code.startsWith("08") && code.length === 5) return "connection";
    if (SOCKET_CODES.has(code)) return "connection";
  }
  if (typeof message === "string" && MESSAGES.test(message)) return "connection";
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      const kind = unavailableKind(inner, depth + 1);
      if (kind) return kind;
    }
  }
  return unavailableKind(cause, depth + 1);
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailableKind(error) !== undefined;
}

/** What one request noted about the database while it ran. */
type RequestNotes = { unavailable?: unknown };
const requests = new AsyncLocalStorage<RequestNotes>();

/** Runs `fn` (a request's handling) with its own notes. */
export function withDatabaseNotes<T>(fn: () => T): T {
  return requests.run({}, fn);
}

/** The current request's notes (to pass into callbacks that run outside it). */
export function currentNotes(): RequestNotes | undefined {
  return requests.getStore();
}

/** Notes `error` on the request (`notes`, or the current one) when it means unavailable. */
export function noteDatabaseError(error: unknown, notes = requests.getStore()): void {
  if (notes && notes.unavailable === undefined && isDatabaseUnavailable(error)) {
    notes.unavailable = error;
  }
}

/** The unavailability error the current request met, if any. */
export function unavailableCause(): unknown {
  return requests.getStore()?.unavailable;
}

/**
 * For a session lookup's catch: a lookup that failed because of the database
 * is not "signed out" (that would send a member to sign in, or drop their
 * write): it is rethrown, to be answered 503. Any other failure reads as no
 * session.
 */
export function signedOutUnlessUnavailable(error: unknown): null {
  if (isDatabaseUnavailable(error)) throw error;
  return null;
}

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
