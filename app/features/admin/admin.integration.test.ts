/**
 * The dashboard's server logic on a real database: statistics, top lists,
 * pending approvals, the users search and its pages, the export rows, and
 * approve / block / promote / delete with the spec's messages. Every
 * function refuses every role but admin.
 */
import { eq, sql } from "drizzle-orm";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { categories, notifications, postTags, profiles, sessions } from "#server/db/schema";
import { createLocalStorage } from "#server/storage";
import type { Actor } from "~/features/accounts/permissions";
import {
  countRows,
  createComment,
  createPost,
  createTag,
  createUser,
} from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import {
  findAdminUser,
  listUsers,
  pageLabel,
  pendingApprovals,
  runUserAction,
  showingLabel,
  USER_ACTIONS,
  usersForExport,
} from "./users.server";
import { dashboardStats, topLists } from "./overview.server";
import { Forbidden } from "~/features/accounts/permissions.server";

const testDb = testDatabaseForThisFile();

async function actorOf(profile: Partial<typeof profiles.$inferInsert> = {}): Promise<Actor> {
  const u = await createUser(testDb.db, profile);
  const [row] = await testDb.db
    .select({ id: profiles.id, role: profiles.role, status: profiles.status })
    .from(profiles)
    .where(eq(profiles.id, u.id));
  return row!;
}
const anAdmin = () => actorOf({ role: "admin" });

async function statusOf(id: string) {
  const [row] = await testDb.db
    .select({ role: profiles.role, status: profiles.status })
    .from(profiles)
    .where(eq(profiles.id, id));
  return row;
}

async function addSession(userId: string) {
  await testDb.db.insert(sessions).values({
    id: `s-${Math.random()}`,
    token: `t-${Math.random()}`,
    userId,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
}

describe("only admins pass", () => {
  it("visitor, pending, user, mentor and blocked are refused everything; admin passes", async () => {
    const target = await createUser(testDb.db, { status: "pending" });
    const others: (Actor | null)[] = [
      null,
      await actorOf({ status: "pending" }),
      await actorOf({ role: "user" }),
      await actorOf({ role: "mentor" }),
      await actorOf({ role: "admin", status: "blocked" }),
      await actorOf({ role: "admin", status: "pending" }),
    ];
    for (const actor of others) {
      const who = JSON.stringify(actor);
      await expect(dashboardStats(testDb.db, actor), who).rejects.toBeInstanceOf(Forbidden);
      await expect(topLists(testDb.db, actor), who).rejects.toBeInstanceOf(Forbidden);
      await expect(pendingApprovals(testDb.db, actor), who).rejects.toBeInstanceOf(Forbidden);
      await expect(listUsers(testDb.db, actor), who).rejects.toBeInstanceOf(Forbidden);
      await expect(usersForExport(testDb.db, actor), who).rejects.toBeInstanceOf(Forbidden);
      await expect(findAdminUser(testDb.db, actor, target.id), who).rejects.toBeInstanceOf(
        Forbidden,
      );
      for (const action of USER_ACTIONS) {
        await expect(
          runUserAction(testDb.db, actor, action, target.id),
          `${who} ${action}`,
        ).rejects.toMatchObject({ status: 403 });
      }
    }
    expect(await statusOf(target.id)).toEqual({ role: "user", status: "pending" });
    const admin = await anAdmin();
    await expect(dashboardStats(testDb.db, admin)).resolves.toBeDefined();
    expect(await runUserAction(testDb.db, admin, "approve", target.id)).toEqual({
      ok: true,
      message: "User approved successfully!",
    });
  });
});

describe("overview", () => {
  it("counts users, mentors, pending, posts, live comments and blocked users", async () => {
    const admin = await anAdmin();
    const mentor = await createUser(testDb.db, { role: "mentor" });
    await createUser(testDb.db, { role: "mentor", status: "blocked" });
    await createUser(testDb.db, { status: "pending" });
    await createUser(testDb.db, { status: "pending" });
    const p = await createPost(testDb.db, { authorId: mentor.id });
    await createPost(testDb.db, { authorId: mentor.id, status: "draft", publishedAt: null });
    await createComment(testDb.db, { postId: p.id, authorId: admin.id });
    await createComment(testDb.db, { postId: p.id, authorId: admin.id, isDeleted: true });
    expect(await dashboardStats(testDb.db, admin)).toEqual({
      totalUsers: 5,
      mentors: 2,
      pendingApprovals: 2,
      posts: 2,
      comments: 1,
      blockedUsers: 1,
    });
  });

  it("top 5 tags by usage, categories and mentors by published posts", async () => {
    const admin = await anAdmin();
    const [cat] = await testDb.db
      .insert(categories)
      .values({ name: "Funding", slug: "funding" })
      .returning();
    const mentors = [];
    for (let i = 0; i < 7; i++) {
      mentors.push(
        await createUser(testDb.db, {
          role: "mentor",
          username: `mentor_${i}`,
          fullName: `M ${i}`,
        }),
      );
    }
    const tagRows = [];
    for (let i = 0; i < 7; i++) tagRows.push(await createTag(testDb.db, `tag${i}`));
    for (let i = 0; i < 7; i++) {
      for (let k = 0; k <= i; k++) {
        const post = await createPost(testDb.db, {
          authorId: mentors[i]!.id,
          categoryId: k % 2 ? cat!.id : undefined,
        });
        await testDb.db.insert(postTags).values({ postId: post.id, tagId: tagRows[i]!.id });
      }
    }
    // Drafts and admins' posts don't make a mentor active.
    await createPost(testDb.db, { authorId: admin.id });
    await createPost(testDb.db, { authorId: mentors[0]!.id, status: "draft", publishedAt: null });

    const top = await topLists(testDb.db, admin);
    expect(top.tags.map((t) => [t.name, t.usageCount])).toEqual([
      ["tag6", 7],
      ["tag5", 6],
      ["tag4", 5],
      ["tag3", 4],
      ["tag2", 3],
    ]);
    expect(top.mentors).toEqual([
      { username: "mentor_6", name: "M 6", postCount: 7 },
      { username: "mentor_5", name: "M 5", postCount: 6 },
      { username: "mentor_4", name: "M 4", postCount: 5 },
      { username: "mentor_3", name: "M 3", postCount: 4 },
      { username: "mentor_2", name: "M 2", postCount: 3 },
    ]);
    expect(top.categories.map((c) => [c.slug, c.postCount])).toEqual([
      ["uncategorized", 17],
      ["funding", 12],
    ]);
  });

  it("lists pending members, oldest first", async () => {
    const admin = await anAdmin();
    const a = await createUser(testDb.db, {
      status: "pending",
      createdAt: new Date("2026-01-01T00:00:00Z"),
    });
    const b = await createUser(testDb.db, {
      status: "pending",
      createdAt: new Date("2026-01-02T00:00:00Z"),
    });
    await createUser(testDb.db);
    const list = await pendingApprovals(testDb.db, admin);
    expect(list.map((u) => u.id)).toEqual([a.id, b.id]);
  });
});

describe("users search and pages", () => {
  it("searches username, name and e-mail case-insensitively; wildcards are literal", async () => {
    const admin = await actorOf({ role: "admin", username: "root_admin", email: "root@site.test" });
    await createUser(testDb.db, { username: "alice_w", fullName: "Alice Wong", email: "a@x.test" });
    await createUser(testDb.db, { username: "bob", fullName: "Bob Smith", email: "bob@corp.test" });
    await createUser(testDb.db, { username: "carol", fullName: "100% Carol", email: "c@x.test" });
    const names = async (query: string) =>
      (await listUsers(testDb.db, admin, { query })).users.map((u) => u.username).sort();
    expect(await names("ALICE")).toEqual(["alice_w"]);
    expect(await names("smith")).toEqual(["bob"]);
    expect(await names("CORP.test")).toEqual(["bob"]);
    expect(await names("100%")).toEqual(["carol"]);
    expect(await names("%")).toEqual(["carol"]);
    expect(await names("_")).toEqual(["alice_w", "root_admin"]);
    expect(await names("nobody")).toEqual([]);
    expect((await names("")).length).toBe(4);
  });

  it("50 a page, newest first, with Showing x to y of n and Page x of y", async () => {
    const admin = await actorOf({ role: "admin", createdAt: new Date("2020-01-01T00:00:00Z") });
    await testDb.db.execute(sql`
      INSERT INTO users (id, name, email, username, email_verified)
      SELECT 'bulk-' || i, 'bulk' || i, 'bulk' || i || '@x.test', 'bulk_' || i, true
      FROM generate_series(1, 119) AS i`);
    await testDb.db.execute(sql`
      INSERT INTO profiles (id, email, username, status, created_at)
      SELECT 'bulk-' || i, 'bulk' || i || '@x.test', 'bulk_' || i, 'approved',
             timestamptz '2026-01-01' + i * interval '1 minute'
      FROM generate_series(1, 119) AS i`);
    const first = await listUsers(testDb.db, admin);
    expect(first.users).toHaveLength(50);
    expect(first.users[0]!.username).toBe("bulk_119");
    expect(showingLabel(first)).toBe("Showing 1 to 50 of 120");
    expect(pageLabel(first)).toBe("Page 1 of 3");
    const last = await listUsers(testDb.db, admin, { page: 3 });
    expect(last.users).toHaveLength(20);
    expect(last.users.at(-1)!.id).toBe(admin.id);
    expect(showingLabel(last)).toBe("Showing 101 to 120 of 120");
    expect(pageLabel(last)).toBe("Page 3 of 3");
    expect(pageLabel(await listUsers(testDb.db, admin, { page: 99 }))).toBe("Page 3 of 3");
    const none = await listUsers(testDb.db, admin, { query: "zzz" });
    expect([showingLabel(none), pageLabel(none)]).toEqual(["Showing 0 to 0 of 0", "Page 1 of 1"]);
  });
});

describe("user actions", () => {
  it("approve: pending → approved with a notification; twice is refused", async () => {
    const admin = await anAdmin();
    const u = await createUser(testDb.db, { status: "pending" });
    expect(await runUserAction(testDb.db, admin, "approve", u.id)).toEqual({
      ok: true,
      message: "User approved successfully!",
    });
    expect(await statusOf(u.id)).toEqual({ role: "user", status: "approved" });
    const sent = await testDb.db.select().from(notifications).where(eq(notifications.userId, u.id));
    expect(sent.map((n) => n.type)).toEqual(["approval"]);
    expect(await runUserAction(testDb.db, admin, "approve", u.id)).toEqual({
      ok: false,
      status: 409,
      error: "Failed to approve user: This user is already approved",
    });
    expect(await countRows(testDb.db, "notifications")).toBe(1);
  });

  it("block: ends every session; a blocked member can't be blocked again", async () => {
    const admin = await anAdmin();
    const u = await createUser(testDb.db);
    await addSession(u.id);
    await addSession(u.id);
    await addSession(admin.id);
    expect(await runUserAction(testDb.db, admin, "block", u.id)).toEqual({
      ok: true,
      message: "User blocked successfully!",
    });
    expect(await statusOf(u.id)).toEqual({ role: "user", status: "blocked" });
    expect(await countRows(testDb.db, "sessions", sql`user_id = ${u.id}`)).toBe(0);
    expect(await countRows(testDb.db, "sessions")).toBe(1);
    expect(await runUserAction(testDb.db, admin, "block", u.id)).toEqual({
      ok: false,
      status: 409,
      error: "Failed to block user: This user is already blocked",
    });
    // A pending member can be blocked too.
    const p = await createUser(testDb.db, { status: "pending" });
    expect((await runUserAction(testDb.db, admin, "block", p.id)).ok).toBe(true);
  });

  it("promote: approved plain users only, with a notification", async () => {
    const admin = await anAdmin();
    const u = await createUser(testDb.db);
    expect(await runUserAction(testDb.db, admin, "promote", u.id)).toEqual({
      ok: true,
      message: "User promoted to mentor successfully!",
    });
    expect(await statusOf(u.id)).toEqual({ role: "mentor", status: "approved" });
    const sent = await testDb.db.select().from(notifications).where(eq(notifications.userId, u.id));
    expect(sent.map((n) => n.type)).toEqual(["promotion"]);
    const refused =
      "Failed to promote user: Only approved users with the role user can be promoted to mentor";
    for (const profile of [
      { role: "mentor" as const },
      { role: "admin" as const },
      { status: "pending" as const },
      { status: "blocked" as const },
    ]) {
      const other = await createUser(testDb.db, profile);
      expect(await runUserAction(testDb.db, admin, "promote", other.id)).toEqual({
        ok: false,
        status: 409,
        error: refused,
      });
      expect(await statusOf(other.id)).toMatchObject(profile);
    }
    expect(await countRows(testDb.db, "notifications")).toBe(1);
  });

  it("delete: the member's profile-images folder goes after the commit, no one else's files", async () => {
    const admin = await anAdmin();
    const gone = await createUser(testDb.db);
    const stays = await createUser(testDb.db);
    const dir = await mkdtemp(path.join(os.tmpdir(), "fb-admin-delete-"));
    try {
      const storage = createLocalStorage({ root: dir, publicPath: "/uploads" });
      const keys = (id: string) => [
        `profile-images/${id}/1.500x500.webp`,
        `profile-images/${id}/1.500x500.96w.webp`,
        `profile-images/${id}/2.500x500.webp`,
      ];
      for (const key of [...keys(gone.id), ...keys(stays.id), `posts/${gone.id}/1.webp`]) {
        await storage.put(key, new Uint8Array([1]), "image/webp");
      }
      // A refused delete (oneself) touches no file.
      await storage.put(`profile-images/${admin.id}/1.webp`, new Uint8Array([1]), "image/webp");
      expect(await runUserAction(testDb.db, admin, "delete", admin.id, { storage })).toMatchObject({
        ok: false,
        status: 409,
      });
      expect(await storage.list(`profile-images/${admin.id}/`)).toHaveLength(1);

      expect(await runUserAction(testDb.db, admin, "delete", gone.id, { storage })).toMatchObject({
        ok: true,
      });
      expect(await storage.list(`profile-images/${gone.id}/`)).toEqual([]);
      await expect(readdir(path.join(dir, "profile-images", gone.id))).rejects.toThrow();
      expect(await storage.list(`profile-images/${stays.id}/`)).toEqual(keys(stays.id).sort());
      // Post images may be used beyond the member's posts (a banner): kept, see decision 0045.
      expect(await storage.list(`posts/${gone.id}/`)).toEqual([`posts/${gone.id}/1.webp`]);

      // A storage failure is logged; the deletion stands.
      const logged: string[] = [];
      const failing = {
        ...storage,
        deletePrefix: () => Promise.reject(new Error("storage offline")),
      };
      expect(
        await runUserAction(testDb.db, admin, "delete", stays.id, {
          storage: failing,
          log: (_, message) => void logged.push(message),
        }),
      ).toMatchObject({ ok: true });
      expect(logged).toEqual([`deleting profile-images/${stays.id}/ of a deleted user`]);
      expect(await statusOf(stays.id)).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("delete: the member goes with their posts and comments; others' comments on them too", async () => {
    const admin = await anAdmin();
    const mentor = await createUser(testDb.db, { role: "mentor" });
    const reader = await createUser(testDb.db);
    const theirPost = await createPost(testDb.db, { authorId: mentor.id });
    const otherPost = await createPost(testDb.db, { authorId: admin.id });
    await createComment(testDb.db, { postId: theirPost.id, authorId: reader.id });
    await createComment(testDb.db, { postId: otherPost.id, authorId: mentor.id });
    await createComment(testDb.db, { postId: otherPost.id, authorId: reader.id });
    await addSession(mentor.id);
    expect(await runUserAction(testDb.db, admin, "delete", mentor.id)).toEqual({
      ok: true,
      message: "User deleted successfully!",
    });
    expect(await statusOf(mentor.id)).toBeUndefined();
    expect(await countRows(testDb.db, "users", sql`id = ${mentor.id}`)).toBe(0);
    expect(await countRows(testDb.db, "posts")).toBe(1);
    expect(await countRows(testDb.db, "comments")).toBe(1);
    expect(await countRows(testDb.db, "sessions")).toBe(0);
    const [left] = await testDb.db
      .execute(sql`SELECT comment_count FROM posts WHERE id = ${otherPost.id}`)
      .then((r) => (r as { rows: { comment_count: number }[] }).rows);
    expect(left!.comment_count).toBe(1);
    expect(await runUserAction(testDb.db, admin, "delete", mentor.id)).toEqual({
      ok: false,
      status: 404,
      error: "Failed to delete user: User not found",
    });
  });

  it("unknown members are 404 and an admin cannot act on their own account", async () => {
    const admin = await anAdmin();
    for (const action of USER_ACTIONS) {
      expect(await runUserAction(testDb.db, admin, action, "nobody")).toMatchObject({
        ok: false,
        status: 404,
      });
      expect(await runUserAction(testDb.db, admin, action, admin.id)).toMatchObject({
        ok: false,
        status: 409,
      });
    }
    expect(await statusOf(admin.id)).toEqual({ role: "admin", status: "approved" });
  });

  it("two admins blocking at once: one succeeds, the other is told it's already blocked", async () => {
    const [a, b] = [await anAdmin(), await anAdmin()];
    const u = await createUser(testDb.db);
    const results = await Promise.all([
      runUserAction(testDb.db, a, "block", u.id),
      runUserAction(testDb.db, b, "block", u.id),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it("exports every member with the export's fields", async () => {
    const admin = await anAdmin();
    await createUser(testDb.db, { username: "zed", fullName: "=cmd()" });
    const rows = await usersForExport(testDb.db, admin);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.username === "zed")).toMatchObject({
      fullName: "=cmd()",
      role: "user",
      status: "approved",
      lastLoginAt: null,
    });
  });
});
