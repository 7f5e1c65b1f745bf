/**
 * `node --import tsx tests/e2e/support/seed-site.ts <DATA_DIR>`
 *
 * Makes the journeys' site template in DATA_DIR's embedded database, before
 * any server opens it: migrated, the reserved rows, the accounts of
 * site-accounts.ts (made as `npm run admin:create` makes an admin, then given
 * their role), and the admins' two-factor requirement off (the journeys' admins
 * sign in with a password alone; admin-two-factor.spec.ts turns it on).
 */
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { createAdmin } from "../../../app/features/accounts/create-admin.server";
import { openDatabase } from "../../../server/db/client";
import { migrateDatabase } from "../../../server/db/migrate";
import { profiles, SITE_SETTINGS_ID, siteSettings } from "../../../server/db/schema";
import { ensureReservedRows } from "../../../server/db/seed";
import { SITE_ACCOUNTS } from "./site-accounts";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: seed-site.ts <DATA_DIR>");

const handle = await openDatabase({ dir: path.join(dataDir, "pglite") });
try {
  await migrateDatabase(handle);
  await ensureReservedRows(handle.db);
  for (const account of SITE_ACCOUNTS) {
    const made = await createAdmin(handle.db, {
      email: account.email,
      username: account.username,
      fullName: account.fullName,
      password: account.password,
    });
    await handle.db
      .update(profiles)
      .set({ role: account.role, status: account.status, profileCompleted: true })
      .where(eq(profiles.id, made.id));
  }
  await handle.db
    .update(siteSettings)
    .set({ requireAdminTwoFactor: false })
    .where(eq(siteSettings.id, SITE_SETTINGS_ID));
  await handle.db.execute(sql`CHECKPOINT`);
} finally {
  await handle.close();
}
