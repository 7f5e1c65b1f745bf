/**
 * The one "path on this site" rule (docs/milestones.md#issue-13-security): a `/` followed by neither `/`
 * nor `\`, and no whitespace or control character anywhere. Browsers drop
 * tabs and newlines from an address and read `\` as `/`, so `/<TAB>/evil.example/`
 * and `/\evil.example/` would leave the site; this rule refuses them and
 * anything else that could. Used for redirects after sign-in, return paths,
 * and the site paths that posts and site settings accept.
 */

// Whitespace (any Unicode space, tab, newline), C0 and C1 controls, DEL, and
// the invisible format characters browsers may strip from addresses.
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const UNSAFE = /[\s\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff\\]/u;

const BASE = "http://site.invalid";

export function isSitePath(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return false;
  if (value[0] !== "/" || value[1] === "/") return false;
  if (UNSAFE.test(value)) return false;
  // Belt and braces: the URL parser agrees it stays on this origin.
  try {
    return new URL(value, BASE).origin === BASE;
  } catch {
    return false;
  }
}

/** `value` when it is a site path, else `fallback`. */
export function sitePathOr(value: unknown, fallback = "/"): string {
  return isSitePath(value) ? value : fallback;
}

/** An http or https address with a host and no whitespace, control character or `\`. */
export function isWebUrl(value: unknown): value is string {
  if (typeof value !== "string" || value.length > 2048 || UNSAFE.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Only https addresses (no whitespace or controls, a host) count as links off the site. */
export function isHttpsUrl(value: unknown): value is string {
  if (typeof value !== "string" || value.length > 2048 || UNSAFE.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * A member's picture: an https address (a provider's CDN, the S3 driver's
 * public URL) or a file this site serves under /uploads/.
 */
export function isAllowedImageUrl(value: unknown, siteUrl: string): value is string {
  if (typeof value !== "string") return false;
  const site = siteUrl.replace(/\/+$/, "");
  if (value.startsWith(`${site}/`) && !value.startsWith("https://"))
    return isUploadPath(value.slice(site.length));
  return isHttpsUrl(value) || isUploadPath(value);
}

/** A site path whose resolved path (dot segments gone) is under /uploads/. */
function isUploadPath(value: string): boolean {
  return isSitePath(value) && new URL(value, BASE).pathname.startsWith("/uploads/");
}
