import pino from "pino";
import { prettyDestination } from "./log-format";

type ErrorLike = Record<string, unknown> & { raw?: unknown };

/** A PostgreSQL SQLSTATE (22021, 23505…). */
const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * An error as the log keeps it (docs/milestones.md#issue-13-security): its type, a database error's
 * SQLSTATE and the names of what it concerns (constraint, table, column),
 * and where it was thrown, but never the SQL, its parameters or a database
 * message (they carry what the user typed: "invalid input syntax …: <text>").
 * Other errors keep the first line of their message, cut to 200 characters.
 */
export function safeError(input: unknown, depth = 0): unknown {
  const error = ((input as ErrorLike | null)?.raw ?? input) as ErrorLike | null;
  if (!error || typeof error !== "object") return { message: String(input).slice(0, 200) };
  const code = typeof error.code === "string" ? error.code : undefined;
  const database =
    "params" in error || "query" in error || (code !== undefined && SQLSTATE.test(code));
  const out: Record<string, unknown> = {
    type:
      (error.constructor as { name?: string } | undefined)?.name ??
      (typeof error.type === "string" ? error.type : "Error"),
  };
  if (code !== undefined) out.code = code;
  for (const key of ["constraint", "table", "column", "routine", "status"] as const) {
    const value = error[key];
    if (typeof value === "string" || typeof value === "number") out[key] = value;
  }
  if (!database && typeof error.message === "string") {
    out.message = error.message.split("\n")[0]!.slice(0, 200);
  }
  if (typeof error.stack === "string") {
    out.stack = error.stack
      .split("\n")
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 15)
      .join("\n");
  }
  if (error.cause !== undefined && depth < 3) out.cause = safeError(error.cause, depth + 1);
  return out;
}

export type LogFormat = "json" | "pretty";

/**
 * The process logger: one event per line, with the request id where there is
 * one. JSON lines for machines (the default on servers); readable lines
 * (server/log-format.ts) where a person reads them: LOG_FORMAT decides, else
 * development or a terminal gets them (server/config.ts).
 */
export function createLogger(level: string, format: LogFormat = "json") {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "founderbridge" },
    serializers: { err: safeError, error: safeError },
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      remove: true,
    },
  };
  return format === "pretty" ? pino(options, prettyDestination(process.stdout)) : pino(options);
}

export type Logger = pino.Logger;
