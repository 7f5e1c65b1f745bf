import pino from "pino";

/** The process logger: JSON lines, one per event, with the request id where there is one. */
export function createLogger(level: string) {
  return pino({
    level,
    base: { service: "founderbridge" },
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      remove: true,
    },
  });
}

export type Logger = pino.Logger;
