/**
 * Demo content: a small, believable UK–India founders community, so that a
 * fresh install has something to read, sign in as and administer.
 *
 * Passwords are random per database and exist in clear only in the result of
 * the call that created them; the hashes (Better Auth's scrypt format) are
 * what is stored. A later call finds the content already there, changes
 * nothing and reports the accounts with DEMO_PASSWORD_UNCHANGED in place of
 * each password. To get new passwords, start from an empty database.
 */
import { hashPassword } from "better-auth/crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { randomInt, randomUUID } from "node:crypto";
import type { Storage } from "../storage/storage";
import type { Database } from "./client";
import { DEMO_ADMIN_EMAIL, DEMO_PEOPLE } from "./demo-content/people";
import { DEMO_POSTS } from "./demo-content/posts";
import { profiles, SITE_SETTINGS_ID, siteSettings, users } from "./schema";
import { ensureReservedRows } from "./seed";
import {
  insertAccountNotifications,
  insertBroadcasts,
  insertComments,
  insertFavorites,
  insertFollows,
  updateSiteSettings,
} from "./seed-demo-community";
import { storeDemoImages } from "./seed-demo-media";
import {
  insertPeople,
  insertPosts,
  insertTags,
  type Context,
  type Transaction,
} from "./seed-demo-rows";
import { insertDailyViews } from "./seed-demo-views";

export { DEMO_ADMIN_EMAIL } from "./demo-content/people";
export { DEMO_MEDIA_DIR } from "./seed-demo-media";
export { demoEvent, readingTimeMinutes } from "./seed-demo-rows";

/** Shown instead of a password when the demo accounts already existed. */
export const DEMO_PASSWORD_UNCHANGED = "(unchanged — set on first seed)";

export type DemoAccount = {
  role: string;
  status: string;
  email: string;
  username: string;
  password: string;
};

export type SeedDemoResult = { created: boolean; accounts: DemoAccount[] };

export type SeedDemoOptions = {
  log?: (msg: string) => void;
  /** Printed on the featured images. */
  siteName?: string;
  /**
   * The embedded demo site (DEMO_CONTENT on the embedded database): the run
   * that loads the content also stops requiring admins to set up a second
   * factor (docs/decisions/0168). Left as it is on any other database.
   */
  demoSite?: boolean;
};

/**
 * What the demo site says about admins' second factor when it prints the
 * accounts (docs/decisions/0168): it is not required here, a real site
 * requires it, and how to turn it on.
 */
export function demoTwoFactorNote(siteUrl: string): string[] {
  return [
    "This demo site does not ask admins to set up two-factor authentication. A real site does: without",
    "demo content (DEMO_CONTENT=false, or DATABASE_URL) a new site requires it of admins from the start.",
    `To require it here too, sign in as the admin, open ${siteUrl}/admin/site-settings and tick`,
    '"Require two-factor authentication for admins" under Security.',
  ];
}

/**
 * The server's start-up step (server/app.ts): with demo content on (the
 * embedded database only, server/config.ts), loads it as the demo site and
 * answers the message to print on the start that loaded it; otherwise
 * nothing, and a site without demo content keeps requiring a second factor
 * of admins (migration 0030's default).
 */
export async function loadDemoSite(
  db: Database,
  storage: Storage,
  config: { demoContent: boolean; siteUrl: string },
  log: (msg: string) => void,
): Promise<string | null> {
  if (!config.demoContent) return null;
  const result = await seedDemo(db, storage, { log, demoSite: true });
  return result.created ? demoAccountsBanner(result.accounts, config.siteUrl) : null;
}

/** The first start's message: the demo accounts and their passwords, then the note above. */
export function demoAccountsBanner(accounts: DemoAccount[], siteUrl: string): string {
  const lines = accounts.map(
    (a) => `  ${a.role.padEnd(7)} ${a.status.padEnd(9)} ${a.email.padEnd(38)} ${a.password}`,
  );
  return [
    "",
    "Demo content loaded. Sign in with these accounts (passwords are generated on this first start only):",
    ...lines,
    "",
    ...demoTwoFactorNote(siteUrl),
    "",
  ].join("\n");
}

/** Serialises concurrent seeders (two instances starting at once); any fixed 64-bit number. */
const DEMO_SEED_LOCK = 724_061_114;

// --------------------------------------------------------------------- helpers

/**
 * A password meeting the sign-up rules (docs/product/reading.md#informational-pages-and-404): four groups such as
 * `Kp7v-Wq3m-Hx9t-Rb2n`, about 67 bits from the system's CSPRNG, with no
 * look-alike characters so that it can be read off a terminal.
 */
export function generateDemoPassword(): string {
  const upper = "ABCDEFGHJKLMNPQRSTUVWXYZ";
  const lower = "abcdefghijkmnopqrstuvwxyz";
  const digits = "23456789";
  const pick = (set: string) => set[randomInt(set.length)]!;
  return Array.from(
    { length: 4 },
    () => pick(upper) + pick(lower) + pick(digits) + pick(lower),
  ).join("-");
}

/** A small seeded PRNG (mulberry32): the demo looks the same on every machine. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// ------------------------------------------------------------------- detection

async function isDemoLoaded(db: Database | Transaction): Promise<boolean> {
  const [settings] = await db
    .select({ loadedAt: siteSettings.demoContentLoadedAt })
    .from(siteSettings)
    .where(eq(siteSettings.id, SITE_SETTINGS_ID));
  if (settings?.loadedAt) return true;
  // Also covers a database whose settings row was reset after seeding.
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_ADMIN_EMAIL}`)
    .limit(1);
  return admin !== undefined;
}

/** The demo accounts still present, in the demo's order, as they are now. */
async function existingDemoAccounts(db: Database): Promise<DemoAccount[]> {
  const rows = await db
    .select({
      role: profiles.role,
      status: profiles.status,
      email: profiles.email,
      username: profiles.username,
    })
    .from(profiles)
    .where(
      inArray(
        sql`lower(${profiles.email})`,
        DEMO_PEOPLE.map((p) => p.email.toLowerCase()),
      ),
    );
  const order = new Map<string, number>(DEMO_PEOPLE.map((p, i) => [p.email.toLowerCase(), i]));
  return rows
    .sort(
      (a, b) => (order.get(a.email.toLowerCase()) ?? 0) - (order.get(b.email.toLowerCase()) ?? 0),
    )
    .map((row) => ({ ...row, password: DEMO_PASSWORD_UNCHANGED }));
}

// ------------------------------------------------------------------------ main

/**
 * Loads the demo content unless it is already there (see the file comment).
 * All rows are written in one transaction: a failed run leaves nothing behind
 * and can simply be repeated. Images are written first; a repeated run
 * overwrites them with identical files.
 */
export async function seedDemo(
  db: Database,
  storage: Storage,
  opts: SeedDemoOptions = {},
): Promise<SeedDemoResult> {
  const log = opts.log ?? (() => {});
  const started = Date.now();

  await ensureReservedRows(db);
  if (await isDemoLoaded(db)) {
    log("Demo content is already loaded; nothing changed.");
    return { created: false, accounts: await existingDemoAccounts(db) };
  }

  const passwords = DEMO_PEOPLE.map(() => generateDemoPassword());
  const [hashes, images] = await Promise.all([
    Promise.all(passwords.map((password) => hashPassword(password))),
    storeDemoImages(storage, opts.siteName ?? "FounderBridge"),
  ]);
  log(
    `Prepared ${passwords.length} passwords and ${images.posts.size + images.portraits.size + 1} images.`,
  );

  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${DEMO_SEED_LOCK})`);
    // Another process may have finished while this one waited for the lock.
    if (await isDemoLoaded(tx)) return false;
    const ctx: Context = {
      tx,
      now: Date.now(),
      images,
      random: seededRandom(20_240_611),
      userIds: new Map(DEMO_PEOPLE.map((p) => [p.username, randomUUID()])),
      people: new Map(DEMO_PEOPLE.map((p) => [p.username, p])),
    };
    await insertPeople(ctx, hashes);
    const inserted = await insertPosts(ctx);
    await insertTags(ctx, inserted);
    await insertDailyViews(ctx, inserted);
    await insertComments(ctx, inserted);
    await insertFollows(ctx);
    await insertFavorites(ctx, inserted);
    await insertAccountNotifications(ctx);
    await insertBroadcasts(ctx);
    await updateSiteSettings(ctx, opts.demoSite ?? false);
    return true;
  });

  if (!created) {
    log("Demo content was loaded by another process; nothing changed.");
    return { created: false, accounts: await existingDemoAccounts(db) };
  }
  log(
    `Demo content loaded in ${Date.now() - started} ms: ${DEMO_PEOPLE.length} accounts, ${DEMO_POSTS.length} posts.`,
  );
  return {
    created: true,
    accounts: DEMO_PEOPLE.map((person, i) => ({
      role: person.role,
      status: person.status,
      email: person.email,
      username: person.username,
      password: passwords[i]!,
    })),
  };
}
