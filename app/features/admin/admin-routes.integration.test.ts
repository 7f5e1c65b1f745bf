/**
 * /admin and /admin/users.csv over HTTP: every role but admin goes to /
 * (pages, actions and the export); the plain forms without JavaScript with
 * the confirmation step; the spec's messages; bad input as 4xx, never 500.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { browse } from "#tests/support/http-app";
import { adminAuditLog, notifications, profiles } from "#server/db/schema";
import { countRows, createPost, createUser } from "#tests/support/factories";
import { NOT_ADMINS, roleJars, signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";

const site = siteOverHttpForThisFile();
const { get, post, text } = site;

async function statusOf(id: string) {
  const [row] = await site.testDb.db
    .select({ role: profiles.role, status: profiles.status })
    .from(profiles)
    .where(eq(profiles.id, id));
  return row;
}

describe("access", () => {
  it("visitor, pending, user, mentor and blocked go to / from the page, the actions and the export", async () => {
    const target = await createUser(site.testDb.db, { status: "pending" });
    const jars = await roleJars(site, NOT_ADMINS);
    for (const [who, jar] of Object.entries(jars)) {
      for (const path of ["/admin", "/admin?tab=users", "/admin/users.csv"]) {
        const res = await get(jar, path);
        expect([who, path, res.status, res.headers.get("location")]).toEqual([who, path, 302, "/"]);
      }
      for (const intent of ["approve", "block", "promote", "delete"]) {
        const res = await post(jar, "/admin", { intent, userId: target.id, confirmed: "1" });
        expect([who, intent, res.status, res.headers.get("location")]).toEqual([
          who,
          intent,
          302,
          "/",
        ]);
      }
    }
    expect(await statusOf(target.id)).toEqual({ role: "user", status: "pending" });

    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    expect((await get(admin.jar, "/admin")).status).toBe(200);
    expect((await get(admin.jar, "/admin/users.csv")).status).toBe(200);
  }, 120_000);
});

describe("overview", () => {
  it("shows the cards, top lists and Pending User Approvals; Approve works without JavaScript", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const pending = await createUser(site.testDb.db, {
      status: "pending",
      fullName: "Priya Pending",
    });
    const page = await text(await get(admin.jar, "/admin"));
    for (const label of [
      "Admin Dashboard",
      "Export Users CSV",
      "Total Users",
      "Mentors",
      "Pending Approvals",
      "Total Posts",
      "Total Comments",
      "Blocked Users",
      "Top Tags",
      "Top Categories",
      "Most Active Mentors",
      "Pending User Approvals",
      "Priya Pending",
    ]) {
      expect(page, label).toContain(label);
    }
    expect(page).toMatch(/aria-current="page"[^>]*>Overview/);
    expect(page.match(/<main/g)).toHaveLength(1);

    const res = await post(admin.jar, "/admin?tab=overview", {
      intent: "approve",
      userId: pending.id,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin?tab=overview&done=approve");
    const after = await text(await get(admin.jar, res.headers.get("location")!));
    expect(after).toContain("User approved successfully!");
    expect(after).not.toContain("Priya Pending");
    expect(await statusOf(pending.id)).toEqual({ role: "user", status: "approved" });
    expect(
      await countRows(site.testDb.db, "notifications", eq(notifications.userId, pending.id)),
    ).toBe(1);

    const again = await post(admin.jar, "/admin?tab=overview", {
      intent: "approve",
      userId: pending.id,
    });
    expect(again.status).toBe(409);
    expect(await text(again)).toContain("Failed to approve user: This user is already approved");
  });
});

describe("users tab", () => {
  it("block asks first (a confirmation step without JavaScript), ends the member's session, and can't be repeated", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const member = await signedInMember(site.app, site.testDb.db, { fullName: "Mo Member" });
    expect((await get(member.jar, "/favorites")).status).toBe(200);

    const ask = await post(admin.jar, "/admin?tab=users&q=mo", {
      intent: "block",
      userId: member.id,
    });
    expect(ask.status).toBe(302);
    const confirmAt = ask.headers.get("location")!;
    expect(confirmAt).toBe(`/admin?tab=users&q=mo&confirm=block&user=${member.id}`);
    expect(await statusOf(member.id)).toEqual({ role: "user", status: "approved" });
    const confirmPage = await text(await get(admin.jar, confirmAt));
    expect(confirmPage).toContain("Are you sure you want to block this user?");
    expect(confirmPage).toContain("Yes, block");

    const done = await post(admin.jar, "/admin?tab=users&q=mo", {
      intent: "block",
      userId: member.id,
      confirmed: "1",
    });
    expect(done.headers.get("location")).toBe("/admin?tab=users&q=mo&done=block");
    expect(await text(await get(admin.jar, done.headers.get("location")!))).toContain(
      "User blocked successfully!",
    );
    expect(await countRows(site.testDb.db, "sessions", sql`user_id = ${member.id}`)).toBe(0);
    const kicked = await get(member.jar, "/favorites");
    expect(kicked.status).toBe(302);
    expect(kicked.headers.get("location")).toMatch(/^\/login/);

    const twice = await post(admin.jar, "/admin?tab=users", {
      intent: "block",
      userId: member.id,
      confirmed: "1",
    });
    expect(twice.status).toBe(409);
    expect(await text(twice)).toContain("Failed to block user: This user is already blocked");
  });

  it("promote and delete ask first and carry the spec's messages", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const u = await createUser(site.testDb.db);
    const ask = await post(admin.jar, "/admin?tab=users", { intent: "promote", userId: u.id });
    expect(ask.headers.get("location")).toContain("confirm=promote");
    const promoted = await post(admin.jar, "/admin?tab=users", {
      intent: "promote",
      userId: u.id,
      confirmed: "1",
    });
    expect(await text(await get(admin.jar, promoted.headers.get("location")!))).toContain(
      "User promoted to mentor successfully!",
    );
    const refused = await post(admin.jar, "/admin?tab=users", {
      intent: "promote",
      userId: u.id,
      confirmed: "1",
    });
    expect(refused.status).toBe(409);
    expect(await text(refused)).toContain("Failed to promote user:");

    const askDelete = await post(admin.jar, "/admin?tab=users", { intent: "delete", userId: u.id });
    expect(await text(await get(admin.jar, askDelete.headers.get("location")!))).toContain(
      "Their posts and comments will be deleted too.",
    );
    const deleted = await post(admin.jar, "/admin?tab=users", {
      intent: "delete",
      userId: u.id,
      confirmed: "1",
    });
    expect(await text(await get(admin.jar, deleted.headers.get("location")!))).toContain(
      "User deleted successfully!",
    );
    expect(await statusOf(u.id)).toBeUndefined();
  });

  it("searches and pages on the server: 50 a page with Showing and Page labels", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    await site.testDb.db.execute(sql`
      INSERT INTO users (id, name, email, username, email_verified)
      SELECT 'bulk-' || i, 'bulk' || i, 'bulk' || i || '@x.test', 'bulk_' || i, true
      FROM generate_series(1, 60) AS i`);
    await site.testDb.db.execute(sql`
      INSERT INTO profiles (id, email, username, full_name, status, created_at)
      SELECT 'bulk-' || i, 'bulk' || i || '@x.test', 'bulk_' || i, 'Bulk Person ' || i, 'approved',
             now() - i * interval '1 minute'
      FROM generate_series(1, 60) AS i`);
    const first = await text(await get(admin.jar, "/admin?tab=users"));
    expect(first).toContain("Showing 1 to 50 of 61");
    expect(first).toContain("Page 1 of 2");
    expect(first).toContain('href="/admin?tab=users&amp;page=2"');
    const second = await text(await get(admin.jar, "/admin?tab=users&page=2"));
    expect(second).toContain("Showing 51 to 61 of 61");
    expect(second).toContain("Page 2 of 2");
    const found = await text(await get(admin.jar, "/admin?tab=users&q=person%2017"));
    expect(found).toContain("Showing 1 to 1 of 1");
    expect(found).toContain("@bulk_17");
    const none = await text(await get(admin.jar, "/admin?tab=users&q=nobody"));
    expect(none).toContain("Showing 0 to 0 of 0");
    expect(none).toContain("No users found.");
  });
});

describe("bad input", () => {
  it("answers 4xx with a message, never a 500", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const u = await createUser(site.testDb.db, { status: "pending" });
    for (const [path, message] of [
      ["/admin?tab=nope", "Unknown dashboard section"],
      ["/admin?tab=users&page=abc", "Page must be a whole number from 1"],
      ["/admin?tab=users&page=0", "Page must be a whole number from 1"],
      [`/admin?tab=users&q=${"x".repeat(201)}`, "Search text must be at most 200 characters"],
    ] as const) {
      const res = await get(admin.jar, path);
      expect([path, res.status]).toEqual([path, 400]);
      expect(await text(res)).toContain(message);
    }
    // A confirmation for someone unknown simply isn't shown.
    expect((await get(admin.jar, "/admin?confirm=block&user=nobody")).status).toBe(200);

    const cases: Record<string, string>[] = [
      {},
      { intent: "approve" },
      { userId: u.id },
      { intent: "explode", userId: u.id },
      { intent: "approve", userId: "x".repeat(201) },
    ];
    for (const fields of cases) {
      const res = await post(admin.jar, "/admin", fields);
      expect([JSON.stringify(fields), res.status]).toEqual([JSON.stringify(fields), 400]);
    }
    const repeated = await browse(admin.jar, `${site.app.url}/admin`, {
      method: "POST",
      body: "intent=approve&intent=block&userId=" + u.id,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(repeated.status).toBe(400);
    const garbled = await browse(admin.jar, `${site.app.url}/admin`, {
      method: "POST",
      body: "%%%",
      headers: { "content-type": "multipart/form-data; boundary=x" },
    });
    expect(garbled.status).toBe(400);
    const unknown = await post(admin.jar, "/admin", { intent: "approve", userId: "nobody" });
    expect(unknown.status).toBe(404);
    expect(await text(unknown)).toContain("Failed to approve user: User not found");
    const self = await post(admin.jar, "/admin", {
      intent: "delete",
      userId: admin.id,
      confirmed: "1",
    });
    expect(self.status).toBe(409);
    expect(await statusOf(u.id)).toEqual({ role: "user", status: "pending" });
  });
});

describe("Export Users CSV", () => {
  it("downloads users-export-{date}.csv with the spec's columns, quoting and neutralised formulas", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, {
      role: "admin",
      username: "csv_admin",
    });
    await createUser(site.testDb.db, {
      username: "evil",
      fullName: '=HYPERLINK("http://x","Click, me")',
      createdAt: new Date("2026-01-01T00:00:00Z"),
    });
    const page = await text(await get(admin.jar, "/admin"));
    expect(page).toContain('href="/admin/users.csv"');
    // A plain link, so that a failed export can bring the admin back to the page.
    expect(page).not.toMatch(/href="\/admin\/users\.csv"[^>]*download/);
    // The file's date is the day the server answered: either side of a midnight (UTC).
    const dayBefore = new Date().toISOString().slice(0, 10);
    const res = await get(admin.jar, "/admin/users.csv");
    const dayAfter = new Date().toISOString().slice(0, 10);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(
      [dayBefore, dayAfter].map((d) => `attachment; filename="users-export-${d}.csv"`),
    ).toContain(res.headers.get("content-disposition"));
    expect(res.headers.get("cache-control")).toContain("no-store");
    const body = (await res.text()).replace(/^\uFEFF/, "");
    const lines = body.split("\r\n");
    expect(lines[0]).toBe("Username,Full Name,Email,Role,Status,Created At,Last Login");
    expect(lines[1]).toBe(
      `evil,"'=HYPERLINK(""http://x"",""Click, me"")",evil@example.com,user,approved,2026-01-01T00:00:00.000Z,Never`,
    );
    expect(lines.some((l) => l.startsWith("csv_admin,"))).toBe(true);
  });
});

describe("Export Users CSV failure", () => {
  it("sends the admin back to /admin with Failed to export users, never a bare 500", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    // A real database failure: the export's audit record is refused by a trigger.
    await site.testDb.db.execute(sql`
      CREATE FUNCTION refuse_export() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit log is read-only'; END $$`);
    await site.testDb.db.execute(sql`
      CREATE TRIGGER refuse_export BEFORE INSERT ON admin_audit_log
      FOR EACH ROW WHEN (NEW.action = 'users.export') EXECUTE FUNCTION refuse_export()`);
    try {
      const res = await get(admin.jar, "/admin/users.csv");
      expect([res.status, res.headers.get("location")]).toEqual([
        302,
        "/admin?failed=users-export",
      ]);
      expect(res.headers.get("content-disposition")).toBeNull();
      const back = await get(admin.jar, res.headers.get("location")!);
      expect(back.status).toBe(200);
      expect(await text(back)).toMatch(/role="alert"[^>]*>[^<]*Failed to export users/);
    } finally {
      await site.testDb.db.execute(sql`DROP TRIGGER refuse_export ON admin_audit_log`);
      await site.testDb.db.execute(sql`DROP FUNCTION refuse_export()`);
    }
    // Once the database accepts it again, the export works.
    expect((await get(admin.jar, "/admin/users.csv")).status).toBe(200);
  });
});

describe("admin actions outside /admin", () => {
  it("an admin deleting someone's post from /my-posts leaves an audit record", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, {
      role: "admin",
      username: "desk_admin",
    });
    const mentor = await createUser(site.testDb.db, { role: "mentor" });
    const news = await createPost(site.testDb.db, { authorId: mentor.id, title: "Old news" });
    const res = await post(admin.jar, "/my-posts", { id: news.id });
    expect([res.status, res.headers.get("location")]).toEqual([302, "/my-posts"]);
    expect(await countRows(site.testDb.db, "posts")).toBe(0);
    // The spec's success text comes with the next page (a flash), once.
    const next = await get(admin.jar, "/my-posts");
    expect(await text(next)).toContain("Post deleted successfully!");
    expect(await text(await get(admin.jar, "/my-posts"))).not.toContain(
      "Post deleted successfully!",
    );
    const rows = await site.testDb.db.select().from(adminAuditLog);
    expect(rows.map((r) => [r.actorUsername, r.action, r.targetId, r.targetLabel])).toEqual([
      ["desk_admin", "post.delete", news.id, "Old news"],
    ]);
  });
});
