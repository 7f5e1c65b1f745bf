import pino from "pino";
import { prettyDestination } from "./log-format";

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
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      remove: true,
    },
  };
  return format === "pretty" ? pino(options, prettyDestination(process.stdout)) : pino(options);
}

export type Logger = pino.Logger;
