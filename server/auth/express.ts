import type { RequestHandler } from "express";
import { fetchRequestOf, sendFetchResponse } from "../http/fetch-bridge";
import { auth } from "./index";
import { CLIENT_IP_HEADER } from "./auth";

/**
 * Sets the client-address header Better Auth reads to Express's req.ip, which
 * honours X-Forwarded-For only when TRUST_PROXY is set ("trust proxy"). Any
 * value the client sent in that header is replaced.
 */
export const clientIpHeader: RequestHandler = (req, _res, next) => {
  req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "";
  next();
};

/**
 * Better Auth's HTTP endpoints under /api/auth (OAuth redirects and callbacks,
 * sign-in, sign-out). Its Fetch handler gets the request from the fetch
 * bridge, so its JSON bodies are capped like every other (docs/decisions/0040).
 */
export function authHandler(): RequestHandler {
  return (req, res, next) => {
    void (async () => {
      let request = fetchRequestOf(req, res);
      if (request.body) {
        // Read here (at most the small cap) so that a body the cap refuses,
        // already answered 413, never reaches Better Auth as a server error.
        const body = await request.arrayBuffer().catch(() => null);
        if (body === null) return;
        request = new Request(request.url, {
          method: request.method,
          headers: request.headers,
          body,
          signal: request.signal,
        });
      }
      await sendFetchResponse(res, await auth().handler(request));
    })().catch((error: unknown) => {
      // The client left: nothing to answer.
      if (res.headersSent || res.destroyed) return;
      next(error);
    });
  };
}
