/**
 * /admin/import over HTTP (docs/decisions/0119, docs/decisions/0142): admins only
 * (every other role goes to /, from the page and the upload, and nothing is
 * written); a dry run's report writes nothing; the import writes and is
 * audited, and a second one adds nothing; a bad file, a missing file, a file
 * too large and unmapped authors get their messages.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import * as tar from "tar";
import { describe, expect, it } from "vitest";
import { adminAuditLog, posts } from "#server/db/schema";
import { IMPORT_MAX_BYTES } from "#server/http/limits";
import { countAllTables, createUser } from "#tests/support/factories";
import { browse, type CookieJar } from "#tests/support/http-app";
import { NOT_ADMINS, roleJars, signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";
import { IMPORT_MESSAGES } from "./import-upload.server";

const site = siteOverHttpForThisFile();
const { get, text } = site;

const fixture = (name: string) => readFileSync(path.resolve("tests/fixtures/import", name), "utf8");

function upload(
  jar: CookieJar,
  fields: Record<string, string>,
  file?: { name: string; content: string | Uint8Array<ArrayBuffer> },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("file", new Blob([file.content]), file.name);
  return browse(jar, `${site.app.url}/admin/import`, {
    method: "POST",
    body: form,
    headers: { origin: site.app.url },
  });
}

/** The rows an import writes (sign-ins and revoked sessions change other tables). */
async function contentCounts() {
  const all = await countAllTables(site.testDb.db);
  const keep = ["posts", "categories", "tags", "post_tags", "url_redirects", "admin_audit_log"];
  return Object.fromEntries(keep.map((table) => [table, all[table]]));
}

const wxr = () => ({ name: "wordpress-export.xml", content: fixture("wordpress-export.xml") });

describe("access", () => {
  it("sends visitor, pending, user, mentor and blocked to / from the page and the upload", async () => {
    const jars = await roleJars(site, NOT_ADMINS);
    await createUser(site.testDb.db, { email: "asha@wp.example" });
    const before = await contentCounts();
    for (const [who, jar] of Object.entries(jars)) {
      const page = await get(jar, "/admin/import");
      expect([who, page.status, page.headers.get("location")]).toEqual([who, 302, "/"]);
      for (const intent of ["dry-run", "import"]) {
        const res = await upload(jar, { intent, author: "anyone" }, wxr());
        expect([who, intent, res.status, res.headers.get("location")]).toEqual([
          who,
          intent,
          302,
          "/",
        ]);
      }
    }
    expect(await contentCounts()).toEqual(before);

    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const page = await text(await get(admin.jar, "/admin/import"));
    expect(page).toContain("Import content");
    expect(page).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/admin\/import"/);
    // Listed with the other admin pages.
    expect(await text(await get(admin.jar, "/admin/redirects"))).toContain('href="/admin/import"');
  }, 120_000);
});

describe("the report", () => {
  it("a dry run reports what would be created and skipped, and writes nothing", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, {
      role: "admin",
      username: "site_admin",
    });
    await createUser(site.testDb.db, { role: "mentor", email: "asha@wp.example" });
    const before = await contentCounts();
    const res = await upload(admin.jar, { intent: "dry-run", author: "site_admin" }, wxr());
    expect(res.status).toBe(200);
    const page = await text(res);
    expect(page).toContain("Dry run: nothing was written");
    expect(page).toContain(
      "Importing wordpress-export.xml (WordPress export (WXR)) would create 3 posts, 1 category, 2 tags and 2 redirects.",
    );
    expect(page).toContain("oldeditor: 1 post would go to @site_admin");
    expect(page).toContain('WordPress status "trash" is not imported');
    expect(page).toContain("a WordPress page, not a post");
    expect(await contentCounts()).toEqual(before);
    expect(await site.testDb.db.select().from(adminAuditLog)).toEqual([]);
  }, 60_000);

  it("imports for real, audited; a second import adds nothing and says why", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, {
      role: "admin",
      username: "site_admin",
    });
    await createUser(site.testDb.db, { role: "mentor", email: "asha@wp.example" });
    const res = await upload(admin.jar, { intent: "import", author: "site_admin" }, wxr());
    expect(res.status).toBe(200);
    const page = await text(res);
    expect(page).toContain(">Imported<");
    expect(page).toContain("created 3 posts, 1 category, 2 tags and 2 redirects.");
    const [seed] = await site.testDb.db
      .select()
      .from(posts)
      .where(eq(posts.slug, "raising-seed-round-london"));
    expect(seed).toMatchObject({ title: "Raising a seed round from London", status: "published" });
    const audit = await site.testDb.db.select().from(adminAuditLog);
    expect(audit).toEqual([
      expect.objectContaining({
        action: "content.import",
        actorId: admin.id,
        targetType: "import",
        targetId: "wordpress",
        targetLabel: "wordpress-export.xml",
        details: { created: { posts: 3, categories: 1, tags: 2, redirects: 2 }, skipped: 2 },
      }),
    ]);

    const after = await contentCounts();
    const again = await text(
      await upload(admin.jar, { intent: "import", author: "site_admin" }, wxr()),
    );
    expect(again).toContain("created 0 posts, 0 categories, 0 tags and 0 redirects.");
    expect(again).toContain("a post with this slug already exists");
    expect(await contentCounts()).toEqual({
      ...after,
      admin_audit_log: after.admin_audit_log! + 1,
    });
  }, 60_000);

  it("reads a Ghost export, with the old site's address in its image links", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, {
      role: "admin",
      username: "site_admin",
    });
    const res = await upload(
      admin.jar,
      { intent: "dry-run", author: "site_admin", sourceUrl: "https://ghost.example" },
      { name: "ghost-export.json", content: fixture("ghost-export.json") },
    );
    expect(res.status).toBe(200);
    expect(await text(res)).toContain("(Ghost export) would create");
  }, 60_000);

  it("answers a missing file, a bad file, a file too large and unmapped authors in place", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    await createUser(site.testDb.db, { email: "asha@wp.example" });
    const before = await contentCounts();

    const none = await upload(admin.jar, { intent: "dry-run" });
    expect(none.status).toBe(400);
    expect(await text(none)).toContain(IMPORT_MESSAGES.noFile);

    const bad = await upload(
      admin.jar,
      { intent: "import" },
      { name: "notes.txt", content: "hello" },
    );
    expect(bad.status).toBe(400);
    const badPage = await text(bad);
    expect(badPage).toContain("Not an export this importer reads");
    expect(badPage).toContain('aria-describedby="import-file-error"');

    const brokenArchive = await upload(
      admin.jar,
      { intent: "import" },
      { name: "export.tar.gz", content: new Uint8Array([0x1f, 0x8b, 8, 0, 1, 2, 3, 4]) },
    );
    expect(brokenArchive.status).toBe(400);
    expect(await text(brokenArchive)).toContain(IMPORT_MESSAGES.unreadable);

    const big = await upload(
      admin.jar,
      { intent: "import" },
      { name: "big.xml", content: new Uint8Array(IMPORT_MAX_BYTES + 1).fill(0x20) },
    );
    expect(big.status).toBe(413);
    expect(await text(big)).toContain(IMPORT_MESSAGES.tooLarge);

    const unmapped = await upload(admin.jar, { intent: "import", author: "" }, wxr());
    expect(unmapped.status).toBe(400);
    expect(await text(unmapped)).toContain(IMPORT_MESSAGES.unmapped(["oldeditor"]));

    const unknown = await upload(admin.jar, { intent: "import", author: "nobody_here" }, wxr());
    expect(unknown.status).toBe(400);
    const unknownPage = await text(unknown);
    expect(unknownPage).toContain(IMPORT_MESSAGES.noSuchAuthor("nobody_here"));
    // What was typed stays in the form.
    expect(unknownPage).toMatch(/id="import-author"[^>]*value="nobody_here"/);

    const badAddress = await upload(
      admin.jar,
      { intent: "dry-run", sourceUrl: "ghost.example" },
      wxr(),
    );
    expect(badAddress.status).toBe(400);
    expect(await text(badAddress)).toContain(IMPORT_MESSAGES.sourceUrl);

    expect(await contentCounts()).toEqual(before);
  }, 60_000);

  it("refuses an export archive holding a link before writing its posts (docs/decisions/0173)", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const staging = mkdtempSync(path.join(tmpdir(), "fb-import-link-"));
    try {
      writeFileSync(
        path.join(staging, "content.json"),
        JSON.stringify({
          format: "founderbridge-content",
          version: 1,
          categories: [],
          tags: [],
          redirects: [],
          authors: [],
          media: ["posts/gone.webp"],
          posts: [
            {
              slug: "from-a-linked-archive",
              title: "From a linked archive",
              status: "published",
              html: "<p>Body</p>",
              author: admin.username,
            },
          ],
        }),
      );
      mkdirSync(path.join(staging, "media", "posts"), { recursive: true });
      symlinkSync("../../nowhere", path.join(staging, "media", "posts", "gone.webp"));
      const archive = path.join(staging, "export.tar.gz");
      await tar.create({ gzip: true, file: archive, cwd: staging }, ["content.json", "media"]);
      const before = await contentCounts();
      const res = await upload(
        admin.jar,
        { intent: "import" },
        { name: "export.tar.gz", content: new Uint8Array(readFileSync(archive)) },
      );
      expect(res.status).toBe(400);
      expect(await text(res)).toContain("The archive holds a link (media/posts/gone.webp)");
      expect(await contentCounts()).toEqual(before);
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }, 60_000);
});
