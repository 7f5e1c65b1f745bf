/**
 * `Cache-Control: private, no-store` on every answer made for a signed-in
 * request (docs/security.md#same-origin-and-caching): pages and data that carry a member's name, an
 * admin's user list, notifications. A shared cache that keeps HTML must
 * never keep them, nor the browser's back/forward cache on a shared
 * computer. Mounted after the static files (hashed assets and uploads stay
 * cacheable whoever asks). A route that declares its answer `public` (the
 * feeds, robots.txt) says it is the same for everyone and keeps it, unless
 * the answer sets a cookie: an answer that sets a cookie is never kept.
 */
import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";

export const PRIVATE_NO_STORE = "private, no-store";

/** Better Auth's session cookie (with or without the __Secure- prefix). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

export function carriesSession(req: IncomingMessage): boolean {
  return SESSION_COOKIE.test(req.headers.cookie ?? "");
}

export function privateWhenSignedIn(): RequestHandler {
  return (req, res, next) => {
    const signedIn = carriesSession(req);
    const writeHead = res.writeHead.bind(res);
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      if (!res.headersSent) {
        const setsCookie = res.getHeader("set-cookie") !== undefined;
        const declared = String(res.getHeader("cache-control") ?? "");
        if (setsCookie || (signedIn && !/\bpublic\b/i.test(declared))) {
          res.setHeader("Cache-Control", PRIVATE_NO_STORE);
        }
      }
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  };
}
