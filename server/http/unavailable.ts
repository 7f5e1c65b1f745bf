/**
 * The answer to a request the database could not serve (a lost connection, a
 * statement or lock timeout): 503 with "The service is briefly unavailable,
 * please try again", in the form the caller reads, with Retry-After. Never a
 * 500 (it is not a bug) and never cached (docs/decisions/0060).
 */
import type { Request, RequestHandler, Response } from "express";
import {
  isDatabaseUnavailable,
  UNAVAILABLE_MESSAGE,
  unavailableCause,
  unavailableKind,
  withDatabaseNotes,
} from "../db/errors";

/** Seconds a client should wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

/** Gives each request its own notes of database failures (first middleware). */
export function trackDatabaseFailures(): RequestHandler {
  return (_req, _res, next) => withDatabaseNotes(next);
}

/**
 * The unavailability behind a failed answer: `error` when it is one, else
 * what the request's database calls met (an error caught and rethrown as
 * something else), else undefined.
 */
export function unavailableBehind(error?: unknown): unknown {
  if (error !== undefined && isDatabaseUnavailable(error)) return error;
  return unavailableCause();
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(retryUrl: string, nonce: string) {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Service briefly unavailable</title>
<style nonce="${escapeHtml(nonce)}">body{font-family:system-ui,sans-serif;margin:0;color:#0f172a}main{max-width:36rem;margin:5rem auto;padding:0 1rem;text-align:center}h1{font-size:1.5rem}a{display:inline-block;margin-top:1.5rem;padding:.6rem 1.2rem;border-radius:.375rem;background:#1d4ed8;color:#fff;text-decoration:none;font-weight:600}</style>
</head>
<body>
<main>
<h1>${UNAVAILABLE_MESSAGE}</h1>
<a href="${escapeHtml(retryUrl)}">Try again</a>
</main>
</body>
</html>
`;
}

/**
 * Answers 503. A React Router data request (*.data) gets the message as text:
 * the browser's router turns it into a route error with that status and text,
 * which the root error boundary shows. API calls and clients asking for JSON
 * get { error }; pages get a small page of their own, which needs neither the
 * database nor the layout.
 */
export function sendUnavailable(req: Request, res: Response, cause?: unknown): void {
  if (cause !== undefined) {
    req.log?.warn(
      { kind: unavailableKind(cause), err: cause },
      "database unavailable; answered 503",
    );
  }
  res.status(503);
  res.set({ "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" });
  if (req.path.endsWith(".data")) {
    res.type("text/plain").send(UNAVAILABLE_MESSAGE);
    return;
  }
  if (req.path.startsWith("/api/") || req.accepts(["html", "json"]) === "json") {
    res.json({ error: UNAVAILABLE_MESSAGE });
    return;
  }
  // "Try again" loads the page again (a GET: a form shows itself afresh).
  res.type("html").send(page(req.originalUrl, String(res.locals.cspNonce ?? "")));
}
