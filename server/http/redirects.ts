/**
 * URL redirects (docs/product/administration.md#redirects /admin/redirects, docs/product/README.md#data-model URL redirect, codes):
 * the admins' redirects answered as real HTTP redirects before any page is
 * rendered.
 *
 * The whole table is held in an in-process cache (scope "redirects"); a
 * change anywhere makes the database send NOTIFY cache_invalidate
 * 'redirects' (migration 0006) and every instance drops its copy, so the next
 * request reads the table again. A request costs one Map lookup.
 *
 * Paths are compared in one normal form (normalisePath): percent-encoded as
 * the URL parser encodes them, dot segments resolved, without a trailing
 * slash (except "/" itself). The request's query string is kept.
 *
 * Paths under RESERVED_PREFIXES are never redirected (and refused when
 * saved): they are what an admin needs to run and repair the site, and the
 * site's own machinery (assets, uploads, the API, sign-in).
 */
import type { RequestHandler } from "express";
import { createCache, MINUTE } from "#server/cache/cache";
import { db as processDb, type Database } from "#server/db/client";
import { urlRedirects } from "#server/db/schema";

export const REDIRECT_STATUS_CODES = [301, 302, 307, 308] as const;
export type RedirectStatus = (typeof REDIRECT_STATUS_CODES)[number];
export const DEFAULT_REDIRECT_STATUS: RedirectStatus = 301;

/** Never redirected: the admin pages, the API, assets, uploads, sign-in and health. */
export const RESERVED_PREFIXES = [
  "/admin",
  "/api",
  "/assets",
  "/uploads",
  "/auth",
  "/login",
  "/logout",
  "/health",
] as const;

const BASE = "http://redirects.invalid";

/**
 * A site path in the form redirects are stored and compared in, or null when
 * `path` is not a plain site path (must start with one "/"; no query, no
 * fragment, no backslash or control characters).
 */
export function normalisePath(path: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (!path.startsWith("/") || path.startsWith("//") || /[\\\u0000-\u001f\s?#]/.test(path)) {
    return null;
  }
  let pathname: string;
  try {
    pathname = new URL(path, BASE).pathname;
  } catch {
    return null;
  }
  return trimTrailingSlash(pathname);
}

function trimTrailingSlash(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/** True when `pathname` (normalised) is, or is under, a reserved prefix. */
export function isReservedPath(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  return RESERVED_PREFIXES.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
}

export type RedirectRule = { fromPath: string; toPath: string; statusCode: number };

/** `to` with the request's query string added (before any fragment). */
export function withQuery(to: string, search: string): string {
  if (!search || search === "?") return to;
  const query = search.startsWith("?") ? search.slice(1) : search;
  const hashAt = to.indexOf("#");
  const target = hashAt === -1 ? to : to.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : to.slice(hashAt);
  const joiner = target.includes("?")
    ? target.endsWith("?") || target.endsWith("&")
      ? ""
      : "&"
    : "?";
  return `${target}${joiner}${query}${hash}`;
}

type Table = { rules: Map<string, { to: string; status: RedirectStatus }> };

const cache = createCache<Table>({
  name: "redirects",
  // Dropped on every change; the lifetime only bounds a missed notification.
  ttl: 10 * MINUTE,
  scopes: ["redirects"],
  max: 1,
});

function toTable(rows: RedirectRule[]): Table {
  const rules: Table["rules"] = new Map();
  for (const row of rows) {
    const from = normalisePath(row.fromPath);
    if (!from || isReservedPath(from)) continue;
    const status = (REDIRECT_STATUS_CODES as readonly number[]).includes(row.statusCode)
      ? (row.statusCode as RedirectStatus)
      : DEFAULT_REDIRECT_STATUS;
    rules.set(from, { to: row.toPath, status });
  }
  return { rules };
}

/** The redirect for a request's path and query, or null. */
export async function findRedirect(
  load: () => Promise<RedirectRule[]>,
  url: string,
): Promise<{ location: string; status: RedirectStatus } | null> {
  let parsed: URL;
  try {
    parsed = new URL(url, BASE);
  } catch {
    return null;
  }
  const path = trimTrailingSlash(parsed.pathname);
  if (isReservedPath(path)) return null;
  const table = await cache.get("all", async () => toTable(await load()));
  const rule = table.rules.get(path);
  if (!rule) return null;
  return { location: withQuery(rule.to, parsed.search), status: rule.status };
}

/** Every redirect in the table. */
export function loadRedirects(db: Database): Promise<RedirectRule[]> {
  return db
    .select({
      fromPath: urlRedirects.fromPath,
      toPath: urlRedirects.toPath,
      statusCode: urlRedirects.statusCode,
    })
    .from(urlRedirects);
}

/**
 * Express middleware: a matching path gets its redirect; anything else, and
 * any failure to read the table (logged), goes on to the next handler.
 */
export function redirectsMiddleware(
  options: { load?: () => Promise<RedirectRule[]> } = {},
): RequestHandler {
  const load = options.load ?? (() => loadRedirects(processDb()));
  return (req, res, next) => {
    findRedirect(load, req.originalUrl).then(
      (found) => {
        if (!found) return next();
        // Permanent redirects are cached by browsers for an hour only, so an
        // admin's correction reaches them; temporary ones are never cached.
        res.setHeader(
          "Cache-Control",
          found.status === 301 || found.status === 308 ? "public, max-age=3600" : "no-store",
        );
        res.redirect(found.status, found.location);
      },
      (error: unknown) => {
        req.log?.warn({ err: error }, "redirects could not be read");
        next();
      },
    );
  };
}
