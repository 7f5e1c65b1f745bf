/**
 * The two-factor set-up page's pure parts (docs/decisions/0258): the key shown in groups of four,
 * the recovery codes as a text file, and the page a held admin returns to once codes are on.
 */
import { isSitePath } from "#server/http/site-path";

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to read and type by hand. */
export function groupedKey(secret: string): string {
  return (secret.replace(/\s+/g, "").match(/.{1,4}/g) ?? []).join(" ");
}

/** The recovery codes' download: one code a line, with what they are for. */
export function recoveryCodesFile(siteName: string, codes: readonly string[]): string {
  return [
    `${siteName} two-factor recovery codes`,
    "Each code signs you in once if you lose your phone. Keep them somewhere safe.",
    "",
    ...codes,
    "",
  ].join("\n");
}

/** The download's address: the file itself, so it needs no server (and no script). */
export function recoveryCodesHref(siteName: string, codes: readonly string[]): string {
  return `data:text/plain;charset=utf-8,${encodeURIComponent(recoveryCodesFile(siteName, codes))}`;
}

export const RECOVERY_CODES_FILENAME = "recovery-codes.txt";

/**
 * Where to go once codes are on: a path of this site only (a single "/" first, no "//", "\\",
 * whitespace or control character: server/http/site-path.ts), never the account pages that
 * would send the admin straight back here or out. Anything else: null (stay on the page).
 */
export function twoFactorReturnPath(value: unknown): string | null {
  if (!isSitePath(value)) return null;
  if (/^\/(login|signup|logout|settings\/two-factor)(?:[/?#]|$)/.test(value)) return null;
  return value;
}
