/**
 * Express to Fetch and back, for the handlers that speak Fetch (React Router,
 * Better Auth). Like @react-router/express's adapter, except that the body is
 * the capped stream from bodyLimit(), never the Node request itself.
 */
import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { cappedBody } from "./body-limit";
import { cleanBodyStream } from "./clean-input";

function headersOf(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

/** The page's address as React Router's adapter builds it (X-Forwarded-Host only behind a trusted proxy). */
function urlOf(req: ExpressRequest): string {
  const [, forwardedPort] = req.app.enabled("trust proxy")
    ? (req.get("X-Forwarded-Host")?.split(":") ?? [])
    : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort]
    .map((value) => Number.parseInt(value ?? "", 10))
    .find((value) => Number.isSafeInteger(value));
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${port}` : ""}`;
  return new URL(`${req.protocol}://${host}${req.originalUrl}`).href;
}

/**
 * The Fetch request for an Express request. Its signal aborts when the
 * client goes away before the answer, or when the body cap refuses the body.
 */
export function fetchRequestOf(req: ExpressRequest, res: ExpressResponse): Request {
  const { body, refused } = cappedBody(req);
  const gone = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) gone.abort();
  });
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers: headersOf(req),
    signal: AbortSignal.any([gone.signal, refused]),
  };
  if (req.method !== "GET" && req.method !== "HEAD" && body) {
    // Forms reach the handlers with control characters stripped (docs/milestones.md#issue-13-security):
    // the cleaned body may be shorter than the client declared.
    init.body = cleanBodyStream(body, req.get("content-type") ?? null);
    if (init.body !== body) (init.headers as Headers).delete("content-length");
    init.duplex = "half";
  }
  return new Request(urlOf(req), init);
}

function answered(res: ExpressResponse) {
  return res.headersSent || res.writableEnded || res.destroyed;
}

/** The response as a writable without flush(), which React Router's writer calls per chunk. */
function withoutFlush(res: ExpressResponse): ExpressResponse {
  return new Proxy(res, {
    get(target, property) {
      if (property === "flush") return undefined;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function"
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

/** Writes a Fetch response, unless something (the body cap's 413) has answered already. */
export async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (answered(res)) {
    await response.body?.cancel().catch(() => {});
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // Iterating Headers gives each Set-Cookie on its own.
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  const eventStream = /text\/event-stream/i.test(response.headers.get("Content-Type") ?? "");
  if (eventStream) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    // React Router's writer flushes the compressor after every chunk, which ends a deflate
    // block each time (about 20 % larger pages, and more CPU): only event streams need
    // that. No page streams deferred data, so pages are piped and compressed whole
    // (decision 0105).
    await writeReadableStreamToWritable(response.body, eventStream ? res : withoutFlush(res));
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
