import express, { type Router } from "express";
import { z } from "zod";
import type { Logger } from "../logger";
import { createWindowLimiter } from "./window-limiter";

/** docs/development.md#layout: the browser reports error and warn logs in production. */
export const clientLogSchema = z.object({
  level: z.enum(["error", "warn"]),
  message: z.string().min(1).max(2000),
  timestamp: z.iso.datetime({ offset: true }),
  context: z.record(z.string(), z.unknown()).optional(),
});

export const CLIENT_LOG_MAX_BYTES = 8 * 1024;
export const CLIENT_LOGS_PER_MINUTE = 30;

/** POST /api/logs: validates, caps size and rate, and writes the entry to the server log. */
export function clientLogsRouter(log: Logger): Router {
  const router = express.Router();
  const allow = createWindowLimiter({ limit: CLIENT_LOGS_PER_MINUTE, windowMs: 60_000 });

  router.post(
    "/api/logs",
    (req, res, next) => {
      if (!allow(req.ip ?? "unknown")) {
        res.status(429).json({ error: "Too many log entries. Please try again later." });
        return;
      }
      next();
    },
    express.json({ limit: CLIENT_LOG_MAX_BYTES, type: ["application/json", "text/plain"] }),
    (req, res) => {
      const parsed = clientLogSchema.safeParse(req.body);
      if (!parsed.success) {
        res.status(400).json({ error: "Invalid log entry." });
        return;
      }
      const { level, message, timestamp, context } = parsed.data;
      log[level](
        { source: "browser", clientTimestamp: timestamp, context, reqId: req.id },
        message,
      );
      res.status(204).end();
    },
  );
  return router;
}
