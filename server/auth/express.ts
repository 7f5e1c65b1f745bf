import type { RequestHandler } from "express";
import { fetchRequestOf, sendFetchResponse } from "../http/fetch-bridge";
import { auth } from "./index";
import { CLIENT_IP_HEADER, LINKEDIN_PROVIDER_ID } from "./auth";

/**
 * The only library endpoint the browser calls: the provider's answer after
 * sign-in with LinkedIn. Every other flow goes through the site's own forms,
 * which call the library server-side with the site's rules (lockout, attempt
 * log, padding, status, sign-up rules): docs/decisions/0050.
 */
export const OPEN_AUTH_ROUTES: readonly { method: string; path: string }[] = [
  { method: "GET", path: `/api/auth/callback/${LINKEDIN_PROVIDER_ID}` },
];

/**
 * /api/auth/*: the open routes go to Better Auth, anything else is 404 before
 * the library sees it (its disabledPaths close the same paths a second time).
 */
export function authRoutes(): RequestHandler {
  const handler = authHandler();
  return (req, res, next) => {
    if (OPEN_AUTH_ROUTES.some((r) => r.method === req.method && r.path === req.path)) {
      handler(req, res, next);
      return;
    }
    res.status(404).json({ error: "Not found" });
  };
}

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
