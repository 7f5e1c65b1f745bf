/**
 * A banner image stored by the settings form is deleted again when the save
 * fails (docs/decisions/0045), and kept when it succeeds. The database really
 * refuses the write (a trigger); the storage is the local driver on a temp dir.
 */
import { sql } from "drizzle-orm";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createLocalStorage, type LocalStorage } from "#server/storage";
import type { Actor } from "~/features/accounts/permissions";
import { createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { loadSiteSettings, saveSettingsForm, valuesOfSettings } from "./site-settings.server";

const t = testDatabaseForThisFile();
let dir: string;
let storage: LocalStorage;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "fb-banner-"));
  storage = createLocalStorage({ root: dir, publicPath: "/uploads" });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function admin(): Promise<Actor> {
  const u = await createUser(t.db, { role: "admin" });
  return { id: u.id, role: "admin", status: "approved" };
}

const banner = async () =>
  new Uint8Array(
    await sharp({ create: { width: 700, height: 300, channels: 3, background: "#225588" } })
      .png()
      .toBuffer(),
  );

it("a banner whose settings save fails is deleted, with its copies; other files stay", async () => {
  const actor = await admin();
  await storage.put(`posts/${actor.id}/kept.webp`, new Uint8Array([1]), "image/webp");
  const values = valuesOfSettings(await loadSiteSettings(t.db));
  await t.db.execute(
    sql.raw(`CREATE FUNCTION refuse_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'disk full'; END $$`),
  );
  await t.db.execute(
    sql.raw(`CREATE TRIGGER refuse_write BEFORE INSERT OR UPDATE ON site_settings
      FOR EACH ROW EXECUTE FUNCTION refuse_write()`),
  );
  const logged: string[] = [];
  try {
    const result = await saveSettingsForm(t.db, storage, actor, values, await banner(), {
      log: (_, message) => void logged.push(message),
    });
    expect(result).toEqual({ ok: false, status: 500, error: "Failed to save settings" });
  } finally {
    await t.db.execute(sql.raw(`DROP TRIGGER refuse_write ON site_settings`));
    await t.db.execute(sql.raw(`DROP FUNCTION refuse_write()`));
  }
  // The upload did happen (the address was handed to the save), then went.
  expect(values.default_sidebar_banner_url).toMatch(/\.700x300\.webp$/);
  expect(await storage.list()).toEqual([`posts/${actor.id}/kept.webp`]);
  expect(logged).toEqual([]);
});

it("a saved banner and its copies are kept", async () => {
  const actor = await admin();
  const values = valuesOfSettings(await loadSiteSettings(t.db));
  expect(await saveSettingsForm(t.db, storage, actor, values, await banner())).toEqual({
    ok: true,
  });
  const saved = valuesOfSettings(await loadSiteSettings(t.db));
  expect(saved.default_sidebar_banner_url).toBe(values.default_sidebar_banner_url);
  const keys = await storage.list(`posts/${actor.id}/`);
  expect(keys).toHaveLength(5); // the image, 96, 160, 320 and 640 px copies
  expect(keys.map((key) => storage.url(key))).toContain(saved.default_sidebar_banner_url);
});

it("a form refused before the upload stores nothing", async () => {
  const actor = await admin();
  const values = valuesOfSettings(await loadSiteSettings(t.db));
  const result = await saveSettingsForm(
    t.db,
    storage,
    actor,
    { ...values, google_analytics_id: "not an id" },
    await banner(),
  );
  expect(result).toMatchObject({ ok: false, status: 400 });
  expect(await storage.list()).toEqual([]);
});
