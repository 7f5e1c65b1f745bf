import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { invalidateLocal } from "#server/cache/cache";
import { bannedWords, comments, posts } from "#server/db/schema";
import type { Actor, Role, Status } from "~/features/accounts/permissions";
import {
  countRows,
  createComment as insertComment,
  createPost,
  createUser,
} from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import {
  COMMENT_MESSAGES,
  createComment,
  deleteComment,
  listComments,
  RATE_LIMIT,
  toggleLike,
} from "./comments.server";

const t = testDatabaseForThisFile();
let postId: string;

beforeEach(async () => {
  const author = await createUser(t.db, { role: "mentor" });
  postId = (await createPost(t.db, { authorId: author.id })).id;
});

async function member(role: Role = "user", status: Status = "approved"): Promise<Actor> {
  const u = await createUser(t.db, { role, status });
  return { id: u.id, role, status };
}

async function commentCount() {
  const [row] = await t.db
    .select({ n: posts.commentCount })
    .from(posts)
    .where(eq(posts.id, postId));
  return row!.n;
}

describe("posting", () => {
  it("user, mentor and admin may comment; pending and blocked may not", async () => {
    for (const role of ["user", "mentor", "admin"] as const) {
      const result = await createComment(t.db, await member(role), {
        postId,
        content: ` Hi from ${role} `,
      });
      expect(result.ok).toBe(true);
    }
    for (const status of ["pending", "blocked"] as const) {
      expect(
        await createComment(t.db, await member("user", status), { postId, content: "x" }),
      ).toEqual({
        ok: false,
        status: 403,
        error: COMMENT_MESSAGES.forbidden,
      });
    }
    expect(await commentCount()).toBe(3);
    const page = await listComments(t.db, postId, null);
    expect(page.comments.map((c) => c.content)).toEqual([
      "Hi from admin",
      "Hi from mentor",
      "Hi from user",
    ]);
  });

  it("trims, refuses blank, over 5,000 characters, banned words, unknown posts and drafts", async () => {
    const m = await member();
    expect(await createComment(t.db, m, { postId, content: "   \n " })).toMatchObject({
      status: 400,
      error: COMMENT_MESSAGES.empty,
    });
    expect(await createComment(t.db, m, { postId, content: "a".repeat(5001) })).toMatchObject({
      status: 400,
      error: COMMENT_MESSAGES.tooLong,
    });
    expect((await createComment(t.db, m, { postId, content: ` ${"a".repeat(5000)} ` })).ok).toBe(
      true,
    );
    await t.db.insert(bannedWords).values({ word: "spam" });
    // The list is cached; on a running server the table's NOTIFY clears it.
    invalidateLocal(["banned_words"]);
    expect(await createComment(t.db, m, { postId, content: "Buy SPAM now" })).toMatchObject({
      status: 400,
      error: COMMENT_MESSAGES.banned,
    });
    expect(await createComment(t.db, m, { postId: "not-a-uuid", content: "x" })).toMatchObject({
      status: 404,
    });
    const draft = await createPost(t.db, { authorId: m.id, status: "draft", publishedAt: null });
    expect(await createComment(t.db, m, { postId: draft.id, content: "x" })).toMatchObject({
      status: 404,
    });
  });

  it("one reply level: a reply to a reply attaches to the top comment", async () => {
    const m = await member();
    const top = await createComment(t.db, m, { postId, content: "top" });
    const reply = await createComment(t.db, m, {
      postId,
      content: "reply",
      parentId: top.ok ? top.id : "",
    });
    const deeper = await createComment(t.db, m, {
      postId,
      content: "deeper",
      parentId: reply.ok ? reply.id : "",
    });
    const [row] = await t.db
      .select()
      .from(comments)
      .where(eq(comments.id, deeper.ok ? deeper.id : ""));
    expect(row!.parentId).toBe(top.ok ? top.id : "");
    const page = await listComments(t.db, postId, m);
    expect(page.comments).toHaveLength(1);
    expect(page.comments[0]!.replies.map((r) => r.content)).toEqual(["reply", "deeper"]);
    expect(page.total).toBe(3);
  });

  it("rate-limits each member from the database", async () => {
    const m = await member();
    for (let i = 0; i < RATE_LIMIT; i++) {
      expect((await createComment(t.db, m, { postId, content: `c${i}` })).ok).toBe(true);
    }
    expect(await createComment(t.db, m, { postId, content: "again" })).toMatchObject({
      status: 429,
      error: COMMENT_MESSAGES.rateLimited,
    });
    // Older comments do not count.
    await t.db.update(comments).set({ createdAt: sql`now() - interval '2 minutes'` });
    expect((await createComment(t.db, m, { postId, content: "later" })).ok).toBe(true);
    // Concurrent attempts cannot pass the limit together.
    const other = await member();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        createComment(t.db, other, { postId, content: `p${i}` }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(RATE_LIMIT);
  });

  it("lists 5 top-level comments at a time, newest first", async () => {
    const m = await member();
    for (let i = 0; i < 12; i++) {
      await insertComment(t.db, {
        postId,
        authorId: m.id,
        content: `c${i}`,
        createdAt: new Date(Date.now() - (12 - i) * 1000),
      });
    }
    const first = await listComments(t.db, postId, m);
    expect(first.comments.map((c) => c.content)).toEqual(["c11", "c10", "c9", "c8", "c7"]);
    expect(first.hasMore).toBe(true);
    const third = await listComments(t.db, postId, m, { offset: 10 });
    expect(third.comments.map((c) => c.content)).toEqual(["c1", "c0"]);
    expect(third.hasMore).toBe(false);
  });
});

describe("deleting: own; mentors a plain user's; admins any", () => {
  it("follows the role table on the server", async () => {
    const user = await member("user");
    const user2 = await member("user");
    const mentor = await member("mentor");
    const mentor2 = await member("mentor");
    const admin = await member("admin");
    const make = async (author: Actor) => {
      const r = await createComment(t.db, author, { postId, content: "text" });
      return r.ok ? r.id : "";
    };
    const cases: [Actor, Actor, boolean][] = [
      [user, user, true],
      [user2, user, false],
      [mentor, user, true],
      [mentor2, mentor, false],
      [mentor, mentor, true],
      [admin, mentor, true],
      [admin, admin, true],
      [mentor, admin, false],
      [{ ...user, status: "blocked" }, user, false],
      [{ ...user, status: "pending" }, user, false],
    ];
    for (const [actor, author, allowed] of cases) {
      await t.db.update(comments).set({ createdAt: sql`now() - interval '2 minutes'` });
      const id = await make(author);
      const result = await deleteComment(t.db, actor, id);
      expect(result.ok, `${actor.role}/${actor.status} deleting ${author.role}'s`).toBe(allowed);
      if (!result.ok) expect(result.error).toBe("Failed to delete comment. Please try again.");
    }
    expect(await commentCount()).toBe(await countRows(t.db, "comments", sql`NOT is_deleted`));
  });

  it("a deleted comment disappears with its replies and the count follows", async () => {
    const m = await member();
    const top = await createComment(t.db, m, { postId, content: "top" });
    await createComment(t.db, m, { postId, content: "r", parentId: top.ok ? top.id : "" });
    expect(await commentCount()).toBe(2);
    expect(await deleteComment(t.db, m, top.ok ? top.id : "")).toEqual({ ok: true });
    expect(await commentCount()).toBe(0);
    expect((await listComments(t.db, postId, m)).comments).toEqual([]);
    expect(await deleteComment(t.db, m, top.ok ? top.id : "")).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});

describe("likes", () => {
  it("approved members toggle; pending and blocked may not; canDelete and likedByMe per viewer", async () => {
    const author = await member();
    const c = await createComment(t.db, author, { postId, content: "like me" });
    const id = c.ok ? c.id : "";
    const fan = await member("mentor");
    expect(await toggleLike(t.db, fan, id)).toEqual({ ok: true, liked: true, likeCount: 1 });
    expect(await toggleLike(t.db, fan, id, true)).toEqual({ ok: true, liked: true, likeCount: 1 });
    const page = await listComments(t.db, postId, fan);
    expect(page.comments[0]).toMatchObject({ likedByMe: true, likeCount: 1, canDelete: true });
    expect((await listComments(t.db, postId, null)).comments[0]).toMatchObject({
      likedByMe: false,
      canDelete: false,
    });
    expect(await toggleLike(t.db, fan, id)).toEqual({ ok: true, liked: false, likeCount: 0 });
    for (const status of ["pending", "blocked"] as const) {
      expect(await toggleLike(t.db, await member("user", status), id)).toMatchObject({
        ok: false,
        status: 403,
      });
    }
  });

  it("counters stay exact under concurrency: 50 likes and unlikes, 50 comments", async () => {
    const author = await member();
    const c = await createComment(t.db, author, { postId, content: "busy" });
    const id = c.ok ? c.id : "";
    const members = await Promise.all(Array.from({ length: 50 }, () => member()));
    await Promise.all(members.map((m) => toggleLike(t.db, m, id, true)));
    await Promise.all(
      members.flatMap((m, i) =>
        i % 2
          ? [toggleLike(t.db, m, id, false), toggleLike(t.db, m, id, true)]
          : [toggleLike(t.db, m, id, false)],
      ),
    );
    const [row] = await t.db
      .select({ n: comments.likeCount })
      .from(comments)
      .where(eq(comments.id, id));
    expect(row!.n).toBe(await countRows(t.db, "comment_likes", sql`comment_id = ${id}`));
    await Promise.all(members.map((m) => createComment(t.db, m, { postId, content: "at once" })));
    expect(await commentCount()).toBe(
      await countRows(
        t.db,
        "comments",
        and(eq(comments.postId, postId), eq(comments.isDeleted, false)),
      ),
    );
    expect(await commentCount()).toBe(51);
  });
});

describe("mentions (docs/decisions/0266)", () => {
  it("lists the existing, not blocked members a comment @mentions, as stored", async () => {
    const writer = await member();
    const stamp = Date.now().toString(36);
    const asha = await createUser(t.db, { username: `asha_${stamp}` });
    const gone = await createUser(t.db, { username: `gone_${stamp}`, status: "blocked" });
    const top = await insertComment(t.db, {
      postId,
      authorId: writer.id,
      content: `Ask @Asha_${stamp} or @${gone.username}, not @nobody_${stamp}`,
    });
    await insertComment(t.db, {
      postId,
      authorId: writer.id,
      parentId: top.id,
      content: `@${asha.username} agreed`,
    });
    const [shown] = (await listComments(t.db, postId, null)).comments;
    expect(shown!.mentions).toEqual([asha.username]);
    expect(shown!.replies[0]!.mentions).toEqual([asha.username]);
  });
});

describe("a list opened at a comment (docs/decisions/0265)", () => {
  it("reaches down to the comment's page, for a reply through its top comment", async () => {
    const writer = await member();
    const base = Date.now() - 60_000;
    const tops = [];
    for (let i = 0; i < 12; i += 1) {
      tops.push(
        await insertComment(t.db, {
          postId,
          authorId: writer.id,
          content: `Top ${i}`,
          createdAt: new Date(base + i * 1000),
        }),
      );
    }
    // The oldest top comment is the 12th newest: on the third page of 5.
    const reply = await insertComment(t.db, {
      postId,
      authorId: writer.id,
      parentId: tops[0]!.id,
      content: "The reply a notification links to",
    });
    const page = await listComments(t.db, postId, null, { around: reply.id });
    expect(page.comments).toHaveLength(12);
    expect(page.comments.at(-1)!.replies.map((r) => r.id)).toEqual([reply.id]);
    // The 7th newest: two pages.
    const middle = await listComments(t.db, postId, null, { around: tops[5]!.id });
    expect(middle.comments).toHaveLength(10);
    expect(middle.hasMore).toBe(true);
    // Unknown or another post's comment: the usual first page.
    const other = await listComments(t.db, postId, null, { around: crypto.randomUUID() });
    expect(other.comments).toHaveLength(5);
  });
});
