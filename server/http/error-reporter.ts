/**
 * The error tracker's hook (docs/decisions/0136): with ERROR_WEBHOOK_URL set,
 * each unhandled error (a route's, or one Express caught) is POSTed there as
 * JSON, at most LIMIT a minute per process (the rest are counted and the
 * count sent with the next one), never waited for by the request. The error
 * is sent as the log keeps it (server/logger.ts safeError): no SQL, no
 * parameters, no user text.
 */
import { safeError } from "../logger";
import { createWindowLimiter } from "./window-limiter";

export const ERROR_REPORTS_PER_MINUTE = 10;
const TIMEOUT_MS = 5_000;

export type ErrorContext = { method?: string; path?: string; requestId?: string };
export type ErrorReport = {
  site: string;
  app: string;
  time: string;
  /** As server/logger.ts keeps it: type, SQLSTATE, names, the stack's frames, no user text. */
  error: unknown;
  request?: ErrorContext;
  /** Errors not sent since the last report (over the rate limit or failed). */
  dropped: number;
};

type Reporter = (error: unknown, context?: ErrorContext) => void;

const key = Symbol.for("founderbridge.error-reporter");
type GlobalWithReporter = typeof globalThis & { [key]?: Reporter };

export function createErrorReporter(options: {
  url: string;
  siteUrl: string;
  appVersion: string;
  log: { warn(details: object, message: string): void };
  fetch?: typeof fetch;
  limit?: number;
}): Reporter {
  const send = options.fetch ?? fetch;
  const allow = createWindowLimiter({
    limit: options.limit ?? ERROR_REPORTS_PER_MINUTE,
    windowMs: 60_000,
  });
  let dropped = 0;
  let warned = false;
  return (error, context) => {
    if (!allow("errors")) {
      dropped += 1;
      return;
    }
    const report: ErrorReport = {
      site: options.siteUrl,
      app: options.appVersion,
      time: new Date().toISOString(),
      error: safeError(error),
      ...(context ? { request: context } : {}),
      dropped,
    };
    const droppedBefore = dropped;
    dropped = 0;
    send(options.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": "FounderBridge error reporter" },
      body: JSON.stringify(report),
      redirect: "error",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
      .then((res) => {
        void res.body?.cancel();
        if (!res.ok) throw new Error(`answered ${res.status}`);
        warned = false;
      })
      .catch((failure: unknown) => {
        dropped += droppedBefore + 1;
        // Once until one succeeds again: a tracker that is down must not flood the log.
        if (!warned) options.log.warn({ err: failure }, "the error webhook could not be reached");
        warned = true;
      });
  };
}

export function setErrorReporter(reporter: Reporter | undefined) {
  (globalThis as GlobalWithReporter)[key] = reporter;
}

/** Reports an unhandled error if a tracker is configured; never throws. */
export function reportError(error: unknown, context?: ErrorContext) {
  try {
    (globalThis as GlobalWithReporter)[key]?.(error, context);
  } catch {
    // Reporting must never break the request.
  }
}
