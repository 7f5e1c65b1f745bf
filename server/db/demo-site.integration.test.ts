/**
 * docs/decisions/0168: the embedded demo site (demo content on)
 * does not make admins set up a second factor, and its first-start message
 * says a real site does and how to turn it on; a site without demo content
 * keeps requiring it (migration 0030's default). Each test opens a database
 * of its own, migrated as a new site is (the test harness turns the
 * requirement off, so it is not used here).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage, type LocalStorage } from "../storage/local";
import { openDatabase, type DatabaseHandle } from "./client";
import { migrateDatabase } from "./migrate";
import { profiles, SITE_SETTINGS_ID, siteSettings } from "./schema";
import { ensureReservedRows } from "./seed";
import { DEMO_ADMIN_EMAIL, loadDemoSite } from "./seed-demo";

const SITE_URL = "http://localhost:3000";
let uploads: string;
let storage: LocalStorage;

beforeAll(async () => {
  uploads = await mkdtemp(path.join(tmpdir(), "fb-demo-site-"));
  storage = createLocalStorage({ root: uploads, publicPath: "/uploads" });
});
afterAll(async () => {
  if (uploads) await rm(uploads, { recursive: true, force: true });
});

/** A new site's database, as the server's start makes it before the demo step. */
async function newSite(): Promise<DatabaseHandle> {
  const handle = await openDatabase({});
  await migrateDatabase(handle);
  await ensureReservedRows(handle.db);
  return handle;
}

async function required(handle: DatabaseHandle): Promise<boolean> {
  const [row] = await handle.db
    .select({ on: siteSettings.requireAdminTwoFactor })
    .from(siteSettings)
    .where(eq(siteSettings.id, SITE_SETTINGS_ID));
  return row!.on;
}

describe("admins' second factor at the first start", () => {
  it("is required on a site without demo content", async () => {
    const handle = await newSite();
    try {
      const log: string[] = [];
      expect(
        await loadDemoSite(handle.db, storage, { demoContent: false, siteUrl: SITE_URL }, (m) =>
          log.push(m),
        ),
      ).toBeNull();
      expect(await required(handle)).toBe(true);
      expect(await handle.db.select().from(profiles)).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 60_000);

  it("is not required on the embedded demo site, whose banner says a real site requires it and how", async () => {
    const handle = await newSite();
    try {
      const log = () => {};
      const config = { demoContent: true, siteUrl: SITE_URL };
      const banner = await loadDemoSite(handle.db, storage, config, log);
      expect(await required(handle)).toBe(false);
      expect(banner).toContain(DEMO_ADMIN_EMAIL);
      expect(banner).toContain(
        "This demo site does not ask admins to set up two-factor authentication. A real site does",
      );
      expect(banner).toContain("DEMO_CONTENT=false, or DATABASE_URL");
      expect(banner).toContain(`open ${SITE_URL}/admin/site-settings and tick`);
      expect(banner).toContain('"Require two-factor authentication for admins" under Security.');

      // An admin turns it on: later starts leave it on and print nothing.
      await handle.db.update(siteSettings).set({ requireAdminTwoFactor: true });
      expect(await loadDemoSite(handle.db, storage, config, log)).toBeNull();
      expect(await required(handle)).toBe(true);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
