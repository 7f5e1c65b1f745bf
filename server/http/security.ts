import { randomBytes } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";

/** Hosts a post body, widget or featured audio may embed (spec: iframes allowed, hosts allow-listed). */
export const EMBED_HOSTS = [
  "https://www.youtube.com",
  "https://www.youtube-nocookie.com",
  "https://player.vimeo.com",
  "https://open.spotify.com",
  "https://w.soundcloud.com",
  "https://embed.podcasts.apple.com",
];

/**
 * Extra sources for the tracking scripts the admin switched on (site
 * settings). script-src hosts matter only to browsers without
 * 'strict-dynamic' (the nonce'd snippets load the rest); connect-src and
 * frame-src are where the trackers send data and their noscript frames.
 */
export type ExtraSources = { script: string[]; connect: string[]; frame: string[] };

const NO_EXTRA: ExtraSources = { script: [], connect: [], frame: [] };

const list = (sources: string[]) => (sources.length ? ` ${sources.join(" ")}` : "");

export function contentSecurityPolicy(
  nonce: string,
  dev: boolean,
  extra: ExtraSources = NO_EXTRA,
): string {
  const script = dev
    ? // Vite's dev client injects inline modules and evaluates HMR updates.
      `script-src 'self' 'unsafe-inline' 'unsafe-eval'${list(extra.script)}`
    : `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${list(extra.script)}`;
  return [
    "default-src 'self'",
    script,
    // Post bodies keep inline style attributes (sanitised, allow-listed properties).
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' https:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}${list(extra.connect)}`,
    `frame-src ${EMBED_HOSTS.join(" ")}${list(extra.frame)}`,
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/**
 * Security headers on every response, and a fresh CSP nonce per request
 * (res.locals.cspNonce) that the document's scripts carry.
 */
export function securityHeaders(options: {
  dev: boolean;
  /** The trackers' sources now (cached site settings); a failure leaves them out. */
  extraSources?: () => Promise<ExtraSources>;
}): RequestHandler {
  return (req, res, next) => {
    if (!options.extraSources) {
      setHeaders(req, res, NO_EXTRA, options.dev);
      next();
      return;
    }
    options
      .extraSources()
      .catch(() => NO_EXTRA)
      .then((extra) => {
        setHeaders(req, res, extra, options.dev);
        next();
      }, next);
  };
}

function setHeaders(req: Request, res: Response, extra: ExtraSources, dev: boolean) {
  const nonce = randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, dev, extra));
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader(
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), interest-cohort=()",
  );
  if (req.secure) {
    res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
}
