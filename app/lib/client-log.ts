/**
 * Browser-side logging (docs/development.md#layout): in production, error and warn entries go
 * to POST /api/logs as {level, message, timestamp, context}. In development
 * they stay in the console.
 */
type Level = "error" | "warn";

const MAX_REPORTS_PER_PAGE = 20;
let reported = 0;

function send(level: Level, message: string, context?: Record<string, unknown>) {
  if (!import.meta.env.PROD || typeof window === "undefined") return;
  if (reported >= MAX_REPORTS_PER_PAGE) return;
  reported += 1;
  const body = JSON.stringify({
    level,
    message: message.slice(0, 2000),
    timestamp: new Date().toISOString(),
    context: { url: window.location.pathname, ...context },
  });
  // keepalive lets the report leave even while the page unloads.
  fetch("/api/logs", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
    keepalive: true,
  }).catch(() => {});
}

export const clientLog = {
  error(message: string, context?: Record<string, unknown>) {
    console.error(message, context ?? "");
    send("error", message, context);
  },
  warn(message: string, context?: Record<string, unknown>) {
    console.warn(message, context ?? "");
    send("warn", message, context);
  },
};

/** Reports uncaught errors and unhandled promise rejections. */
export function installGlobalErrorReporting() {
  window.addEventListener("error", (event) => {
    send("error", event.message || "Uncaught error", {
      source: event.filename,
      line: event.lineno,
      column: event.colno,
    });
  });
  window.addEventListener("unhandledrejection", (event) => {
    const reason = event.reason as unknown;
    send("error", reason instanceof Error ? reason.message : String(reason), {
      kind: "unhandledrejection",
      stack: reason instanceof Error ? reason.stack?.slice(0, 1000) : undefined,
    });
  });
}
