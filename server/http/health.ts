/**
 * Liveness and readiness for load balancers and orchestrators
 * (docs/decisions/0062), beside the spec's /api/health and /health, which
 * keep their three checks (a profiles read, storage, a session read) for
 * people and monitoring.
 *
 * - GET /api/health/live: the process answers. No database, no disk: a
 *   restart is the cure only when this fails.
 * - GET /api/health/ready: this instance can take traffic now: it is not
 *   shutting down, and the database answers SELECT 1 within READY_TIMEOUT_MS
 *   on a connection reserved for the check (never queued behind the pool's
 *   traffic, so a busy instance is still ready).
 */
import type { RequestHandler } from "express";
import { isDraining } from "./shutdown";

export const READY_TIMEOUT_MS = 1_000;

type HealthDeps = {
  /** Resolves when the database answers within `timeoutMs`. */
  ping: (timeoutMs: number) => Promise<void>;
  /** True once the server has begun shutting down (server/http/shutdown.ts). */
  draining?: () => boolean;
  timeoutMs?: number;
};

const noStore = { "Cache-Control": "no-store" };

export function healthProbes({
  ping,
  draining = isDraining,
  timeoutMs = READY_TIMEOUT_MS,
}: HealthDeps): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (req.path === "/api/health/live") {
      res.set(noStore).json({ status: "live", uptime: Math.round(process.uptime()) });
      return;
    }
    if (req.path !== "/api/health/ready") return next();
    if (draining()) {
      res.status(503).set(noStore).json({ status: "draining" });
      return;
    }
    const started = performance.now();
    ping(timeoutMs).then(
      () => {
        const responseTime = Math.round(performance.now() - started);
        res.set(noStore).json({ status: "ready", database: { status: "up", responseTime } });
      },
      (error: unknown) => {
        const responseTime = Math.round(performance.now() - started);
        const message = error instanceof Error ? error.message : String(error);
        req.log?.warn({ err: message }, "readiness check failed");
        res
          .status(503)
          .set(noStore)
          .json({
            status: "not ready",
            database: { status: "down", responseTime, error: message },
          });
      },
    );
  };
}
