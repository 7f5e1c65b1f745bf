/**
 * "Require two-factor authentication for admins" (docs/decisions/0138,
 * docs/decisions/0140) over HTTP: on for a fresh site and off on a site that
 * already had an admin when migration 0030 ran; while it is on, an admin
 * without a second factor is sent to /settings/two-factor from every admin
 * page and action, the other roles still go to /, and an admin with codes
 * passes; it is saved in Site Settings and audited.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client";
import { MIGRATIONS_DIR, migrateDatabase } from "#server/db/migrate";
import {
  adminAuditLog,
  postPreviewLinks,
  posts,
  profiles,
  SITE_SETTINGS_ID,
  siteSettings,
} from "#server/db/schema";
import { ensureReservedRows } from "#server/db/seed";
import { createPost, createUser } from "#tests/support/factories";
import { browse, CookieJar } from "#tests/support/http-app";
import { NOT_ADMINS, roleJars, signedInMember, TEST_PASSWORD } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";
import {
  ADMIN_TWO_FACTOR_MESSAGES,
  ADMIN_TWO_FACTOR_SETUP_PATH,
  adminTwoFactorRequired,
} from "./admin-two-factor.server";

const site = siteOverHttpForThisFile();
const { get, post, text } = site;

const require2fa = (on: boolean) =>
  site.testDb.db
    .update(siteSettings)
    .set({ requireAdminTwoFactor: on })
    .where(eq(siteSettings.id, SITE_SETTINGS_ID));

const codeFor = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

/** The set-up page a held admin is sent to from a page they asked for (docs/decisions/0258). */
const setupFor = (page: string) =>
  `${ADMIN_TWO_FACTOR_SETUP_PATH}&redirectTo=${encodeURIComponent(page)}`;

/**
 * Turns codes on for the member of `jar` through /settings/two-factor, as the browser would;
 * with `redirectTo`, as the page sent there by the guard does (the confirm form carries it).
 */
async function enrol(jar: CookieJar, redirectTo?: string): Promise<Response> {
  const send = (fields: Record<string, string>) =>
    browse(jar, `${site.app.url}/settings/two-factor`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { origin: site.app.url },
    });
  const started = await (await send({ intent: "start", password: TEST_PASSWORD })).text();
  const secret = /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(started)![1]!;
  const totpURI = /name="totpURI" value="([^"]+)"/.exec(started)![1]!.replace(/&amp;/g, "&");
  const recoveryCodes = /name="recoveryCodes" value="([^"]+)"/.exec(started)![1]!;
  const confirmed = await send({
    intent: "confirm",
    code: codeFor(secret),
    totpURI,
    recoveryCodes,
    ...(redirectTo === undefined ? {} : { redirectTo }),
  });
  if (redirectTo === undefined)
    expect(confirmed.headers.get("location")).toBe("/settings/two-factor?done=on");
  return confirmed;
}

/** A fresh database migrated with every migration (or those in `folder`), not the test harness's. */
async function freshDatabase(folder = MIGRATIONS_DIR) {
  const handle = await openDatabase({});
  await migrateDatabase(handle, folder);
  return handle;
}

describe("the setting's default", () => {
  it("is on for a new site (every migration, then the reserved rows)", async () => {
    const handle = await freshDatabase();
    try {
      await ensureReservedRows(handle.db);
      expect(await adminTwoFactorRequired(handle.db)).toBe(true);
      // A row written again (an emptied table) takes the column's default: on.
      await handle.db.delete(siteSettings);
      await ensureReservedRows(handle.db);
      expect(await adminTwoFactorRequired(handle.db)).toBe(true);
    } finally {
      await handle.close();
    }
  }, 60_000);

  it("stays off on a site that already had an admin when the migration ran, on where none", async () => {
    // The migrations before 0030, as an existing site has them.
    const before = await mkdtemp(path.join(tmpdir(), "fb-migrations-"));
    try {
      await cp(MIGRATIONS_DIR, before, { recursive: true });
      const journalPath = path.join(before, "meta", "_journal.json");
      const journal = JSON.parse(await readFile(journalPath, "utf8")) as {
        entries: { tag: string }[];
      };
      const at = journal.entries.findIndex((e) => e.tag.startsWith("0030_"));
      expect(at).toBeGreaterThan(0);
      journal.entries = journal.entries.slice(0, at);
      await writeFile(journalPath, JSON.stringify(journal));

      for (const withAdmin of [true, false]) {
        const handle = await freshDatabase(before);
        try {
          await createUser(handle.db, { role: withAdmin ? "admin" : "mentor" });
          await migrateDatabase(handle);
          expect([withAdmin, await adminTwoFactorRequired(handle.db)]).toEqual([
            withAdmin,
            !withAdmin,
          ]);
        } finally {
          await handle.close();
        }
      }
    } finally {
      await rm(before, { recursive: true, force: true });
    }
  }, 120_000);
});

const ADMIN_PAGES = [
  "/admin",
  "/admin?tab=users",
  "/admin/site-settings",
  "/admin/activity",
  "/admin/users.csv",
  "/admin/content.json",
  "/admin/redirects",
  "/admin/webhooks",
];

describe("the guard", () => {
  it("with the setting on: every other role still goes to /, an admin without codes to set them up", async () => {
    await require2fa(true);
    const target = await createUser(site.testDb.db, { status: "pending" });
    const jars = await roleJars(site, [...NOT_ADMINS, "admin"]);
    for (const [who, jar] of Object.entries(jars)) {
      // A page asked for is carried to the set-up page (docs/decisions/0258); a form sent is not.
      const expected = who === "admin" ? ADMIN_TWO_FACTOR_SETUP_PATH : "/";
      for (const page of ADMIN_PAGES) {
        const res = await get(jar, page);
        expect([who, page, res.status, res.headers.get("location")]).toEqual([
          who,
          page,
          302,
          who === "admin" ? setupFor(page) : "/",
        ]);
      }
      const approve = await post(jar, "/admin", {
        intent: "approve",
        userId: target.id,
        confirmed: "1",
      });
      expect([who, approve.status, approve.headers.get("location")]).toEqual([who, 302, expected]);
      const save = await post(jar, "/admin/site-settings", { header_banner_text: "Hijacked" });
      expect([who, save.status, save.headers.get("location")]).toEqual([who, 302, expected]);
    }
    const [row] = await site.testDb.db
      .select({ status: profiles.status })
      .from(profiles)
      .where(eq(profiles.id, target.id));
    expect(row!.status).toBe("pending");
    const [settings] = await site.testDb.db.select().from(siteSettings);
    expect(settings!.headerBannerText).toBeNull();
    expect(settings!.requireAdminTwoFactor).toBe(true);

    // Where the admin is sent says why.
    const setup = await text(await get(jars.admin, ADMIN_TWO_FACTOR_SETUP_PATH));
    expect(setup).toContain(ADMIN_TWO_FACTOR_MESSAGES.required);
    // A member who is not an admin is not told that.
    const member = await text(await get(jars.user, ADMIN_TWO_FACTOR_SETUP_PATH));
    expect(member).not.toContain(ADMIN_TWO_FACTOR_MESSAGES.required);
  }, 180_000);

  it("lets the admin in once codes are on, and asks for a code at the next sign-in", async () => {
    await require2fa(true);
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    expect((await get(admin.jar, "/admin")).headers.get("location")).toBe(setupFor("/admin"));
    await enrol(admin.jar);
    for (const page of ADMIN_PAGES) {
      expect([page, (await get(admin.jar, page)).status]).toEqual([page, 200]);
    }
    const login = await browse(new CookieJar(), `${site.app.url}/login`, {
      method: "POST",
      body: new URLSearchParams({
        email: admin.email,
        password: TEST_PASSWORD,
        redirectTo: "/admin",
      }),
      headers: { origin: site.app.url },
    });
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/login/two-factor?redirectTo=%2Fadmin");
  }, 120_000);

  it("holds an admin's powers outside /admin too: another's post, the editor, My Posts", async () => {
    const mentor = await createUser(site.testDb.db, { role: "mentor" });
    const theirs = await createPost(site.testDb.db, { authorId: mentor.id });
    const pages = [`/edit-post/${theirs.slug}`, "/create-post", "/my-posts"];
    await require2fa(true);
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    for (const page of pages) {
      const res = await get(admin.jar, page);
      expect([page, res.status, res.headers.get("location")]).toEqual([page, 302, setupFor(page)]);
    }
    // A mentor is not held: the setting is about admins.
    const author = await signedInMember(site.app, site.testDb.db, { role: "mentor" });
    expect((await get(author.jar, "/create-post")).status).toBe(200);
    await require2fa(false);
    for (const page of pages)
      expect([page, (await get(admin.jar, page)).status]).toEqual([page, 200]);
  }, 120_000);

  it("returns the admin to the page they wanted once codes are on, never off the site", async () => {
    await require2fa(true);
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const wanted = "/admin?tab=users";
    const sent = (await get(admin.jar, wanted)).headers.get("location")!;
    expect(sent).toBe(setupFor(wanted));
    // The set-up page carries it into the confirm form.
    const page = await text(await get(admin.jar, sent));
    expect(page).toContain(ADMIN_TWO_FACTOR_MESSAGES.required);
    const confirmed = await enrol(admin.jar, wanted);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe(wanted);
    expect((await get(admin.jar, wanted)).status).toBe(200);
  }, 120_000);

  it.each(["//evil.com", "https://evil.com/admin", "/\\evil.com"])(
    "refuses to send the admin to %s: the set-up page's own notice instead",
    async (offSite) => {
      await require2fa(true);
      const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
      const setup = await text(
        await get(
          admin.jar,
          `${ADMIN_TWO_FACTOR_SETUP_PATH}&redirectTo=${encodeURIComponent(offSite)}`,
        ),
      );
      expect(setup).not.toContain('name="redirectTo"');
      const confirmed = await enrol(admin.jar, offSite);
      expect(confirmed.headers.get("location")).toBe("/settings/two-factor?done=on");
    },
    120_000,
  );

  it("with the setting off: an admin without codes uses the admin pages", async () => {
    await require2fa(false);
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    for (const page of ADMIN_PAGES) {
      expect([page, (await get(admin.jar, page)).status]).toEqual([page, 200]);
    }
    const setup = await text(await get(admin.jar, ADMIN_TWO_FACTOR_SETUP_PATH));
    expect(setup).not.toContain(ADMIN_TWO_FACTOR_MESSAGES.required);
  }, 120_000);
});

/**
 * docs/decisions/0167: the hold is the role table's (permissions.ts `can`), so the
 * paths that ask `can()` without requireAdmin or requireAuthor refuse a held
 * admin too. The same admin, once the setting is off, is let through each one
 * (the refusal is the hold's, not something else's).
 */
describe("the hold, wherever an admin's power is asked for", () => {
  const jpeg = () =>
    sharp({ create: { width: 200, height: 120, channels: 3, background: "#2266aa" } })
      .jpeg()
      .toBuffer();
  const send = (
    jar: CookieJar,
    path: string,
    init: { body: BodyInit; headers?: Record<string, string> },
  ) =>
    browse(jar, `${site.app.url}${path}`, {
      method: "POST",
      ...init,
      headers: { origin: site.app.url, ...init.headers },
    });
  const upload = async (jar: CookieJar) => {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(await jpeg())], { type: "image/jpeg" }), "a.jpg");
    return send(jar, "/api/uploads", { body: form });
  };
  const metadata = (jar: CookieJar) =>
    send(jar, "/api/metadata", {
      body: JSON.stringify({ url: 5 }),
      headers: { "content-type": "application/json" },
    });

  async function scene() {
    const mentor = await createUser(site.testDb.db, { role: "mentor" });
    const published = await createPost(site.testDb.db, { authorId: mentor.id, title: "Theirs" });
    const draft = await createPost(site.testDb.db, {
      authorId: mentor.id,
      status: "draft",
      publishedAt: null,
    });
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    return { published, draft, admin };
  }

  it("refuses editing and featuring another's post, and publishing a featured post", async () => {
    const { published, admin } = await scene();
    await require2fa(true);
    const edit = {
      id: published.id,
      title: "Taken over",
      is_featured: "on",
      intent: "publish",
    };
    const edited = await post(admin.jar, `/edit-post/${published.slug}`, edit);
    expect([edited.status, edited.headers.get("location")]).toEqual([
      302,
      ADMIN_TWO_FACTOR_SETUP_PATH,
    ]);
    const created = await post(admin.jar, "/create-post", {
      title: "Featured by a held admin",
      content: "<p>Hello</p>",
      is_featured: "on",
      intent: "publish",
    });
    expect([created.status, created.headers.get("location")]).toEqual([
      302,
      ADMIN_TWO_FACTOR_SETUP_PATH,
    ]);
    const [after] = await site.testDb.db.select().from(posts).where(eq(posts.id, published.id));
    expect([after!.title, after!.isFeatured]).toEqual(["Theirs", false]);
    expect(await site.testDb.db.select().from(posts).where(eq(posts.authorId, admin.id))).toEqual(
      [],
    );

    // Not held: the same forms go through.
    await require2fa(false);
    expect((await post(admin.jar, `/edit-post/${published.slug}`, edit)).status).toBe(302);
    const [now] = await site.testDb.db.select().from(posts).where(eq(posts.id, published.id));
    expect([now!.title, now!.isFeatured]).toEqual(["Taken over", true]);
  }, 120_000);

  it("refuses another author's draft preview, its share link and its revisions", async () => {
    const { draft, admin } = await scene();
    await require2fa(true);
    const paths = [`/preview/${draft.id}`, `/api/posts/${draft.id}/revisions`];
    for (const path of paths)
      expect([path, (await get(admin.jar, path)).status]).toEqual([path, 404]);
    const share = await post(admin.jar, `/preview/${draft.id}`, { intent: "share" });
    expect(share.status).toBe(404);
    expect(
      await site.testDb.db
        .select()
        .from(postPreviewLinks)
        .where(eq(postPreviewLinks.postId, draft.id)),
    ).toEqual([]);

    await require2fa(false);
    for (const path of paths)
      expect([path, (await get(admin.jar, path)).status]).toEqual([path, 200]);
    expect((await post(admin.jar, `/preview/${draft.id}`, { intent: "share" })).status).toBe(200);
  }, 120_000);

  it("refuses uploads and link look-ups", async () => {
    const { admin } = await scene();
    await require2fa(true);
    expect((await upload(admin.jar)).status).toBe(403);
    expect((await metadata(admin.jar)).status).toBe(403);

    await require2fa(false);
    expect((await upload(admin.jar)).status).toBe(200);
    // Past the permission check: the body is what is refused.
    expect((await metadata(admin.jar)).status).toBe(400);
  }, 120_000);
});

describe("Site Settings", () => {
  it("shows the setting, saves it and records the change in the audit trail", async () => {
    await require2fa(false);
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const page = await text(await get(admin.jar, "/admin/site-settings"));
    expect(page).toContain("Require two-factor authentication for admins");
    expect(page).toMatch(/id="settings-require_admin_two_factor"(?![^>]*checked)[^>]*>/);

    const saved = await post(admin.jar, "/admin/site-settings", {
      cookie_banner_message: "We use cookies.",
      cookie_policy_content: "<p>Policy</p>",
      require_admin_two_factor: "on",
    });
    expect(saved.status).toBeLessThan(400);
    expect(await adminTwoFactorRequired(site.testDb.db)).toBe(true);
    const [entry] = await site.testDb.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "settings.update"));
    expect((entry!.details as { changed: string[] }).changed).toContain("require_admin_two_factor");
    // The admin who turned it on without codes is now sent to set them up.
    expect((await get(admin.jar, "/admin/site-settings")).headers.get("location")).toBe(
      setupFor("/admin/site-settings"),
    );
  }, 120_000);
});
