/**
 * The community's notifications (docs/decisions/0120, decision 0120/0121): reply,
 * comment, mention and new_post — who is told and who is not, grouping of a
 * burst, never for one's own action, one notification per member per event,
 * blocked and pending members never told, and the spec's four types and the
 * Announcements filter unchanged.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications } from "#server/db/schema";
import type { Actor } from "~/features/accounts/permissions";
import { savePost } from "~/features/authoring/save-post.server";
import { createComment } from "~/features/comments/comments.server";
import { follow } from "~/features/follows/follows.server";
import { announceNewPosts } from "~/features/notifications/new-posts.server";
import { createPost, createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { listNotifications, bellState, markRead, trackedLink } from "./notifications.server";
import { MENTIONS_PER_COMMENT, mentionedUsernames } from "./notification-rules";
import { notify } from "./notify.server";

const t = testDatabaseForThisFile();

type Person = Actor & { username: string };

async function person(
  role: Actor["role"] = "user",
  status: Actor["status"] = "approved",
  fullName?: string,
): Promise<Person> {
  const u = await createUser(t.db, { role, status, fullName: fullName ?? null });
  return { id: u.id, role, status, username: u.username };
}

async function inbox(userId: string, type?: string) {
  const rows = await t.db
    .select()
    .from(notifications)
    .where(
      type
        ? and(eq(notifications.userId, userId), sql`${notifications.type}::text = ${type}`)
        : eq(notifications.userId, userId),
    );
  return rows;
}

async function comment(actor: Actor, postId: string, content: string, parentId?: string) {
  const result = await createComment(t.db, actor, { postId, content, parentId });
  if (!result.ok) throw new Error(result.error);
  return result.id;
}

describe("reply and comment", () => {
  it("a reply tells the comment's author and the post's author; the replier hears nothing", async () => {
    const mentor = await person("mentor", "approved", "Meera Mentor");
    const asha = await person("user", "approved", "Asha");
    const priya = await person("user", "approved", "Priya");
    const post = await createPost(t.db, { authorId: mentor.id, title: "Going to London" });
    const top = await comment(asha, post.id, "What about visas?");
    const reply = await comment(priya, post.id, "Start with the Global Talent route.", top);

    const [toAsha] = await inbox(asha.id);
    expect(toAsha).toMatchObject({
      type: "reply",
      title: "Priya replied to your comment",
      message: "Start with the Global Talent route.",
      link: `/post/${post.slug}#c-${reply}`,
      isRead: false,
    });
    expect(trackedLink(toAsha!.link, "http://localhost:3000")).toBe(
      `/post/${post.slug}?source=notification#c-${reply}`,
    );
    // The mentor was told of Asha's comment, then Priya's was grouped into it.
    const toMentor = await inbox(mentor.id);
    expect(toMentor).toHaveLength(1);
    expect(toMentor[0]).toMatchObject({
      type: "comment",
      title: 'Priya and 1 other commented on your post "Going to London"',
    });
    expect(await inbox(priya.id)).toEqual([]);
  });

  it("a reply to a reply tells the reply's author, not the thread's", async () => {
    const mentor = await person("mentor");
    const [a, b, c] = [await person(), await person(), await person()];
    const post = await createPost(t.db, { authorId: mentor.id });
    const top = await comment(a, post.id, "Top");
    const second = await comment(b, post.id, "Second", top);
    await t.db.delete(notifications);
    await comment(c, post.id, "Third", second);
    expect((await inbox(b.id)).map((n) => n.type)).toEqual(["reply"]);
    expect(await inbox(a.id)).toEqual([]);
  });

  it("never for one's own action", async () => {
    const mentor = await person("mentor");
    const post = await createPost(t.db, { authorId: mentor.id });
    const own = await comment(mentor, post.id, `My own post, my own comment @${mentor.username}`);
    await comment(mentor, post.id, "Replying to myself", own);
    expect(await inbox(mentor.id)).toEqual([]);
  });

  it("a burst of replies is one unread notification; once read, the next starts a new one", async () => {
    const mentor = await person("mentor");
    const asha = await person("user", "approved", "Asha");
    const names = ["Ben", "Chen", "Dev", "Priya"];
    const repliers = [];
    for (const name of names) repliers.push(await person("user", "approved", name));
    const post = await createPost(t.db, { authorId: mentor.id });
    const top = await comment(asha, post.id, "Thoughts?");
    for (const r of repliers) await comment(r, post.id, `Reply from ${r.username}`, top);

    let replies = await inbox(asha.id, "reply");
    expect(replies).toHaveLength(1);
    expect(replies[0]!.title).toBe("Priya and 3 others replied to your comment");
    expect(replies[0]!.actorIds).toHaveLength(4);
    expect(replies[0]!.message).toBe(`Reply from ${repliers[3]!.username}`);

    // The same member again: counted once, named first, the time moves on.
    const before = replies[0]!.createdAt;
    await comment(repliers[0]!, post.id, "One more thing", top);
    replies = await inbox(asha.id, "reply");
    expect(replies).toHaveLength(1);
    expect(replies[0]!.title).toBe("Ben and 3 others replied to your comment");
    expect(replies[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect((await bellState(t.db, asha.id)).unreadCount).toBe(1);

    await markRead(t.db, asha.id, replies[0]!.id);
    await comment(repliers[1]!, post.id, "After you read it", top);
    replies = await inbox(asha.id, "reply");
    expect(replies).toHaveLength(2);
    expect(replies.find((n) => !n.isRead)!.title).toBe("Chen replied to your comment");
  });

  it("replies to different comments are not grouped", async () => {
    const mentor = await person("mentor");
    const asha = await person();
    const ben = await person();
    const post = await createPost(t.db, { authorId: mentor.id });
    const one = await comment(asha, post.id, "One");
    const two = await comment(asha, post.id, "Two");
    await comment(ben, post.id, "Re one", one);
    await comment(ben, post.id, "Re two", two);
    expect(await inbox(asha.id, "reply")).toHaveLength(2);
  });
});

describe("mentions", () => {
  it("finds @usernames, not addresses, each once, at most 10", () => {
    expect(mentionedUsernames("Hi @Asha_1 and @asha_1, mail a@b.com or @x")).toEqual(["asha_1"]);
    const many = Array.from({ length: 12 }, (_, i) => `@person_${i}`).join(" ");
    expect(mentionedUsernames(many)).toHaveLength(MENTIONS_PER_COMMENT);
  });

  it("tells real, approved members mentioned; unknown names and oneself are ignored", async () => {
    const mentor = await person("mentor");
    const author = await person("user", "approved", "Ravi");
    const named = await person();
    const pending = await person("user", "pending");
    const blocked = await person("user", "blocked");
    const post = await createPost(t.db, { authorId: mentor.id });
    const id = await comment(
      author,
      post.id,
      `@${named.username.toUpperCase()} @${pending.username} @${blocked.username} @nobody_here @${author.username}`,
    );
    expect(await inbox(named.id)).toMatchObject([
      {
        type: "mention",
        title: "Ravi mentioned you in a comment",
        link: `/post/${post.slug}#c-${id}`,
      },
    ]);
    expect(await inbox(pending.id)).toEqual([]);
    expect(await inbox(blocked.id)).toEqual([]);
    expect(await inbox(author.id)).toEqual([]);
  });

  it("caps the members told per comment", async () => {
    const mentor = await person("mentor");
    const author = await person();
    const people = [];
    for (let i = 0; i < 12; i++) people.push(await person());
    const post = await createPost(t.db, { authorId: mentor.id });
    await comment(author, post.id, people.map((p) => `@${p.username}`).join(" "));
    let told = 0;
    for (const p of people) told += (await inbox(p.id, "mention")).length;
    expect(told).toBe(MENTIONS_PER_COMMENT);
  });

  it("one event, one notification: a reply mentioning the parent's author is a reply; the post's author mentioned gets the comment", async () => {
    const mentor = await person("mentor");
    const asha = await person();
    const ben = await person();
    const post = await createPost(t.db, { authorId: mentor.id });
    const top = await comment(asha, post.id, "Question");
    await t.db.delete(notifications);
    await comment(ben, post.id, `@${asha.username} @${mentor.username} here you go`, top);
    expect((await inbox(asha.id)).map((n) => n.type)).toEqual(["reply"]);
    expect((await inbox(mentor.id)).map((n) => n.type)).toEqual(["comment"]);
  });
});

describe("blocked and pending members, and every role", () => {
  it("are never told, as the comment's or the post's author", async () => {
    const blockedMentor = await person("mentor", "blocked");
    const pendingUser = await person("user", "pending");
    const writer = await person();
    const post = await createPost(t.db, { authorId: blockedMentor.id });
    const top = await comment(writer, post.id, "First");
    await t.db.execute(sql`UPDATE profiles SET status = 'pending' WHERE id = ${writer.id}`);
    await comment(await person(), post.id, "Reply", top);
    await comment(await person("admin"), post.id, `@${pendingUser.username}`);
    expect(await inbox(blockedMentor.id)).toEqual([]);
    expect(await inbox(writer.id)).toEqual([]);
    expect(await inbox(pendingUser.id)).toEqual([]);
  });

  it("visitors, pending and blocked members cannot comment, so tell nobody; users, mentors and admins can", async () => {
    const mentor = await person("mentor");
    const post = await createPost(t.db, { authorId: mentor.id });
    for (const status of ["pending", "blocked"] as const) {
      const refused = await createComment(t.db, await person("user", status), {
        postId: post.id,
        content: `Hello @${mentor.username}`,
      });
      expect(refused).toMatchObject({ ok: false, status: 403 });
    }
    expect(await inbox(mentor.id)).toEqual([]);
    for (const role of ["user", "mentor", "admin"] as const) {
      await comment(await person(role), post.id, "Hello");
    }
    const [grouped] = await inbox(mentor.id, "comment");
    expect(grouped!.actorIds).toHaveLength(3);
  });
});

describe("new posts from people you follow", () => {
  async function followers(mentor: Person) {
    const fan = await person();
    const pending = await person("user", "pending");
    const blocked = await person("user", "blocked");
    const stranger = await person();
    expect(await follow(t.db, fan, { id: mentor.id, role: mentor.role })).toMatchObject({
      ok: true,
    });
    // Followed while approved, then pending or blocked.
    for (const p of [pending, blocked]) {
      await follow(t.db, { ...p, status: "approved" }, { id: mentor.id, role: mentor.role });
    }
    return { fan, pending, blocked, stranger };
  }

  it("publishing tells approved followers once; a draft, a re-save and others tell nobody", async () => {
    const mentor = await person("mentor", "approved", "Meera");
    const { fan, pending, blocked, stranger } = await followers(mentor);
    const draft = await savePost(t.db, mentor, { title: "Ideas", intent: "draft" });
    expect(draft.ok).toBe(true);
    expect(await inbox(fan.id)).toEqual([]);
    const published = await savePost(t.db, mentor, {
      id: draft.ok ? draft.post.id : "",
      title: "Ideas, finished",
      intent: "publish",
    });
    if (!published.ok) throw new Error(published.error);
    expect(await inbox(fan.id)).toMatchObject([
      {
        type: "new_post",
        title: "Meera published a new post",
        message: "Ideas, finished",
        link: `/post/${published.post.slug}`,
      },
    ]);
    await savePost(t.db, mentor, { id: published.post.id, title: "Edited", intent: "publish" });
    expect(await announceNewPosts({ db: t.db, jobs: undefined })).toBe(0);
    expect(await inbox(fan.id)).toHaveLength(1);
    for (const p of [pending, blocked, stranger, mentor]) {
      expect(await inbox(p.id, "new_post")).toEqual([]);
    }
  });

  it("a scheduled post tells followers when its time comes, once across instances", async () => {
    const admin = await person("admin");
    const { fan } = await followers(admin);
    const saved = await savePost(t.db, admin, {
      title: "Later",
      intent: "publish",
      publish_at: new Date(Date.now() + 3_600_000).toISOString().slice(0, 16),
    });
    if (!saved.ok) throw new Error(saved.error);
    expect(await announceNewPosts({ db: t.db, jobs: undefined })).toBe(0);
    expect(await inbox(fan.id)).toEqual([]);
    await t.db.execute(
      sql`UPDATE posts SET published_at = now() - interval '1 minute' WHERE id = ${saved.post.id}`,
    );
    const runs = await Promise.all([
      announceNewPosts({ db: t.db, jobs: undefined }),
      announceNewPosts({ db: t.db, jobs: undefined }),
    ]);
    expect(runs.sort()).toEqual([0, 1]);
    expect(await inbox(fan.id, "new_post")).toHaveLength(1);
  });

  it("an old, back-dated post tells nobody", async () => {
    const mentor = await person("mentor");
    const { fan } = await followers(mentor);
    await createPost(t.db, {
      authorId: mentor.id,
      publishedAt: new Date(Date.now() - 3 * 86_400_000),
    });
    expect(await announceNewPosts({ db: t.db, jobs: undefined })).toBe(0);
    expect(await inbox(fan.id, "new_post")).toEqual([]);
  });
});

describe("the spec's types", () => {
  it("Announcements still lists broadcasts only, whatever else arrives", async () => {
    const mentor = await person("mentor");
    const asha = await person();
    const post = await createPost(t.db, { authorId: mentor.id });
    const top = await comment(asha, post.id, "Hi");
    await comment(mentor, post.id, "Welcome", top);
    await notify({ db: t.db, jobs: undefined }, asha.id, {
      type: "broadcast",
      title: "Site news",
      link: "/",
    });
    expect((await listNotifications(t.db, asha.id, "announcements")).map((n) => n.title)).toEqual([
      "Site news",
    ]);
    expect(await listNotifications(t.db, asha.id, "all")).toHaveLength(2);
  });
});
