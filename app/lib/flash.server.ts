/**
 * One-shot success messages that survive a redirect ("flash", docs/decisions/0147):
 * the action that redirects sets a short-lived cookie naming the message,
 * the next page's root loader reads it, shows it as a toast and clears it.
 * The cookie holds a key, never text: only messages the app knows are shown
 * (docs/decisions/0147).
 */

export const FLASH_COOKIE = "fb_flash";

/** Long enough for the redirect's next request; a flash never outlives a minute. */
const FLASH_MAX_AGE_S = 60;

const KEY = /^[a-z][a-z-]{0,39}$/;

/** The Set-Cookie header that carries `key` to the next page. */
export function flashHeaders(key: string): { "Set-Cookie": string } {
  if (!KEY.test(key)) throw new Error(`Not a flash key: ${key}`);
  return {
    "Set-Cookie": `${FLASH_COOKIE}=${key}; Path=/; Max-Age=${FLASH_MAX_AGE_S}; HttpOnly; SameSite=Lax`,
  };
}

/** The request's flash, as the message it names in `messages` (null when none or unknown). */
export function readFlash(
  request: Request,
  messages: Readonly<Record<string, string>>,
): { message: string | null; clear: { "Set-Cookie": string } | null } {
  const cookie = request.headers.get("cookie") ?? "";
  const match = new RegExp(`(?:^|;\\s*)${FLASH_COOKIE}=([^;]*)`).exec(cookie);
  if (!match) return { message: null, clear: null };
  const key = match[1]!;
  return {
    message: Object.hasOwn(messages, key) ? messages[key]! : null,
    clear: { "Set-Cookie": `${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax` },
  };
}
