import { toNodeHandler } from "better-auth/node";
import type { RequestHandler } from "express";
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

/** Better Auth's HTTP endpoints under /api/auth (OAuth redirects and callbacks, sign-out). */
export function authHandler(): RequestHandler {
  let handler: ReturnType<typeof toNodeHandler> | undefined;
  return (req, res, next) => {
    handler ??= toNodeHandler(auth());
    Promise.resolve(handler(req, res)).catch(next);
  };
}
