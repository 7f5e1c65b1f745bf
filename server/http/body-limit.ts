/**
 * One byte cap for every request body (docs/decisions/0040). The middleware
 * refuses a declared Content-Length over the path's limit at once, and gives
 * the request a counted body stream: the handlers (React Router, Better
 * Auth) read the body only through it (server/http/fetch-bridge.ts), so a
 * body, chunked or not, is stopped with 413 past the limit, never held whole.
 */
import type { IncomingMessage } from "node:http";
import type { Request as ExpressRequest, RequestHandler, Response } from "express";
import {
  FILE_TOO_LARGE_MESSAGE,
  IMPORT_TOO_LARGE_MESSAGE,
  LARGE_BODY_LIMIT_BYTES,
  SMALL_BODY_LIMIT_BYTES,
  TOO_LARGE_MESSAGE,
} from "./limits";

const MB = 1024 * 1024;

/** Past this much dropped after an answer, the connection is cut. */
const DISCARD_LIMIT_BYTES = 64 * MB;

const FILE_ROUTES = new Set(["/edit-profile", "/api/uploads", "/admin/site-settings"]);
const EDITOR_ROUTES = new Set(["/create-post"]);

export type BodyRule = { limit: number; message: string };

/**
 * The limit for a path. Any path not named here gets the small limit, so a
 * new route is capped without being listed (and a path spelled oddly errs
 * small).
 */
export function bodyRuleFor(pathname: string): BodyRule {
  // A React Router data request (a fetcher's or a <Form>'s submission with
  // JavaScript) posts to the route's path + ".data" ("/_.data" for "/"): the
  // same route, the same limit.
  const route = pathname.replace(/(?:\/_)?\.data$/, "");
  const path = route.replace(/\/+$/, "").toLowerCase() || "/";
  if (FILE_ROUTES.has(path))
    return { limit: LARGE_BODY_LIMIT_BYTES, message: FILE_TOO_LARGE_MESSAGE };
  // An export file of up to IMPORT_MAX_BYTES; the page answers past that itself.
  if (path === "/admin/import")
    return { limit: LARGE_BODY_LIMIT_BYTES, message: IMPORT_TOO_LARGE_MESSAGE };
  if (EDITOR_ROUTES.has(path) || /^\/edit-post\/[^/]+$/.test(path)) {
    return { limit: LARGE_BODY_LIMIT_BYTES, message: TOO_LARGE_MESSAGE };
  }
  return { limit: SMALL_BODY_LIMIT_BYTES, message: TOO_LARGE_MESSAGE };
}

export type CappedBody = {
  /** The body, counted as it is read; null when the request has none. */
  body: ReadableStream<Uint8Array> | null;
  /** Aborted when the cap refuses the body: the handler's work is moot. */
  refused: AbortSignal;
};

const capped = new WeakMap<IncomingMessage, CappedBody>();

/**
 * The request's counted body. Throws when the middleware did not run: a
 * handler must not read an uncapped body.
 */
export function cappedBody(req: IncomingMessage): CappedBody {
  const found = capped.get(req);
  if (!found) throw new Error("bodyLimit() must run before a handler reads the request body");
  return found;
}

function hasBody(req: IncomingMessage) {
  return (
    req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0
  );
}

/** A readable 413: JSON for the API and script callers, a short text for pages. */
function answerTooLarge(req: ExpressRequest, res: Response, message: string) {
  if (res.headersSent) return;
  res.status(413);
  const wantsJson = req.path.startsWith("/api/") || req.accepts(["html", "json"]) === "json";
  if (wantsJson) res.json({ error: message });
  else res.type("text/plain").send(message);
}

export function bodyLimit(): RequestHandler {
  return (req, res, next) => {
    const rule = bodyRuleFor(req.path);
    const refusal = new AbortController();
    let mode: "idle" | "forward" | "drop" = "idle";
    let seen = 0;
    let dropped = 0;
    let stream: ReadableStreamDefaultController<Uint8Array> | undefined;

    /**
     * From here on the body is read and dropped, so a client still sending
     * receives the answer (cutting first would reset the connection before it
     * is read); past the discard limit the connection is cut.
     */
    const drop = (reason?: Error) => {
      if (mode === "forward" && reason) stream?.error(reason);
      mode = "drop";
      listen();
      req.resume();
    };
    const onData = (chunk: Buffer) => {
      if (mode === "drop") {
        dropped += chunk.byteLength;
        if (dropped > DISCARD_LIMIT_BYTES) req.socket.destroy();
        return;
      }
      seen += chunk.byteLength;
      if (seen > rule.limit) {
        refusal.abort();
        drop(new Error(`request body over the limit of ${rule.limit} bytes`));
        answerTooLarge(req, res, rule.message);
        return;
      }
      stream?.enqueue(chunk);
      if ((stream?.desiredSize ?? 0) <= 0) req.pause();
    };
    let listening = false;
    const listen = () => {
      if (listening) return;
      listening = true;
      req.on("data", onData);
      req.once("end", () => {
        if (mode === "forward") stream?.close();
        mode = "drop";
      });
      req.once("error", (error) => {
        if (mode === "forward") stream?.error(error);
        mode = "drop";
      });
    };

    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > rule.limit) {
      refusal.abort();
      capped.set(req, { body: null, refused: refusal.signal });
      answerTooLarge(req, res, rule.message);
      drop();
      return;
    }
    if (!hasBody(req)) {
      capped.set(req, { body: null, refused: refusal.signal });
      next();
      return;
    }
    // Nothing is read from the socket until the handler pulls (highWaterMark
    // 0), and then a chunk at a time: at most a chunk is held here.
    const body = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          stream = controller;
        },
        pull() {
          if (mode === "idle") {
            mode = "forward";
            listen();
          }
          if (mode === "forward") req.resume();
        },
        cancel() {
          drop();
        },
      },
      { highWaterMark: 0 },
    );
    // Answered while the body is still arriving (unread, or a route's own
    // refusal): the rest is dropped and counted too, not read without end.
    res.once("finish", () => {
      if (!req.complete) drop(new Error("answered before the body was read"));
    });
    capped.set(req, { body, refused: refusal.signal });
    next();
  };
}
