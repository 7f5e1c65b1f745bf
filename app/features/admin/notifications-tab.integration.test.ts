/**
 * The dashboard's Notifications tab over HTTP: admins only (others to /), the
 * broadcast form's validation with the spec's messages, the confirmation
 * step without JavaScript, filters reaching exactly the right members, and
 * the 20 latest broadcasts with their recipient counts.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CookieJar } from "#tests/support/http-app";
import { broadcasts, notifications } from "#server/db/schema";
import { countRows, createUser } from "#tests/support/factories";
import { NOT_ADMINS, roleJars, signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";

const site = siteOverHttpForThisFile();
const { get, post, text } = site;

const send = (jar: CookieJar, fields: Record<string, string>) =>
  post(jar, "/admin?tab=notifications", { intent: "broadcast", confirmed: "1", ...fields });

async function recipients(title: string): Promise<string[]> {
  const rows = await site.testDb.db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(eq(notifications.title, title));
  return rows.map((r) => r.userId).sort();
}

describe("notifications tab", () => {
  it("visitor, pending, user, mentor and blocked go to / and nothing is sent", async () => {
    const jars = await roleJars(site, NOT_ADMINS);
    for (const [who, jar] of Object.entries(jars)) {
      const page = await get(jar, "/admin?tab=notifications");
      expect([who, page.status, page.headers.get("location")]).toEqual([who, 302, "/"]);
      const res = await send(jar, {
        title: "Hi",
        link: "/",
        roleFilter: "all",
        statusFilter: "all",
      });
      expect([who, res.status, res.headers.get("location")]).toEqual([who, 302, "/"]);
    }
    expect(await countRows(site.testDb.db, "broadcasts")).toBe(0);
    expect(await countRows(site.testDb.db, "notifications")).toBe(0);
  });

  it("shows the form and the empty history; asks first; sends to the filtered members", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const user = await createUser(site.testDb.db);
    const mentor = await createUser(site.testDb.db, { role: "mentor" });
    const pendingUser = await createUser(site.testDb.db, { status: "pending" });
    const blockedMentor = await createUser(site.testDb.db, { role: "mentor", status: "blocked" });

    const page = await text(await get(admin.jar, "/admin?tab=notifications"));
    expect(page).toMatch(/aria-current="page"[^>]*>Notifications/);
    expect(page).toContain("No broadcast notifications sent yet");
    expect(page).toMatch(/<option value="approved" selected="">/);
    expect(page.match(/<main/g)).toHaveLength(1);

    // Without confirmed=1: a confirmation step that keeps the fields, nothing sent.
    let res = await post(admin.jar, "/admin?tab=notifications", {
      intent: "broadcast",
      title: "Demo day",
      message: "",
      link: "https://example.com/demo",
      roleFilter: "all",
      statusFilter: "approved",
    });
    expect(res.status).toBe(200);
    const ask = await text(res);
    expect(ask).toContain("Are you sure you want to send this notification?");
    expect(ask).toContain('value="https://example.com/demo"');
    expect(await countRows(site.testDb.db, "broadcasts")).toBe(0);

    // Default filters: role all, status approved.
    res = await send(admin.jar, {
      title: "Demo day",
      link: "https://example.com/demo",
      roleFilter: "all",
      statusFilter: "approved",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin?tab=notifications&done=broadcast&count=3");
    const after = await text(await get(admin.jar, res.headers.get("location")!));
    expect(after).toContain("Notification sent successfully to 3 users!");
    expect(after).toContain("3 recipients");
    expect(after).not.toContain("No broadcast notifications sent yet");
    expect(await recipients("Demo day")).toEqual([admin.id, user.id, mentor.id].sort());
    const [row] = await site.testDb.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.id));
    expect(row!.message).toBe("Demo day");
    expect(row!.type).toBe("broadcast");

    await send(admin.jar, {
      title: "Mentors",
      message: "Hello mentors",
      link: "/",
      roleFilter: "mentor",
      statusFilter: "all",
    });
    expect(await recipients("Mentors")).toEqual([mentor.id, blockedMentor.id].sort());
    await send(admin.jar, {
      title: "Pending",
      link: "/",
      roleFilter: "user",
      statusFilter: "pending",
    });
    expect(await recipients("Pending")).toEqual([pendingUser.id]);
    await send(admin.jar, {
      title: "Admins",
      link: "/",
      roleFilter: "admin",
      statusFilter: "approved",
    });
    expect(await recipients("Admins")).toEqual([admin.id]);
    await send(admin.jar, { title: "Everyone", link: "/", roleFilter: "all", statusFilter: "all" });
    expect((await recipients("Everyone")).length).toBe(5);

    res = await send(admin.jar, {
      title: "Nobody",
      link: "/",
      roleFilter: "admin",
      statusFilter: "blocked",
    });
    expect(res.status).toBe(422);
    const nobody = await text(res);
    expect(nobody).toContain("No users found matching criteria");
    expect(nobody).toContain('value="Nobody"');
    expect(await countRows(site.testDb.db, "broadcasts")).toBe(5);
  });

  it("lists the 20 latest broadcasts, newest first", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    await site.testDb.db.insert(broadcasts).values(
      Array.from({ length: 22 }, (_, i) => ({
        title: `Broadcast number ${i}`,
        message: `Broadcast number ${i}`,
        link: "/",
        recipientCount: i,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    );
    const page = await text(await get(admin.jar, "/admin?tab=notifications"));
    expect(page).toContain("Broadcast number 21");
    expect(page).toContain("Broadcast number 2<");
    expect(page).not.toContain("Broadcast number 1<");
    expect(page).not.toContain("Broadcast number 0<");
    expect(page.indexOf("Broadcast number 21")).toBeLessThan(page.indexOf("Broadcast number 20"));
    expect(page).toContain("21 recipients");
  });

  it("bad input: 400 with the spec's or a clear message, never 500, nothing sent", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const ok = { title: "T", link: "/", roleFilter: "all", statusFilter: "approved" };
    const cases: [Record<string, string>, string][] = [
      [{ ...ok, title: "" }, "Please fill in both title and link fields"],
      [{ ...ok, title: "   " }, "Please fill in both title and link fields"],
      [{ ...ok, link: "" }, "Please fill in both title and link fields"],
      [{ roleFilter: "all" }, "Please fill in both title and link fields"],
      [{ ...ok, title: "x".repeat(101) }, "Title must be at most 100 characters"],
      [{ ...ok, message: "x".repeat(501) }, "Message must be at most 500 characters"],
      [{ ...ok, link: "not a url" }, "Link must be a URL"],
      [{ ...ok, link: "javascript:alert(1)" }, "Link must be a URL"],
      [{ ...ok, link: "//evil.example" }, "Link must be a URL"],
      [{ ...ok, roleFilter: "root" }, "Choose a role filter"],
      [{ ...ok, statusFilter: "deleted" }, "Choose a status filter"],
    ];
    for (const [fields, message] of cases) {
      const res = await send(admin.jar, fields);
      expect([fields, res.status]).toEqual([fields, 400]);
      expect(await text(res)).toContain(message);
    }
    // The limits count characters, not bytes: 100 emoji fit.
    const res = await send(admin.jar, { ...ok, title: "🚀".repeat(100), message: "é".repeat(500) });
    expect(res.status).toBe(302);
    expect(await countRows(site.testDb.db, "broadcasts")).toBe(1);
  });
});
