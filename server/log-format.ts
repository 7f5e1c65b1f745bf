/**
 * Log lines a person reads in a terminal (development, or any stdout that is
 * a TTY): `12:04:05.123 INFO GET /login 200 12 ms`, then the event's other
 * fields as key=value, and an error's stack below it. Elsewhere (a file, a
 * pipe, a log collector) the logger writes pino's JSON lines unchanged.
 */
const LEVELS: Record<number, string> = {
  10: "TRACE",
  20: "DEBUG",
  30: "INFO",
  40: "WARN",
  50: "ERROR",
  60: "FATAL",
};
const COLOURS: Record<string, string> = {
  TRACE: "\x1b[90m",
  DEBUG: "\x1b[90m",
  INFO: "\x1b[32m",
  WARN: "\x1b[33m",
  ERROR: "\x1b[31m",
  FATAL: "\x1b[35m",
};
/** Fields every line has, or that the line's head already shows. */
const SHOWN = new Set(["time", "level", "msg", "pid", "hostname", "service", "req", "res", "err"]);

const two = (n: number) => String(n).padStart(2, "0");

function clock(time: unknown) {
  const date = new Date(typeof time === "number" || typeof time === "string" ? time : Date.now());
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}.${String(date.getMilliseconds()).padStart(3, "0")}`;
}

/** A message as it reads: a string as it is, anything else as JSON. */
function textOf(value: unknown): string {
  return typeof value === "string" ? value : valueText(value);
}

function valueText(value: unknown) {
  if (typeof value === "string") return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value);
}

/** One pino JSON line as a readable line; anything that is not JSON comes back as it was. */
export function prettyLine(line: string, { colour = false } = {}): string {
  let event: Record<string, unknown>;
  try {
    event = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (!event || typeof event !== "object") return line;
  const level =
    LEVELS[Number(event.level)] ??
    (typeof event.level === "string" ? event.level : "LOG").toUpperCase();
  const levelText = colour ? `${COLOURS[level] ?? ""}${level}\x1b[0m` : level;
  const parts = [clock(event.time), levelText];
  const req = event.req as { method?: string; url?: string; id?: string } | undefined;
  const res = event.res as { statusCode?: number } | undefined;
  if (req?.method && res?.statusCode !== undefined) {
    // pino-http's line: what was asked, the answer, how long it took.
    parts.push(`${req.method} ${req.url} ${res.statusCode}`);
    if (typeof event.responseTime === "number") parts.push(`${event.responseTime} ms`);
    if (event.msg && event.msg !== "request completed") parts.push(textOf(event.msg));
  } else if (event.msg !== undefined) {
    parts.push(textOf(event.msg));
  }
  const fields = Object.entries(event)
    .filter(([key]) => !SHOWN.has(key) && !(key === "responseTime" && res))
    .map(([key, value]) => `${key}=${valueText(value)}`);
  if (req?.id) fields.push(`reqId=${req.id}`);
  let text = [...parts, ...fields].join(" ");
  const err = event.err as { stack?: string; message?: string } | undefined;
  if (err)
    text += `\n    ${(err.stack ?? err.message ?? JSON.stringify(err)).replace(/\n/g, "\n    ")}`;
  return text;
}

/** A destination for pino that writes readable lines to `out`. */
export function prettyDestination(out: NodeJS.WriteStream | NodeJS.WritableStream) {
  const colour = Boolean((out as NodeJS.WriteStream).isTTY);
  return {
    write(chunk: string) {
      const lines = chunk.split("\n").filter(Boolean);
      out.write(lines.map((line) => prettyLine(line, { colour })).join("\n") + "\n");
    },
  };
}
