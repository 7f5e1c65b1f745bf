/**
 * Notifications: listing under the three filters (20 newest), the bell's
 * state, marking read (own only, never back to unread), the tracked link,
 * and broadcast() (set-based: one INSERT … SELECT, recipient count, filters).
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { broadcasts, notifications } from "#server/db/schema";
import { countRows, createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { broadcast, notify, notifyFollow } from "./notify.server";
import {
  bellState,
  listNotifications,
  markAllRead,
  markRead,
  trackedLink,
} from "./notifications.server";
import { badgeText, parseFilter } from "./notification-rules";

const t = testDatabaseForThisFile();

async function many(userId: string, n: number, type: "follow" | "broadcast" = "follow") {
  for (let i = 0; i < n; i++) {
    await notify({ db: t.db, jobs: undefined }, userId, { type, title: `N${i}`, link: "/" });
    await t.db.execute(
      sql`UPDATE notifications SET created_at = now() - make_interval(secs => ${n - i}) WHERE title = ${`N${i}`} AND user_id = ${userId}`,
    );
  }
}

describe("listing", () => {
  it("the 20 newest, newest first; Unread and Announcements filter; own rows only", async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    await many(a.id, 22);
    await notify({ db: t.db, jobs: undefined }, b.id, { type: "broadcast", title: "Not yours" });
    const all = await listNotifications(t.db, a.id, "all");
    expect(all).toHaveLength(20);
    expect(all[0]!.title).toBe("N21");
    expect(all.some((n) => n.title === "Not yours")).toBe(false);
    await markRead(t.db, a.id, all[0]!.id);
    const unread = await listNotifications(t.db, a.id, "unread");
    expect(unread.map((n) => n.title)).not.toContain("N21");
    expect(await listNotifications(t.db, a.id, "announcements")).toEqual([]);
    await notify({ db: t.db, jobs: undefined }, a.id, { type: "broadcast", title: "Hello all" });
    expect((await listNotifications(t.db, a.id, "announcements")).map((n) => n.title)).toEqual([
      "Hello all",
    ]);
  });

  it("the bell: unread count and the 5 latest unread", async () => {
    const a = await createUser(t.db);
    await many(a.id, 12);
    const bell = await bellState(t.db, a.id);
    expect(bell.unreadCount).toBe(12);
    expect(bell.latest.map((n) => n.title)).toEqual(["N11", "N10", "N9", "N8", "N7"]);
    expect(badgeText(bell.unreadCount)).toBe("9+");
    expect(badgeText(9)).toBe("9");
    expect(badgeText(0)).toBe("");
  });
});

describe("marking read", () => {
  it("own only; read stays read; Mark all as read", async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const mine = await notify({ db: t.db, jobs: undefined }, a.id, {
      type: "follow",
      title: "Mine",
      link: "/user/x",
    });
    expect(await markRead(t.db, b.id, mine.id)).toBeNull();
    expect(await markRead(t.db, a.id, "not-a-uuid")).toBeNull();
    expect((await bellState(t.db, a.id)).unreadCount).toBe(1);
    expect(await markRead(t.db, a.id, mine.id)).toEqual({ link: "/user/x" });
    expect(await markRead(t.db, a.id, mine.id)).toEqual({ link: "/user/x" });
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, mine.id));
    expect(row!.isRead).toBe(true);
    await many(a.id, 3);
    await notify({ db: t.db, jobs: undefined }, b.id, { type: "follow", title: "B's" });
    expect(await markAllRead(t.db, a.id)).toBe(3);
    expect((await bellState(t.db, a.id)).unreadCount).toBe(0);
    expect((await bellState(t.db, b.id)).unreadCount).toBe(1);
  });

  it("links get ?source=notification; odd links go to /notifications", () => {
    const site = "https://fb.example";
    expect(trackedLink("/user/asha", site)).toBe("/user/asha?source=notification");
    expect(trackedLink("/post/x?a=1#c", site)).toBe("/post/x?a=1&source=notification#c");
    expect(trackedLink("https://other.example/p", site)).toBe(
      "https://other.example/p?source=notification",
    );
    expect(trackedLink("javascript:alert(1)", site)).toBe("/notifications");
    expect(trackedLink(null, site)).toBe("/notifications");
    expect(parseFilter(null)).toBe("all");
    expect(parseFilter("unread")).toBe("unread");
    expect(parseFilter("nope")).toBeNull();
  });

  it("notifyFollow names the follower", async () => {
    const a = await createUser(t.db, { role: "mentor" });
    const n = await notifyFollow({ db: t.db, jobs: undefined }, a.id, {
      username: "ravi",
      fullName: "Ravi K",
    });
    expect(n.message).toBe("Ravi K (@ravi) started following you");
  });
});

describe("broadcast()", () => {
  it("one row per matching member, the recipient count, role and status filters", async () => {
    const admin = await createUser(t.db, { role: "admin" });
    await createUser(t.db, { role: "user" });
    await createUser(t.db, { role: "user" });
    await createUser(t.db, { role: "mentor" });
    await createUser(t.db, { role: "user", status: "pending" });
    const input = { title: "Hi", link: "/events", sentBy: admin.id } as const;

    expect(await broadcast(t.db, { ...input, roleFilter: "all", statusFilter: "all" })).toBe(5);
    expect(await broadcast(t.db, { ...input, roleFilter: "user", statusFilter: "approved" })).toBe(
      2,
    );
    expect(await broadcast(t.db, { ...input, roleFilter: "mentor", statusFilter: "pending" })).toBe(
      0,
    );
    expect(await countRows(t.db, "notifications")).toBe(7);
    const sent = await t.db.select().from(broadcasts);
    expect(sent.map((b) => b.recipientCount).sort()).toEqual([2, 5]);
    const rows = await t.db.select().from(notifications);
    expect(rows.every((r) => r.type === "broadcast" && r.message === "Hi" && !r.isRead)).toBe(true);
  });

  // One statement for any number of members: app/features/admin/broadcast-scale.integration.test.ts
  // counts the statements at 10,000 (timings are for `npm run bench`, never for tests).
  it("reaches 300 members and their bells", async () => {
    await t.db.execute(sql`
      INSERT INTO users (id, name, email, username, email_verified)
      SELECT 'bulk-' || g, 'b' || g, 'b' || g || '@example.com', 'bulk_' || g, true
      FROM generate_series(1, 300) g`);
    await t.db.execute(sql`
      INSERT INTO profiles (id, email, username, status)
      SELECT 'bulk-' || g, 'b' || g || '@example.com', 'bulk_' || g, 'approved'
      FROM generate_series(1, 300) g`);
    const n = await broadcast(t.db, {
      title: "All hands",
      message: "Read this",
      link: "/",
      roleFilter: "all",
      statusFilter: "approved",
      sentBy: null,
    });
    expect(n).toBe(300);
    expect((await bellState(t.db, "bulk-7")).latest[0]!.message).toBe("Read this");
  });
});
