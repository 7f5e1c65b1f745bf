/**
 * "Require two-factor authentication for admins" (docs/decisions/0138,
 * docs/decisions/0140): while the site setting is on, an admin without a
 * second factor is sent to set one up before any admin page or action.
 * The admins' guard asks here (through the role table); the Site Settings form (site-settings) writes it.
 */
import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { SITE_SETTINGS_ID, siteSettings } from "#server/db/schema";
import { twoFactorReturnPath } from "./two-factor-setup";

export const ADMIN_TWO_FACTOR_MESSAGES = {
  required:
    "This site requires admins to use two-factor authentication. Set it up here to open the admin pages.",
} as const;

/** Where an admin without a second factor is sent while the setting is on. */
export const ADMIN_TWO_FACTOR_SETUP_PATH = "/settings/two-factor?required=admin";

/**
 * The set-up page with the page the admin wanted (a GET of a path of this site), so that
 * confirming the code takes them there (docs/decisions/0258). A form sent (POST) or an address
 * twoFactorReturnPath refuses: the set-up page alone.
 */
export function adminTwoFactorSetupPath(request?: Request): string {
  if (!request || request.method !== "GET") return ADMIN_TWO_FACTOR_SETUP_PATH;
  const url = new URL(request.url);
  const wanted = twoFactorReturnPath(url.pathname + url.search);
  if (!wanted || wanted === "/") return ADMIN_TWO_FACTOR_SETUP_PATH;
  return `${ADMIN_TWO_FACTOR_SETUP_PATH}&redirectTo=${encodeURIComponent(wanted)}`;
}

/**
 * Whether the setting is on now. Read from the row on each ask (not the
 * settings cache): it is asked only for an admin without a second factor, and
 * turning it on must hold at once on every instance.
 */
export async function adminTwoFactorRequired(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ required: siteSettings.requireAdminTwoFactor })
    .from(siteSettings)
    .where(eq(siteSettings.id, SITE_SETTINGS_ID))
    .limit(1);
  // No row yet (it is written at start-up): the column's default, on.
  return row?.required ?? true;
}
