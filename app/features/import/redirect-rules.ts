/**
 * The Redirects page's rules (docs/product/administration.md#import; docs/decisions/0119), in one
 * place for the page and the import (docs/decisions/0172): which from paths and
 * targets a redirect may have, its status codes, and the loop check. Pure:
 * nothing here reads the database.
 */
import { z } from "zod";
import {
  DEFAULT_REDIRECT_STATUS,
  isReservedPath,
  normalisePath,
  REDIRECT_STATUS_CODES,
  RESERVED_PREFIXES,
  type RedirectStatus,
} from "#server/http/redirects";

/**
 * The first path segments of the site's own pages (app/routes.ts; a unit test
 * keeps the two in step). An old post's address starting with one of them
 * (Ghost's `/search/`, say) would hide the site's page behind a redirect, so
 * it is skipped and reported.
 */
export const SITE_SEGMENTS: ReadonlySet<string> = new Set([
  "404",
  "about",
  "our-story",
  "vision",
  "our-services",
  "expand-business-to-uk",
  "expand-business-to-india",
  "partner-with-us",
  "admin",
  "api",
  "auth",
  "categories",
  "cookie-policy",
  "create-post",
  "edit-post",
  "edit-profile",
  "favorites",
  "feed.json",
  "forgot-password",
  "health",
  "login",
  "logout",
  "manifest.webmanifest",
  "my-posts",
  "notifications",
  "pending-approval",
  "podcast.xml",
  "post",
  "preview",
  "resend-verification",
  "reset-password",
  "robots.txt",
  "rss.xml",
  "search",
  "settings",
  "signup",
  "sitemap.xml",
  "tag",
  "unsubscribe",
  "user",
  "verify-email",
  "verify-email-sent",
  "verify-otp",
]);

/**
 * First segments whose pages are named by what follows (/post/<slug>,
 * /categories/<slug>): a redirect from an address under them (a renamed post)
 * hides no page that exists, so the admin may add one.
 */
const NAMED_UNDER: ReadonlySet<string> = new Set([
  "categories",
  "tag",
  "user",
  "post",
  "preview",
  "edit-post",
]);

/**
 * Whether a redirect from `path` (normalised) would hide one of the site's own
 * pages (/search, /login/two-factor): its first segment is the site's, and it
 * is not an address under a named page. The admin's Redirects page refuses it;
 * the import, stricter, skips any old post address under a site segment.
 */
export function hidesSitePage(path: string): boolean {
  const parts = path.split("/").filter(Boolean);
  const segment = parts[0]?.toLowerCase();
  if (!segment || !SITE_SEGMENTS.has(segment)) return false;
  return !(NAMED_UNDER.has(segment) && parts.length > 1);
}

export const REDIRECT_PATH_MAX = 2000;
export const REDIRECT_NOTES_MAX = 500;

export const REDIRECT_MESSAGES = {
  /** docs/product/administration.md. */
  missing: "Please fill in both From Path and To Path",
  deleteQuestion: "Are you sure you want to delete this redirect?",
  empty: "No redirects configured yet",
  createFailed: (message: string) => `Error creating redirect: ${message}`,
  updateFailed: (message: string) => `Error updating redirect: ${message}`,
  deleteFailed: (message: string) => `Error deleting redirect: ${message}`,
  /** Ours: the {message} of those alerts, and the successes. */
  badFrom: "From Path must be a path on this site starting with / (without ? or #)",
  reservedFrom: `From Path cannot be under ${RESERVED_PREFIXES.join(", ")}`,
  sitePageFrom: "From Path is one of the site's own pages: a redirect there would hide it",
  badTo: "To Path must be a path on this site starting with / or an http(s) URL",
  tooLong: `Paths must be at most ${REDIRECT_PATH_MAX} characters`,
  notesTooLong: `Notes must be at most ${REDIRECT_NOTES_MAX} characters`,
  badStatus: "Status code must be 301, 302, 307 or 308",
  self: "From Path and To Path are the same page",
  loop: (chain: string[]) => `This redirect would create a loop: ${chain.join(" → ")}`,
  duplicate: "A redirect from this path already exists",
  notFound: "Redirect not found",
  forbidden: "Permission denied: only admins can do this",
  created: "Redirect created successfully!",
  updated: "Redirect updated successfully!",
  deleted: "Redirect deleted successfully!",
} as const;

export type RedirectFormValues = {
  fromPath: string;
  toPath: string;
  statusCode: string;
  notes: string;
};

export type RedirectInput = {
  fromPath: string;
  toPath: string;
  statusCode: RedirectStatus;
  notes: string | null;
};

/** A site path or an http(s) URL, as stored (trimmed; a site path normalised but its query kept). */
export function normaliseTarget(raw: string): string | null {
  const to = raw.trim();
  if (!to || /\s|\\/.test(to)) return null;
  if (to.startsWith("/")) {
    if (to.startsWith("//")) return null;
    const cut = to.search(/[?#]/);
    const path = normalisePath(cut === -1 ? to : to.slice(0, cut));
    return path === null ? null : path + (cut === -1 ? "" : to.slice(cut));
  }
  try {
    const url = new URL(to);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) return null;
    return to;
  } catch {
    return null;
  }
}

/**
 * The site path a target lands on (its query and fragment ignored), or null
 * when it leaves the site. An absolute URL on the site's own origin counts as
 * the site.
 */
export function landingPath(toPath: string, siteOrigin?: string): string | null {
  if (toPath.startsWith("/")) {
    const cut = toPath.search(/[?#]/);
    return normalisePath(cut === -1 ? toPath : toPath.slice(0, cut));
  }
  if (!siteOrigin) return null;
  try {
    const url = new URL(toPath);
    return url.origin === new URL(siteOrigin).origin ? normalisePath(url.pathname) : null;
  } catch {
    return null;
  }
}

/** A value made by `make`, or the issue `message` when it gives null. */
const madeBy = (make: (raw: string) => string | null, message: string) =>
  z.string().transform((raw, ctx) => {
    const made = make(raw);
    if (made !== null) return made;
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });

/**
 * The redirect checked: both paths first (the spec's message), then their
 * length, then each field in the form's order.
 */
export const redirectInputSchema = z
  .object({
    fromPath: z.string().trim(),
    toPath: z.string().trim(),
    statusCode: z.string(),
    notes: z.string().trim(),
  })
  .refine((v) => v.fromPath !== "" && v.toPath !== "", {
    message: REDIRECT_MESSAGES.missing,
    abort: true,
  })
  .refine((v) => v.fromPath.length <= REDIRECT_PATH_MAX && v.toPath.length <= REDIRECT_PATH_MAX, {
    message: REDIRECT_MESSAGES.tooLong,
    abort: true,
  })
  .pipe(
    z.object({
      fromPath: madeBy(normalisePath, REDIRECT_MESSAGES.badFrom)
        .refine((path) => !isReservedPath(path), REDIRECT_MESSAGES.reservedFrom)
        // The import's rule (docs/decisions/0119): never in front of a page of the site's.
        .refine((path) => !hidesSitePage(path), REDIRECT_MESSAGES.sitePageFrom),
      toPath: madeBy(normaliseTarget, REDIRECT_MESSAGES.badTo),
      statusCode: z
        .string()
        .transform((v) => Number(v || DEFAULT_REDIRECT_STATUS))
        .refine(
          (code): code is RedirectStatus =>
            (REDIRECT_STATUS_CODES as readonly number[]).includes(code),
          REDIRECT_MESSAGES.badStatus,
        ),
      notes: z
        .string()
        .refine((v) => [...v].length <= REDIRECT_NOTES_MAX, REDIRECT_MESSAGES.notesTooLong)
        .transform((v) => v || null),
    }),
  ) satisfies z.ZodType<RedirectInput, RedirectFormValues>;

export function validateRedirect(
  values: RedirectFormValues,
): { ok: true; input: RedirectInput } | { ok: false; error: string } {
  const parsed = redirectInputSchema.safeParse(values);
  return parsed.success
    ? { ok: true, input: parsed.data }
    : { ok: false, error: parsed.error.issues[0]!.message };
}

/**
 * The chain that `from → to` would close with the existing redirects
 * (from → … → from), or null when it ends somewhere else.
 */
export function findLoop(
  existing: ReadonlyMap<string, string>,
  from: string,
  to: string,
  siteOrigin?: string,
): string[] | null {
  const chain = [from];
  const seen = new Set<string>([from]);
  let next = landingPath(to, siteOrigin);
  while (next !== null) {
    chain.push(next);
    if (next === from) return chain;
    // A loop among the others (refused when saved, so only if written by hand) is not ours.
    if (seen.has(next)) return null;
    seen.add(next);
    const target = existing.get(next);
    next = target === undefined ? null : landingPath(target, siteOrigin);
  }
  return null;
}
