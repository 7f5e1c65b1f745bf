/**
 * The audit trail on a real database: every admin action writes exactly one
 * row (who, what, target), a refused or failed action writes none, a change
 * and its record share a transaction, and latestAdminActions lists the 20
 * newest. Also the Overview's weekly activity query.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminAuditLog, categories, posts, profiles, users } from "#server/db/schema";
import type { Actor } from "~/features/accounts/permissions";
import { Forbidden } from "~/features/accounts/permissions.server";
import { countRows, createPost, createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { deletePost, savePost } from "~/features/authoring/save-post.server";
import { exportUsers, runUserAction } from "./users.server";
import { ACTIVITY_WEEKS, weeklyActivity } from "./overview.server";
import {
  describeAdminAction,
  latestAdminActions,
  recordAdminAction,
} from "~/features/audit/audit.server";
import { addBannedWord, removeBannedWord } from "./banned-words-page.server";
import { sendBroadcast } from "./broadcasts.server";
import { deleteCategory } from "./categories-tab.server";
import { saveCategory } from "./category-editor.server";
import { adminDeletePost, changeAuthor, setFeatured } from "./posts-tab.server";
import { deleteRedirect, saveRedirect } from "./redirects.server";

const t = testDatabaseForThisFile();

async function actorOf(profile: Partial<typeof profiles.$inferInsert> = {}) {
  const u = await createUser(t.db, profile);
  const actor: Actor = {
    id: u.id,
    role: profile.role ?? "user",
    status: profile.status ?? "approved",
  };
  return { ...u, actor };
}

/** The rows written while `change` ran. */
async function recorded(change: () => Promise<unknown>) {
  const before = await t.db.select({ id: adminAuditLog.id }).from(adminAuditLog);
  await change();
  const rows = await t.db.select().from(adminAuditLog);
  const known = new Set(before.map((r) => r.id));
  return rows
    .filter((r) => !known.has(r.id))
    .map((r) => ({
      actor: r.actorUsername,
      action: r.action,
      targetType: r.targetType,
      targetLabel: r.targetLabel,
    }));
}

describe("every admin action writes one audit row", () => {
  it("user approve, block, promote, delete and the CSV export", async () => {
    const admin = await actorOf({ role: "admin", username: "boss" });
    const pending = await createUser(t.db, { status: "pending", username: "penny" });
    const member = await createUser(t.db, { username: "mo" });
    const victim = await createUser(t.db, { username: "vic" });
    const row = (action: string, label: string | null, targetType: string | null = "user") => [
      { actor: "boss", action, targetType, targetLabel: label },
    ];
    expect(await recorded(() => runUserAction(t.db, admin.actor, "approve", pending.id))).toEqual(
      row("user.approve", "penny"),
    );
    expect(await recorded(() => runUserAction(t.db, admin.actor, "promote", member.id))).toEqual(
      row("user.promote", "mo"),
    );
    expect(await recorded(() => runUserAction(t.db, admin.actor, "block", member.id))).toEqual(
      row("user.block", "mo"),
    );
    expect(await recorded(() => runUserAction(t.db, admin.actor, "delete", victim.id))).toEqual(
      row("user.delete", "vic"),
    );
    expect(await recorded(() => exportUsers(t.db, admin.actor))).toEqual(
      row("users.export", null, null),
    );
    // Refused actions leave no record: blocking twice, promoting a blocked member.
    expect(await recorded(() => runUserAction(t.db, admin.actor, "block", member.id))).toEqual([]);
    expect(await recorded(() => runUserAction(t.db, admin.actor, "promote", member.id))).toEqual(
      [],
    );
  });

  it("post feature, unfeature, author change and delete", async () => {
    const admin = await actorOf({ role: "admin", username: "boss" });
    const mentor = await createUser(t.db, { role: "mentor", username: "mentor_a" });
    const other = await createUser(t.db, { role: "mentor", username: "mentor_b" });
    const post = await createPost(t.db, { authorId: mentor.id, title: "Raising a seed round" });
    const one = (action: string) => [
      { actor: "boss", action, targetType: "post", targetLabel: "Raising a seed round" },
    ];
    expect(await recorded(() => setFeatured(t.db, admin.actor, post.id, true))).toEqual(
      one("post.feature"),
    );
    expect(await recorded(() => setFeatured(t.db, admin.actor, post.id, false))).toEqual(
      one("post.unfeature"),
    );
    expect(await recorded(() => changeAuthor(t.db, admin.actor, post.id, other.id))).toEqual(
      one("post.reassign_author"),
    );
    const [author] = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "post.reassign_author"));
    expect(author!.details).toEqual({
      from: { id: mentor.id, username: "mentor_a" },
      to: { id: other.id, username: "mentor_b" },
    });
    expect(await recorded(() => adminDeletePost(t.db, admin.actor, post.id))).toEqual(
      one("post.delete"),
    );
    expect(await countRows(t.db, "posts")).toBe(0);
    // A post that is gone: nothing recorded.
    expect(await recorded(() => adminDeletePost(t.db, admin.actor, post.id))).toEqual([]);
  });

  it("category create, update and delete", async () => {
    const admin = await actorOf({ role: "admin", username: "boss" });
    const input = {
      name: "Funding",
      slug: "funding",
      description: null,
      sidebarWidget: null,
      sidebarWidget2: null,
    };
    let id = "";
    expect(
      await recorded(async () => {
        const result = await saveCategory(t.db, admin.actor, null, input);
        if (result.ok) id = result.id;
      }),
    ).toEqual([
      { actor: "boss", action: "category.create", targetType: "category", targetLabel: "Funding" },
    ]);
    expect(
      await recorded(() => saveCategory(t.db, admin.actor, id, { ...input, name: "Fundraising" })),
    ).toEqual([
      {
        actor: "boss",
        action: "category.update",
        targetType: "category",
        targetLabel: "Fundraising",
      },
    ]);
    expect(await recorded(() => deleteCategory(t.db, admin.actor, id))).toEqual([
      {
        actor: "boss",
        action: "category.delete",
        targetType: "category",
        targetLabel: "Fundraising",
      },
    ]);
    // A duplicate slug fails: no record.
    expect(
      await recorded(() => saveCategory(t.db, admin.actor, null, { ...input, slug: "news" })),
    ).toEqual([]);
    expect(await t.db.select().from(categories).where(eq(categories.slug, "funding"))).toEqual([]);
  });

  it("banned words add and remove, redirects create, update and delete, broadcasts", async () => {
    const admin = await actorOf({ role: "admin", username: "boss" });
    expect(await recorded(() => addBannedWord(t.db, admin.actor, "  SCAM "))).toEqual([
      { actor: "boss", action: "banned_word.add", targetType: "banned_word", targetLabel: "scam" },
    ]);
    expect(await recorded(() => addBannedWord(t.db, admin.actor, "scam"))).toEqual([]);
    const [word] = await t.db
      .execute(sql`SELECT id FROM banned_words`)
      .then((r) => (r as { rows: { id: string }[] }).rows);
    expect(await recorded(() => removeBannedWord(t.db, admin.actor, word!.id))).toEqual([
      {
        actor: "boss",
        action: "banned_word.remove",
        targetType: "banned_word",
        targetLabel: "scam",
      },
    ]);

    const input = { fromPath: "/old", toPath: "/new", statusCode: 301 as const, notes: null };
    let id = "";
    expect(
      await recorded(async () => {
        const result = await saveRedirect(t.db, admin.actor, null, input);
        if (result.ok) id = result.id;
      }),
    ).toEqual([
      { actor: "boss", action: "redirect.create", targetType: "redirect", targetLabel: "/old" },
    ]);
    expect(
      await recorded(() => saveRedirect(t.db, admin.actor, id, { ...input, statusCode: 302 })),
    ).toEqual([
      { actor: "boss", action: "redirect.update", targetType: "redirect", targetLabel: "/old" },
    ]);
    // A loop is refused: no record.
    expect(
      await recorded(() =>
        saveRedirect(t.db, admin.actor, null, { ...input, fromPath: "/new", toPath: "/old" }),
      ),
    ).toEqual([]);
    expect(await recorded(() => deleteRedirect(t.db, admin.actor, id))).toEqual([
      { actor: "boss", action: "redirect.delete", targetType: "redirect", targetLabel: "/old" },
    ]);

    const broadcast = {
      title: "Demo day",
      message: "Demo day",
      link: "/events",
      roleFilter: "all" as const,
      statusFilter: "approved" as const,
    };
    expect(await recorded(() => sendBroadcast(t.db, admin.actor, broadcast))).toEqual([
      { actor: "boss", action: "broadcast.send", targetType: "broadcast", targetLabel: "Demo day" },
    ]);
    // Nobody matching: nothing sent, nothing recorded.
    expect(
      await recorded(() =>
        sendBroadcast(t.db, admin.actor, { ...broadcast, statusFilter: "blocked" }),
      ),
    ).toEqual([]);
  });

  it("non-admins are refused and leave no record", async () => {
    const mentor = await actorOf({ role: "mentor" });
    const target = await createUser(t.db, { status: "pending" });
    const post = await createPost(t.db, { authorId: mentor.id });
    expect(
      await recorded(async () => {
        const refused = [
          runUserAction(t.db, mentor.actor, "approve", target.id),
          setFeatured(t.db, mentor.actor, post.id, true),
          addBannedWord(t.db, mentor.actor, "spam"),
          saveRedirect(t.db, mentor.actor, null, {
            fromPath: "/a",
            toPath: "/b",
            statusCode: 301,
            notes: null,
          }),
        ];
        for (const call of refused) await expect(call).rejects.toBeInstanceOf(Forbidden);
      }),
    ).toEqual([]);
  });
});

describe("admin actions outside /admin (the post editor, My Posts)", () => {
  const saved = (result: Awaited<ReturnType<typeof savePost>>) => {
    if (!result.ok) throw new Error(`save failed: ${result.error}`);
    return result.post;
  };

  it("an admin's feature toggle, author change and edit of another's post in the editor", async () => {
    const admin = await actorOf({ role: "admin", username: "boss" });
    const mentor = await createUser(t.db, { role: "mentor", username: "mentor_a" });
    const other = await createUser(t.db, { role: "mentor", username: "mentor_b" });
    const post = await createPost(t.db, { authorId: mentor.id, title: "Pricing" });
    const entry = (action: string, title = "Pricing") => ({
      actor: "boss",
      action,
      targetType: "post",
      targetLabel: title,
    });
    const edit = { id: post.id, title: "Pricing", intent: "publish" };

    expect(
      await recorded(() => savePost(t.db, admin.actor, { ...edit, is_featured: "on" })),
    ).toEqual([entry("post.feature"), entry("post.update")]);
    // The same save again changes nothing but is still an edit of someone else's post.
    expect(
      await recorded(() => savePost(t.db, admin.actor, { ...edit, is_featured: "on" })),
    ).toEqual([entry("post.update")]);
    expect(
      await recorded(() =>
        savePost(t.db, admin.actor, { ...edit, is_featured: "on", author_id: other.id }),
      ),
    ).toEqual([entry("post.reassign_author"), entry("post.update")]);
    const [author] = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "post.reassign_author"));
    expect(author!.details).toEqual({
      from: { id: mentor.id, username: "mentor_a" },
      to: { id: other.id, username: "mentor_b" },
    });
    // Unchecking Featured in the editor unfeatures.
    expect(await recorded(() => savePost(t.db, admin.actor, edit))).toEqual([
      entry("post.unfeature"),
      entry("post.update"),
    ]);
  });

  it("an admin's own post: only feature and author changes; autosaves of another's draft are not edits", async () => {
    const admin = await actorOf({ role: "admin", username: "boss" });
    const mentor = await createUser(t.db, { role: "mentor", username: "mentor_a" });
    expect(await recorded(() => savePost(t.db, admin.actor, { title: "Mine" }))).toEqual([]);
    // A new post written for a mentor: the author changes from the admin to the mentor.
    let id = "";
    expect(
      await recorded(async () => {
        id = saved(await savePost(t.db, admin.actor, { title: "For M", author_id: mentor.id })).id;
      }),
    ).toEqual([
      { actor: "boss", action: "post.reassign_author", targetType: "post", targetLabel: "For M" },
    ]);
    const [reassigned] = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "post.reassign_author"));
    expect(reassigned!.details).toMatchObject({ from: { id: admin.id }, to: { id: mentor.id } });
    expect(
      await recorded(() => savePost(t.db, admin.actor, { id, title: "For M", intent: "autosave" })),
    ).toEqual([]);
    // A mentor's own edits are not admin actions.
    const mentorActor: Actor = { id: mentor.id, role: "mentor", status: "approved" };
    expect(
      await recorded(() => savePost(t.db, mentorActor, { id, title: "For M", intent: "publish" })),
    ).toEqual([]);
  });

  it("deleting from My Posts: an admin's delete is recorded, a mentor's own is not", async () => {
    const admin = await actorOf({ role: "admin", username: "boss" });
    const mentor = await actorOf({ role: "mentor" });
    const theirs = await createPost(t.db, { authorId: mentor.id, title: "Theirs" });
    const own = await createPost(t.db, { authorId: mentor.id, title: "Own" });
    expect(await recorded(() => deletePost(t.db, admin.actor, theirs.id))).toEqual([
      { actor: "boss", action: "post.delete", targetType: "post", targetLabel: "Theirs" },
    ]);
    expect(await recorded(() => deletePost(t.db, mentor.actor, own.id))).toEqual([]);
    expect(await countRows(t.db, "posts")).toBe(0);
    // Gone already: refused, nothing recorded.
    expect(await recorded(() => deletePost(t.db, admin.actor, theirs.id))).toEqual([]);
  });
});

describe("the record shares the change's transaction", () => {
  it("a rolled-back change leaves no record, and a failed record undoes the change", async () => {
    const admin = await actorOf({ role: "admin" });
    const post = await createPost(t.db, { authorId: admin.id });
    await t.db
      .transaction(async (tx) => {
        await tx.update(posts).set({ isFeatured: true }).where(eq(posts.id, post.id));
        await recordAdminAction(tx, admin.actor, { action: "post.feature", targetId: post.id });
        throw new Error("rollback");
      })
      .catch(() => {});
    expect(await countRows(t.db, "admin_audit_log")).toBe(0);
    expect((await t.db.select().from(posts).where(eq(posts.id, post.id)))[0]!.isFeatured).toBe(
      false,
    );
  });
});

describe("latestAdminActions", () => {
  it("lists the 20 newest, newest first, and keeps names after the admin is deleted", async () => {
    const admin = await actorOf({ role: "admin", username: "gone_admin" });
    for (let i = 0; i < 25; i += 1) {
      await recordAdminAction(t.db, admin.actor, {
        action: "banned_word.add",
        targetLabel: `word${i}`,
      });
      await t.db.execute(
        sql`UPDATE admin_audit_log SET created_at = now() - make_interval(mins => ${100 - i}) WHERE target_label = ${`word${i}`}`,
      );
    }
    await t.db.delete(users).where(eq(users.id, admin.id));
    const latest = await latestAdminActions(t.db);
    expect(latest).toHaveLength(20);
    expect(latest.map((e) => e.targetLabel)).toEqual(
      Array.from({ length: 20 }, (_, k) => `word${24 - k}`),
    );
    expect(latest[0]!.actorUsername).toBe("gone_admin");
    expect(describeAdminAction(latest[0]!.action)).toBe("Added banned word");
    expect(describeAdminAction("something.else")).toBe("something.else");
  });
});

describe("weeklyActivity", () => {
  it("counts sign-ups and new posts per week for 12 weeks, empty weeks as 0", async () => {
    const admin = await actorOf({ role: "admin" });
    const now = new Date("2026-11-18T12:00:00Z"); // a Wednesday; its week starts Monday 16 Nov
    const at = async (id: string, when: string) => {
      await t.db
        .update(profiles)
        .set({ createdAt: new Date(when) })
        .where(eq(profiles.id, id));
    };
    await at(admin.id, "2026-11-16T00:00:00Z");
    await at((await createUser(t.db)).id, "2026-11-15T23:59:59Z"); // the week before
    await at((await createUser(t.db)).id, "2026-08-30T10:00:00Z"); // 12 weeks back: outside
    await at((await createUser(t.db)).id, "2026-08-31T10:00:00Z"); // the first week shown
    const post = await createPost(t.db, { authorId: admin.id });
    await t.db
      .update(posts)
      .set({ createdAt: new Date("2026-11-17T09:00:00Z") })
      .where(eq(posts.id, post.id));

    const weeks = await weeklyActivity(t.db, admin.actor, now);
    expect(weeks).toHaveLength(ACTIVITY_WEEKS);
    expect(weeks[0]).toEqual({ weekStart: "2026-08-31", signups: 1, posts: 0 });
    expect(weeks[10]).toEqual({ weekStart: "2026-11-09", signups: 1, posts: 0 });
    expect(weeks[11]).toEqual({ weekStart: "2026-11-16", signups: 1, posts: 1 });
    expect(weeks.reduce((n, w) => n + w.signups, 0)).toBe(3);
    await expect(weeklyActivity(t.db, { ...admin.actor, role: "mentor" }, now)).rejects.toThrow();
  });
});
