/**
 * The admin pages' failure alerts (docs/product/administration.md#access) when the database really
 * refuses the write: a trigger raises an error on the table the action
 * writes, as a full disk, a permission change or a broken replica would.
 * Nothing is mocked; each test removes its trigger afterwards.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { countRows, createPost, createUser } from "#tests/support/factories";
import { signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";
import type { Actor } from "~/features/accounts/permissions";
import { validateSettings } from "~/features/site-settings/settings-schema";
import {
  loadSiteSettings,
  saveSiteSettings,
  valuesOfSettings,
} from "~/features/site-settings/site-settings.server";
import { addBannedWord } from "./banned-words-page.server";
import { sendBroadcast } from "./broadcasts.server";
import { saveCategory } from "./category-editor.server";
import { changeAuthor } from "./posts-tab.server";

const site = siteOverHttpForThisFile();

/**
 * Makes every write to `table` fail with `message` while `run` runs. The
 * table name and message are this file's constants, never input.
 */
async function whileRefused<T>(table: string, message: string, run: () => Promise<T>) {
  const db = site.testDb.db;
  await db.execute(
    sql.raw(`CREATE FUNCTION refuse_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION USING MESSAGE = ${message === "" ? "''" : `'${message}'`}; END $$`),
  );
  await db.execute(
    sql.raw(`CREATE TRIGGER refuse_write BEFORE INSERT OR UPDATE ON ${table}
      FOR EACH ROW EXECUTE FUNCTION refuse_write()`),
  );
  try {
    return await run();
  } finally {
    await db.execute(sql.raw(`DROP TRIGGER refuse_write ON ${table}`));
    await db.execute(sql.raw(`DROP FUNCTION refuse_write()`));
  }
}

async function admin(): Promise<Actor> {
  const u = await createUser(site.testDb.db, { role: "admin" });
  return { id: u.id, role: "admin", status: "approved" };
}

describe("failure alerts on a real database error", () => {
  it("Failed to add word", async () => {
    const actor = await admin();
    const result = await whileRefused("banned_words", "disk full", () =>
      addBannedWord(site.testDb.db, actor, "scam"),
    );
    expect(result).toEqual({ ok: false, status: 500, error: "Failed to add word" });
    expect(await countRows(site.testDb.db, "banned_words")).toBe(0);
    // The same word is accepted once the database is writable again.
    expect(await addBannedWord(site.testDb.db, actor, "scam")).toMatchObject({ ok: true });
  });

  it("Failed to save category, new or existing", async () => {
    const actor = await admin();
    const input = {
      name: "Funding",
      slug: "funding",
      description: null,
      sidebarWidget: null,
      sidebarWidget2: null,
    };
    const created = await saveCategory(site.testDb.db, actor, null, input);
    if (!created.ok) throw new Error(created.error);
    const results = await whileRefused("categories", "read-only replica", async () => [
      await saveCategory(site.testDb.db, actor, null, { ...input, slug: "growth" }),
      await saveCategory(site.testDb.db, actor, created.id, { ...input, name: "Fundraising" }),
    ]);
    expect(results).toEqual([
      { ok: false, status: 500, error: "Failed to save category" },
      { ok: false, status: 500, error: "Failed to save category" },
    ]);
    expect(await countRows(site.testDb.db, "categories", sql`slug = 'growth'`)).toBe(0);
    expect(await countRows(site.testDb.db, "categories", sql`name = 'Fundraising'`)).toBe(0);
  });

  it("Failed to save settings", async () => {
    const actor = await admin();
    const values = valuesOfSettings(await loadSiteSettings(site.testDb.db));
    const valid = validateSettings({ ...values, google_analytics_id: "G-ABC123" });
    if (!valid.ok) throw new Error(valid.error);
    const result = await whileRefused("site_settings", "permission denied", () =>
      saveSiteSettings(site.testDb.db, actor, valid.input),
    );
    expect(result).toEqual({ ok: false, status: 500, error: "Failed to save settings" });
    expect(await countRows(site.testDb.db, "admin_audit_log")).toBe(0);
  });

  it("Failed to send notification: {message}, and Unknown error when the error has none", async () => {
    const actor = await admin();
    await createUser(site.testDb.db);
    const input = {
      title: "Demo day",
      message: "Demo day",
      link: "/events",
      roleFilter: "all" as const,
      statusFilter: "approved" as const,
    };
    const named = await whileRefused("notifications", "inbox quota exceeded", () =>
      sendBroadcast(site.testDb.db, actor, input),
    );
    expect(named).toEqual({
      ok: false,
      status: 500,
      error: "Failed to send notification: inbox quota exceeded",
    });
    const unnamed = await whileRefused("notifications", "", () =>
      sendBroadcast(site.testDb.db, actor, input),
    );
    expect(unnamed).toEqual({
      ok: false,
      status: 500,
      error: "Failed to send notification: Unknown error",
    });
    // Nothing half-sent: no notification, no broadcast, no audit row.
    expect(await countRows(site.testDb.db, "notifications")).toBe(0);
    expect(await countRows(site.testDb.db, "broadcasts")).toBe(0);
    expect(await countRows(site.testDb.db, "admin_audit_log")).toBe(0);
  });

  it("Failed to change author: {reason}, the database's reason and not the query", async () => {
    const actor = await admin();
    const mentor = await createUser(site.testDb.db, { role: "mentor" });
    const post = await createPost(site.testDb.db, { authorId: actor.id });
    const result = await whileRefused("posts", "posts are frozen", () =>
      changeAuthor(site.testDb.db, actor, post.id, mentor.id),
    );
    expect(result).toEqual({
      ok: false,
      status: 500,
      error: "Failed to change author: posts are frozen",
    });
  });

  it("the Notifications tab shows the failure and keeps what was typed", async () => {
    const boss = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const res = await whileRefused("notifications", "inbox quota exceeded", () =>
      site.post(boss.jar, "/admin?tab=notifications", {
        intent: "broadcast",
        confirmed: "1",
        title: "Pitch night",
        message: "Bring a deck",
        link: "/events",
        roleFilter: "all",
        statusFilter: "approved",
      }),
    );
    expect(res.status).toBe(500);
    const page = await site.text(res);
    expect(page).toMatch(
      /role="alert"[^>]*>[^<]*Failed to send notification: inbox quota exceeded/,
    );
    expect(page).toContain('value="Pitch night"');
    expect(page).toContain("Bring a deck");
  });
});
