import type { PGlite } from "@electric-sql/pglite";
import type { Page } from "@playwright/test";
import { test as base } from "../fixtures";
import type { Member } from "./accounts";
import { OwnServer } from "./own-server";
import { POOL_ADMINS } from "./site-accounts";
import { addSavedCookies, RESET_ADDRESS_LIMITS_SQL, savedSession } from "./site-template";

export { RESET_ADDRESS_LIMITS_SQL };

/**
 * The admin pages' journeys run on a server of their own per worker (what they
 * save would change other journeys' pages), copied from the `site` template:
 * its admins were made in the database before any server started and signed
 * in once (support/site-template.ts).
 */
export const test = base.extend<object, { adminServer: OwnServer }>({
  adminServer: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other
    async ({}, provide) => {
      const server = await OwnServer.start({ template: "site" });
      try {
        await provide(server);
      } finally {
        await server.dispose();
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ adminServer }, provide) => provide(adminServer.url),
});

/** Turns "Require two-factor authentication for admins" back on (on for a new site). */
export const ADMIN_TWO_FACTOR_ON_SQL = "UPDATE site_settings SET require_admin_two_factor = true";
/** The templates' setting: the journeys' admins sign in with a password alone. */
export const ADMIN_TWO_FACTOR_OFF_SQL = "UPDATE site_settings SET require_admin_two_factor = false";

/** Puts a saved session's cookies into the page's browser context, for `server`. */
export async function addSavedSession(page: Page, server: OwnServer, email: string) {
  if (!server.template) throw new Error("the server was not made from a template");
  await addSavedCookies(page, await savedSession(server.template, email));
}

/**
 * Gives the journey an admin of its own, approved and signed in on `page`:
 * the next unused admin of the template's pool, by its saved session (no
 * sign-up, no sign-in form, no restart). `setup` runs on the database with the
 * server stopped (a journey's data that no page can make); it is the only
 * reason left to restart. The site keeps the admins' two-factor requirement off
 * unless `keepTwoFactorRequirement`, which turns it on (a new site's default).
 */
export async function signedInAdmin(
  page: Page,
  server: OwnServer,
  setup?: (db: PGlite, admin: Member) => Promise<void>,
  options: { keepTwoFactorRequirement?: boolean } = {},
): Promise<Member> {
  const admin = POOL_ADMINS[server.adminsTaken];
  if (!admin) throw new Error(`the admin pool (${POOL_ADMINS.length}) is used up on this server`);
  server.adminsTaken += 1;
  const member: Member = {
    fullName: admin.fullName,
    username: admin.username,
    email: admin.email,
    password: admin.password,
  };
  // The requirement as this journey needs it; a journey before it on this worker's server may
  // have turned it on (admin-two-factor.spec.ts), and it is turned off again here.
  const requirement = Boolean(options.keepTwoFactorRequirement);
  const flip = requirement !== server.adminTwoFactorRequired;
  if (setup || flip) {
    // Leave the site while its server is stopped (no refused requests in the console).
    if (page.url() !== "about:blank") await page.goto("about:blank");
    await server.offline(async (db) => {
      if (flip) await db.exec(requirement ? ADMIN_TWO_FACTOR_ON_SQL : ADMIN_TWO_FACTOR_OFF_SQL);
      await setup?.(db, member);
    });
    server.adminTwoFactorRequired = requirement;
  }
  await addSavedSession(page, server, admin.email);
  return member;
}
