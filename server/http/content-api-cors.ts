/**
 * CORS for the read-only Content API (/api/content/v1, docs/decisions/0139):
 * pages on the configured origins (CONTENT_API_ORIGINS; "*" for any) may
 * read it from a browser; preflights are answered here, before the app.
 * Other origins get no CORS header, so their pages cannot read the answers.
 */
import type { RequestHandler } from "express";

export const CONTENT_API_PATH = "/api/content/v1";

export function contentApiCors(origins: readonly string[]): RequestHandler {
  const any = origins.includes("*");
  const allowed = new Set(origins.map((origin) => origin.toLowerCase()));
  return (req, res, next) => {
    if (req.path !== CONTENT_API_PATH && !req.path.startsWith(`${CONTENT_API_PATH}/`)) {
      return next();
    }
    res.vary("Origin");
    const origin = req.get("origin");
    const ok = origin !== undefined && (any || allowed.has(origin.toLowerCase()));
    if (ok) {
      res.setHeader("Access-Control-Allow-Origin", any ? "*" : origin);
      res.setHeader("Access-Control-Expose-Headers", "ETag, Retry-After");
    }
    if (req.method !== "OPTIONS") return next();
    if (ok) {
      res.setHeader("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS");
      res.setHeader("Access-Control-Allow-Headers", "Authorization, If-None-Match");
      res.setHeader("Access-Control-Max-Age", "600");
    }
    res.status(204).end();
  };
}
