/**
 * Graceful shutdown (docs/decisions/0062). On SIGTERM the instance:
 *
 * 1. reports not ready (GET /api/health/ready answers 503 "draining");
 * 2. stops accepting connections;
 * 3. answers every request in flight, and any that still arrives on an open
 *    connection, with `Connection: close`, closing that connection after it;
 * 4. closes idle keep-alive connections at once, and each one as soon as its
 *    last answer is out;
 * 5. ends the event streams with a retry hint (their browsers reconnect, to
 *    another instance);
 * 6. once every connection is closed (or after `graceMs`, cutting what is
 *    left), lets the caller close the database pool and exit.
 */
import type { RequestHandler, Response } from "express";
import type { Server } from "node:http";

let draining = false;
const inFlight = new Set<Response>();
let onSettled: (() => void) | undefined;

/** True once the shutdown began: readiness answers 503. */
export function isDraining(): boolean {
  return draining;
}

/** Requests being answered now (tests, logs). */
export function inFlightCount(): number {
  return inFlight.size;
}

/** Keeps count of the requests in flight; during a drain, answers close their connection. */
export function trackInFlight(): RequestHandler {
  return (_req, res, next) => {
    inFlight.add(res);
    if (draining) res.setHeader("Connection", "close");
    const done = () => {
      if (!inFlight.delete(res)) return;
      if (draining) setImmediate(() => onSettled?.());
    };
    res.once("finish", done);
    res.once("close", done);
    next();
  };
}

export type DrainResult = {
  /** Requests in flight when the drain began. */
  inFlightAtStart: number;
  /** Requests still open when the grace period ran out (their connections were cut). */
  cut: number;
  ms: number;
};

/**
 * Drains `server` as described above; resolves when every connection is
 * closed. `endStreams` ends the event streams (with their retry hint).
 */
export async function drain(
  server: Server,
  { graceMs = 10_000, endStreams }: { graceMs?: number; endStreams?: () => Promise<void> } = {},
): Promise<DrainResult> {
  const started = performance.now();
  draining = true;
  const inFlightAtStart = inFlight.size;
  for (const res of inFlight) {
    if (!res.headersSent) res.setHeader("Connection", "close");
  }
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // server.close() closes the connections idle now; each one that goes idle later closes then.
  onSettled = () => server.closeIdleConnections();
  server.closeIdleConnections();
  await endStreams?.();
  let cut = 0;
  const timer = setTimeout(() => {
    cut = inFlight.size;
    server.closeAllConnections();
  }, graceMs);
  timer.unref();
  await closed;
  clearTimeout(timer);
  onSettled = undefined;
  return { inFlightAtStart, cut, ms: Math.round(performance.now() - started) };
}

/** Back to serving (tests that drain an app and reuse the module). */
export function resetDrainState() {
  draining = false;
  onSettled = undefined;
}
