import type { PGlite } from "@electric-sql/pglite";
import type { Page } from "@playwright/test";
import { test as base } from "../fixtures";
import { newMember, signIn, signUpAndVerify, type Member } from "./accounts";
import { OwnServer } from "./own-server";

/**
 * The admin pages' journeys run on a server of their own (what they save
 * would change other journeys' pages), with an admin made as a site's first
 * admin is: a member signs up, and is promoted in the database while the
 * server is stopped.
 */
export const test = base.extend<object, { adminServer: OwnServer }>({
  adminServer: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other
    async ({}, provide) => {
      const server = await OwnServer.start();
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

/**
 * Turns off "Require two-factor authentication for admins" (on for a new
 * site, docs/decisions/0140): the journeys' admins sign in with a password
 * alone. tests/e2e/admin-two-factor.spec.ts keeps it on.
 */
export const ADMIN_TWO_FACTOR_OFF_SQL = "UPDATE site_settings SET require_admin_two_factor = false";

/** Empties the per-address counters of sign-ups and of the auth forms. */
export const RESET_ADDRESS_LIMITS_SQL = "DELETE FROM signup_attempts; DELETE FROM rate_limits";

/**
 * Signs up a member, makes them an approved admin, and signs them in on `page`.
 * `setup` runs on the database in the same stop (a journey's data, without a
 * second restart). The site's two-factor requirement for admins is turned off
 * unless `keepTwoFactorRequirement`.
 */
export async function signedInAdmin(
  page: Page,
  server: OwnServer,
  setup?: (db: PGlite) => Promise<void>,
  options: { keepTwoFactorRequirement?: boolean } = {},
): Promise<Member> {
  const admin = newMember("admin");
  await signUpAndVerify(page, server.outbox, admin);
  // Leave the site while its server is stopped (no refused requests in the console).
  await page.goto("about:blank");
  await server.offline(async (db) => {
    const updated = await db.query(
      "UPDATE profiles SET role = 'admin', status = 'approved' WHERE username = $1",
      [admin.username],
    );
    if (updated.affectedRows !== 1) throw new Error("no profile to promote");
    // Every journey on this server signs up from 127.0.0.1, and a worker runs
    // more of them in an hour than the per-address limits allow (10 sign-ups an
    // hour, 10 sign-ins a minute): each admin starts with the counters empty.
    await db.exec(RESET_ADDRESS_LIMITS_SQL);
    if (!options.keepTwoFactorRequirement) await db.exec(ADMIN_TWO_FACTOR_OFF_SQL);
    await setup?.(db);
  });
  await signIn(page, admin.email, admin.password);
  await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 20_000 });
  return admin;
}
