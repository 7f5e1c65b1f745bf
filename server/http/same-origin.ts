/**
 * One same-origin check for every request that can change something
 * (docs/security.md#same-origin-and-caching). A browser names the page that sent a request in the
 * Origin header (and, in Sec-Fetch-Site, how it relates to the target): a
 * form or script on another site, or on a sibling of this one (another port,
 * another sub-domain: the same "site" for SameSite cookies), is refused with
 * 403 before any handler reads the body or the session. The auth library's
 * own paths are left to its own origin check (only its OAuth callback is
 * open, and a provider sends the browser there). Requests with neither
 * header are not from a browser that would carry a victim's cookies: they
 * pass.
 */
import type { Request, RequestHandler } from "express";

export const CROSS_SITE_MESSAGE =
  "This request came from another site and was refused. Please use the form on this site.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type SameOriginOptions = {
  /** The site's public address (SITE_URL). */
  siteUrl: string;
  /** Paths the check leaves alone (the auth library's own). */
  exempt?: (path: string) => boolean;
};

/** Why a request is refused, or null when it may go on. */
export function crossSiteReason(
  request: { method: string; origin?: string | undefined; fetchSite?: string | undefined },
  allowedOrigins: readonly string[],
): string | null {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return null;
  if (request.origin !== undefined) {
    return allowedOrigins.includes(request.origin.toLowerCase())
      ? null
      : `origin ${request.origin === "null" ? "null" : "mismatch"}`;
  }
  if (request.fetchSite === undefined) return null;
  return request.fetchSite === "same-origin" || request.fetchSite === "none"
    ? null
    : `sec-fetch-site ${request.fetchSite}`;
}

/** This request's own origin as the client addressed it (scheme per "trust proxy"). */
function ownOrigin(req: Request): string | null {
  const host = req.get("host");
  return host ? `${req.protocol}://${host}`.toLowerCase() : null;
}

export function sameOrigin({ siteUrl, exempt }: SameOriginOptions): RequestHandler {
  const site = new URL(siteUrl).origin.toLowerCase();
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || exempt?.(req.path)) return next();
    const own = ownOrigin(req);
    const reason = crossSiteReason(
      {
        method: req.method,
        origin: req.get("origin"),
        fetchSite: req.get("sec-fetch-site")?.toLowerCase(),
      },
      own && own !== site ? [site, own] : [site],
    );
    if (!reason) return next();
    req.log?.warn({ reason }, "cross-site request refused");
    res.status(403);
    const wantsJson = req.path.startsWith("/api/") || req.accepts(["html", "json"]) === "json";
    if (wantsJson) res.json({ error: CROSS_SITE_MESSAGE });
    else res.type("text/plain").send(CROSS_SITE_MESSAGE);
  };
}
