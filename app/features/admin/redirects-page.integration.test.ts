/**
 * URL redirects over HTTP on the whole app: the four status codes answered
 * before any page renders, the query string kept, trailing slashes
 * normalised, reserved paths never redirected; /admin/redirects (admins only;
 * create, inline edit, delete after asking; the spec's messages; loops,
 * self-redirects and reserved from paths refused; bad input 4xx keeping what
 * was typed), and the server's copy refreshed after every change.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { browse, CookieJar } from "#tests/support/http-app";
import { profiles, urlRedirects } from "#server/db/schema";
import { signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";

const site = siteOverHttpForThisFile();
const { get, post, text } = site;
const PATH = "/admin/redirects";

const visitor = () => new CookieJar();
const rows = () =>
  site.testDb.db
    .select({
      fromPath: urlRedirects.fromPath,
      toPath: urlRedirects.toPath,
      statusCode: urlRedirects.statusCode,
    })
    .from(urlRedirects)
    .orderBy(urlRedirects.fromPath);

async function anAdmin() {
  return signedInMember(site.app, site.testDb.db, { role: "admin" });
}

async function create(jar: CookieJar, fields: Record<string, string>) {
  return post(jar, PATH, { intent: "create", statusCode: "301", notes: "", ...fields });
}

describe("the server answers redirects", () => {
  it("with each of 301, 302, 307 and 308, keeping the query string, before any page renders", async () => {
    const admin = await anAdmin();
    for (const code of ["301", "302", "307", "308"]) {
      const res = await create(admin.jar, {
        fromPath: `/old-${code}`,
        toPath: `/categories?from=${code}`,
        statusCode: code,
      });
      expect([code, res.status, res.headers.get("location")]).toEqual([
        code,
        302,
        `${PATH}?done=created`,
      ]);
    }
    for (const code of [301, 302, 307, 308]) {
      const res = await get(visitor(), `/old-${code}?utm_source=mail&x=1`);
      expect([code, res.status, res.headers.get("location")]).toEqual([
        code,
        code,
        `/categories?from=${code}&utm_source=mail&x=1`,
      ]);
      expect(res.headers.get("cache-control")).toBe(
        code === 301 || code === 308 ? "public, max-age=3600" : "no-store",
      );
    }
    // A POST is redirected too (307 and 308 keep the method in browsers).
    const posted = await browse(visitor(), `${site.app.url}/old-307`, { method: "POST" });
    expect(posted.status).toBe(307);
    // Trailing slashes are one page; other paths are left alone.
    expect((await get(visitor(), "/old-301/")).status).toBe(301);
    expect((await get(visitor(), "/old-301/more")).status).toBe(404);
    expect((await get(visitor(), "/OLD-301")).status).toBe(404);
  });

  it("to an outside URL, and never for reserved paths even if written by hand", async () => {
    const admin = await anAdmin();
    await create(admin.jar, { fromPath: "/partner/", toPath: "https://example.org/join#top" });
    expect(await rows()).toEqual([
      { fromPath: "/partner", toPath: "https://example.org/join#top", statusCode: 301 },
    ]);
    const res = await get(visitor(), "/partner?ref=fb");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("https://example.org/join?ref=fb#top");

    await site.testDb.db.insert(urlRedirects).values([
      { fromPath: "/admin", toPath: "/" },
      { fromPath: "/api/health", toPath: "/" },
    ]);
    // Another change through the page reloads the copy, which now holds the hand-made rows.
    await create(admin.jar, { fromPath: "/x", toPath: "/y" });
    expect((await get(visitor(), "/x")).status).toBe(301);
    expect((await get(admin.jar, "/admin")).status).toBe(200);
    expect((await get(visitor(), "/api/health")).status).toBe(200);
  });

  it("follows every change at once: create, edit, delete", async () => {
    const admin = await anAdmin();
    expect((await get(visitor(), "/moved")).status).toBe(404);
    await create(admin.jar, { fromPath: "/moved", toPath: "/about" });
    expect((await get(visitor(), "/moved")).headers.get("location")).toBe("/about");
    const [row] = await site.testDb.db.select().from(urlRedirects);

    const edited = await post(admin.jar, PATH, {
      intent: "update",
      id: row!.id,
      fromPath: "/moved",
      toPath: "/vision",
      statusCode: "302",
      notes: "campaign",
    });
    expect(edited.headers.get("location")).toBe(`${PATH}?done=updated`);
    const after = await get(visitor(), "/moved");
    expect([after.status, after.headers.get("location")]).toEqual([302, "/vision"]);

    await post(admin.jar, PATH, { intent: "delete", id: row!.id, confirmed: "1" });
    expect((await get(visitor(), "/moved")).status).toBe(404);
  });
});

describe("/admin/redirects", () => {
  it("is for admins only: everyone else goes to / and nothing changes", async () => {
    const db = site.testDb.db;
    await db.insert(urlRedirects).values({ fromPath: "/keep", toPath: "/about" });
    const [row] = await db.select().from(urlRedirects);
    const blocked = await signedInMember(site.app, db);
    const jars: Record<string, CookieJar> = {
      visitor: visitor(),
      pending: (await signedInMember(site.app, db, { status: "pending" })).jar,
      user: (await signedInMember(site.app, db)).jar,
      mentor: (await signedInMember(site.app, db, { role: "mentor" })).jar,
      blocked: blocked.jar,
    };
    await db.update(profiles).set({ status: "blocked" }).where(eq(profiles.id, blocked.id));
    const attempts: Record<string, string>[] = [
      { intent: "create", fromPath: "/a", toPath: "/b", statusCode: "301" },
      { intent: "update", id: row!.id, fromPath: "/keep", toPath: "/b", statusCode: "301" },
      { intent: "delete", id: row!.id, confirmed: "1" },
    ];
    for (const [who, jar] of Object.entries(jars)) {
      const page = await get(jar, PATH);
      expect([who, page.status, page.headers.get("location")]).toEqual([who, 302, "/"]);
      for (const fields of attempts) {
        const res = await post(jar, PATH, fields);
        expect([who, fields.intent, res.status, res.headers.get("location")]).toEqual([
          who,
          fields.intent,
          302,
          "/",
        ]);
      }
    }
    expect(await rows()).toEqual([{ fromPath: "/keep", toPath: "/about", statusCode: 301 }]);
  });

  it("lists newest first with the empty state, inline edit form and the delete question", async () => {
    const admin = await anAdmin();
    const empty = await text(await get(admin.jar, PATH));
    expect(empty).toContain("URL Redirects");
    expect(empty).toContain("No redirects configured yet");
    expect(empty).toMatch(/<option value="301" selected="">/);

    await create(admin.jar, { fromPath: "/first", toPath: "/about", notes: "old about page" });
    await create(admin.jar, { fromPath: "/second", toPath: "/vision", statusCode: "308" });
    const page = await text(await get(admin.jar, `${PATH}?done=created`));
    expect(page).toContain("Redirect created successfully!");
    expect(page).toContain("Redirects (2)");
    expect(page).toContain("old about page");
    expect(page.indexOf("/second")).toBeLessThan(page.indexOf("/first"));

    const [first] = await site.testDb.db
      .select()
      .from(urlRedirects)
      .where(eq(urlRedirects.fromPath, "/first"));
    const editing = await text(await get(admin.jar, `${PATH}?edit=${first!.id}`));
    expect(editing).toContain(`value="/first"`);
    expect(editing).toContain("Edit the redirect from /first");

    const asked = await post(admin.jar, PATH, { intent: "delete", id: first!.id });
    expect(asked.status).toBe(200);
    const step = await text(asked);
    expect(step).toContain("Are you sure you want to delete this redirect?");
    expect(await rows()).toHaveLength(2);
    const deleted = await post(admin.jar, PATH, {
      intent: "delete",
      id: first!.id,
      confirmed: "1",
    });
    expect(deleted.headers.get("location")).toBe(`${PATH}?done=deleted`);
    expect(await rows()).toEqual([{ fromPath: "/second", toPath: "/vision", statusCode: 308 }]);
  });

  it("refuses loops, self-redirects, reserved and bad paths with the spec's alerts, keeping what was typed", async () => {
    const admin = await anAdmin();
    await create(admin.jar, { fromPath: "/a", toPath: "/b" });
    await create(admin.jar, { fromPath: "/b", toPath: "/c?x=1" });

    const cases: [Record<string, string>, number, string][] = [
      [{ fromPath: "", toPath: "/x" }, 400, "Please fill in both From Path and To Path"],
      [{ fromPath: "/x", toPath: "  " }, 400, "Please fill in both From Path and To Path"],
      [
        { fromPath: "/c", toPath: "/a" },
        409,
        "Error creating redirect: This redirect would create a loop: /c → /a → /b → /c",
      ],
      [
        { fromPath: "/c/", toPath: `${site.app.url}/a/` },
        409,
        "Error creating redirect: This redirect would create a loop: /c → /a → /b → /c",
      ],
      [
        { fromPath: "/same", toPath: "/same/?q=1" },
        400,
        "Error creating redirect: From Path and To Path are the same page",
      ],
      [
        { fromPath: "/admin/users", toPath: "/x" },
        400,
        "Error creating redirect: From Path cannot be under /admin",
      ],
      [
        { fromPath: "/uploads/a.png", toPath: "/x" },
        400,
        "Error creating redirect: From Path cannot be under /admin",
      ],
      // A redirect in front of one of the site's own pages would hide it (the import's rule).
      ...["/search", "/signup", "/categories", "/Settings/notifications"].map(
        (fromPath): [Record<string, string>, number, string] => [
          { fromPath, toPath: "/x" },
          400,
          "Error creating redirect: From Path is one of the site's own pages: a redirect there would hide it",
        ],
      ),
      [
        { fromPath: "old", toPath: "/x" },
        400,
        "Error creating redirect: From Path must be a path on this site",
      ],
      [{ fromPath: "/x?y=1", toPath: "/x" }, 400, "From Path must be a path on this site"],
      [
        { fromPath: "/x", toPath: "javascript:alert(1)" },
        400,
        "Error creating redirect: To Path must be a path on this site",
      ],
      [{ fromPath: "/x", toPath: "//evil.example" }, 400, "To Path must be a path"],
      [
        { fromPath: "/x", toPath: "/y", statusCode: "303" },
        400,
        "Error creating redirect: Status code must be 301, 302, 307 or 308",
      ],
      [
        { fromPath: "/a/", toPath: "/z" },
        409,
        "Error creating redirect: A redirect from this path already exists",
      ],
    ];
    for (const [fields, status, message] of cases) {
      const res = await create(admin.jar, fields);
      expect([fields, res.status]).toEqual([fields, status]);
      const page = await text(res);
      expect(page).toContain(message);
      if (fields.fromPath) expect(page).toContain(`value="${fields.fromPath}"`);
    }
    expect(await rows()).toEqual([
      { fromPath: "/a", toPath: "/b", statusCode: 301 },
      { fromPath: "/b", toPath: "/c?x=1", statusCode: 301 },
    ]);
    // An address under a named page (a renamed post) hides nothing that exists: allowed.
    expect(
      (await create(admin.jar, { fromPath: "/post/old-name", toPath: "/post/new-name" })).status,
    ).toBeLessThan(400);
    await site.testDb.db.delete(urlRedirects).where(eq(urlRedirects.fromPath, "/post/old-name"));

    // Editing: a change that would close the loop is refused too, and the row keeps what was typed.
    const [b] = await site.testDb.db
      .select()
      .from(urlRedirects)
      .where(eq(urlRedirects.fromPath, "/b"));
    const loop = await post(admin.jar, PATH, {
      intent: "update",
      id: b!.id,
      fromPath: "/b",
      toPath: "/a",
      statusCode: "301",
    });
    expect(loop.status).toBe(409);
    const loopPage = await text(loop);
    expect(loopPage).toContain(
      "Error updating redirect: This redirect would create a loop: /b → /a → /b",
    );
    expect(loopPage).toContain("Edit the redirect from /b");
    // An edit may keep its own from path (it is not a duplicate of itself).
    const fine = await post(admin.jar, PATH, {
      intent: "update",
      id: b!.id,
      fromPath: "/b",
      toPath: "/d",
      statusCode: "307",
    });
    expect(fine.status).toBe(302);

    for (const [fields, status, message] of [
      [
        { intent: "update", id: "nope", fromPath: "/b", toPath: "/x" },
        404,
        "Error updating redirect: Redirect not found",
      ],
      [
        {
          intent: "update",
          id: "00000000-0000-4000-8000-000000000000",
          fromPath: "/q",
          toPath: "/x",
        },
        404,
        "Error updating redirect: Redirect not found",
      ],
      [
        { intent: "delete", id: "00000000-0000-4000-8000-000000000000", confirmed: "1" },
        404,
        "Error deleting redirect: Redirect not found",
      ],
      [
        { intent: "delete", id: "nope", confirmed: "1" },
        404,
        "Error deleting redirect: Redirect not found",
      ],
      [{ intent: "explode" }, 400, "Invalid request"],
    ] as [Record<string, string>, number, string][]) {
      const res = await post(admin.jar, PATH, fields);
      expect([fields, res.status]).toEqual([fields, status]);
      expect(await text(res)).toContain(message);
    }
  });
});
