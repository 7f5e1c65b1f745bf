/**
 * The community's permission matrix over HTTP (docs/product/README.md#roles-and-permissions): every
 * action, for a visitor, a pending member, a user, a mentor, an admin and a
 * blocked member, as the server answers it, and whether the database changed.
 * Visitors and blocked members go to /login (a blocked member's session ends
 * on its first request); pending members trying to take part go to
 * /pending-approval; a role that may not act gets 403.
 */
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { browse, CookieJar } from "#tests/support/http-app";
import {
  commentLikes,
  comments,
  favorites,
  follows,
  notifications,
  profiles,
} from "#server/db/schema";
import { createComment, createPost, createUser, type TestUser } from "#tests/support/factories";
import { signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";

const site = siteOverHttpForThisFile();
const db = () => site.testDb.db;

const ROLES = ["visitor", "pending", "user", "mentor", "admin", "blocked"] as const;
type Role = (typeof ROLES)[number];
type Outcome = "ok" | "login" | "pending" | "forbidden";

/** What every case can act on: a post, comments by the actor, a user and a mentor, a mentor to follow. */
type World = {
  jar: CookieJar;
  actor: TestUser | null;
  postId: string;
  ownCommentId: string | null;
  userCommentId: string;
  mentorCommentId: string;
  mentorToFollow: TestUser;
  notificationId: string | null;
};

type Case = {
  name: string;
  /** The expected outcome per role; absent: not applicable (a visitor has no comment of its own). */
  expected: Partial<Record<Role, Outcome>>;
  send(world: World): Promise<Response>;
  /** Did the action take effect? */
  changed(world: World): Promise<boolean>;
};

const MEMBERS: Outcome[] = ["login", "pending", "ok", "ok", "ok", "login"];
const SIGNED_IN: Outcome[] = ["login", "ok", "ok", "ok", "ok", "login"];
const row = (outcomes: Outcome[]) =>
  Object.fromEntries(ROLES.map((role, i) => [role, outcomes[i]])) as Record<Role, Outcome>;

const form = (world: World, path: string, fields: Record<string, string>) =>
  browse(world.jar, `${site.app.url}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: site.app.url },
  });

const isDeleted = async (id: string) =>
  (await db().select({ d: comments.isDeleted }).from(comments).where(eq(comments.id, id)))[0]!.d;

const CASES: Case[] = [
  {
    name: "comment",
    expected: row(MEMBERS),
    send: (w) =>
      form(w, "/api/comments", {
        intent: "create",
        postId: w.postId,
        content: "Matrix comment",
        js: "1",
      }),
    changed: async () =>
      (await db().select().from(comments).where(eq(comments.content, "Matrix comment"))).length > 0,
  },
  {
    name: "reply",
    expected: row(MEMBERS),
    send: (w) =>
      form(w, "/api/comments", {
        intent: "create",
        postId: w.postId,
        parentId: w.userCommentId,
        content: "Matrix reply",
        js: "1",
      }),
    changed: async () =>
      (await db().select().from(comments).where(eq(comments.content, "Matrix reply"))).length > 0,
  },
  {
    name: "like",
    expected: row(MEMBERS),
    send: (w) =>
      form(w, "/api/comments", {
        intent: "like",
        commentId: w.userCommentId,
        liked: "true",
        js: "1",
      }),
    changed: async (w) =>
      (await db().select().from(commentLikes).where(eq(commentLikes.commentId, w.userCommentId)))
        .length > 0,
  },
  {
    name: "delete own comment",
    expected: { pending: "forbidden", user: "ok", mentor: "ok", admin: "ok", blocked: "login" },
    send: (w) =>
      form(w, "/api/comments", { intent: "delete", commentId: w.ownCommentId!, js: "1" }),
    changed: (w) => isDeleted(w.ownCommentId!),
  },
  {
    name: "delete a user's comment",
    expected: row(["login", "forbidden", "forbidden", "ok", "ok", "login"]),
    send: (w) =>
      form(w, "/api/comments", { intent: "delete", commentId: w.userCommentId, js: "1" }),
    changed: (w) => isDeleted(w.userCommentId),
  },
  {
    name: "delete a mentor's comment",
    expected: row(["login", "forbidden", "forbidden", "forbidden", "ok", "login"]),
    send: (w) =>
      form(w, "/api/comments", { intent: "delete", commentId: w.mentorCommentId, js: "1" }),
    changed: (w) => isDeleted(w.mentorCommentId),
  },
  {
    name: "favourite",
    expected: row(MEMBERS),
    send: (w) => form(w, "/api/favorites", { postId: w.postId, saved: "true", js: "1" }),
    changed: async (w) =>
      (await db().select().from(favorites).where(eq(favorites.postId, w.postId))).length > 0,
  },
  {
    name: "follow a mentor",
    expected: row(MEMBERS),
    send: (w) => form(w, `/user/${w.mentorToFollow.username}`, { intent: "follow" }),
    changed: async (w) =>
      (await db().select().from(follows).where(eq(follows.followingId, w.mentorToFollow.id)))
        .length > 0,
  },
  {
    name: "unfollow",
    expected: row(MEMBERS),
    async send(w) {
      if (w.actor) {
        await db()
          .insert(follows)
          .values({ followerId: w.actor.id, followingId: w.mentorToFollow.id });
      }
      return form(w, `/user/${w.mentorToFollow.username}`, { intent: "unfollow" });
    },
    changed: async (w) =>
      Boolean(w.actor) &&
      (
        await db()
          .select()
          .from(follows)
          .where(
            and(eq(follows.followerId, w.actor!.id), eq(follows.followingId, w.mentorToFollow.id)),
          )
      ).length === 0,
  },
  {
    name: "notifications page",
    expected: row(SIGNED_IN),
    send: (w) => browse(w.jar, `${site.app.url}/notifications`),
    // A read shows the member's own notification; nothing changes.
    changed: () => Promise.resolve(false),
  },
  {
    name: "mark a notification read",
    expected: row(SIGNED_IN),
    send: (w) => form(w, "/notifications", { intent: "read", id: w.notificationId ?? "" }),
    changed: async (w) =>
      Boolean(w.notificationId) &&
      (
        await db()
          .select({ r: notifications.isRead })
          .from(notifications)
          .where(eq(notifications.id, w.notificationId!))
      )[0]!.r,
  },
  {
    name: "edit-profile save",
    expected: row(SIGNED_IN),
    send: (w) => form(w, "/edit-profile", { intent: "save", fullName: "Matrix Name" }),
    changed: async () =>
      (await db().select().from(profiles).where(eq(profiles.fullName, "Matrix Name"))).length > 0,
  },
  {
    name: "edit-profile photo upload",
    expected: row(SIGNED_IN),
    async send(w) {
      const png = await sharp({
        create: { width: 40, height: 40, channels: 3, background: "#2266aa" },
      })
        .png()
        .toBuffer();
      const body = new FormData();
      body.set("intent", "photo");
      body.set("photo", new Blob([new Uint8Array(png)], { type: "image/png" }), "me.png");
      return browse(w.jar, `${site.app.url}/edit-profile`, {
        method: "POST",
        body,
        headers: { origin: site.app.url },
      });
    },
    changed: async (w) =>
      Boolean(w.actor) &&
      Boolean(
        (
          await db()
            .select({ url: profiles.profilePhotoUrl })
            .from(profiles)
            .where(eq(profiles.id, w.actor!.id))
        )[0]!.url,
      ),
  },
];

async function worldFor(role: Role): Promise<World> {
  const author = await createUser(db(), { role: "mentor" });
  const post = await createPost(db(), { authorId: author.id });
  const plain = await createUser(db(), { role: "user" });
  const otherMentor = await createUser(db(), { role: "mentor" });
  const mentorToFollow = await createUser(db(), { role: "mentor" });
  const userComment = await createComment(db(), { postId: post.id, authorId: plain.id });
  const mentorComment = await createComment(db(), { postId: post.id, authorId: otherMentor.id });
  let jar = new CookieJar();
  let actor: TestUser | null = null;
  if (role !== "visitor") {
    const member = await signedInMember(site.app, db(), {
      role: role === "mentor" || role === "admin" ? role : "user",
      status: role === "pending" ? "pending" : "approved",
    });
    jar = member.jar;
    actor = member;
    // Blocked after signing in: the session exists, the server must still refuse it.
    if (role === "blocked") {
      await db().update(profiles).set({ status: "blocked" }).where(eq(profiles.id, member.id));
    }
  }
  const own = actor ? await createComment(db(), { postId: post.id, authorId: actor.id }) : null;
  const [notice] = actor
    ? await db()
        .insert(notifications)
        .values({ userId: actor.id, type: "follow", title: "Matrix notice" })
        .returning({ id: notifications.id })
    : [];
  return {
    jar,
    actor,
    postId: post.id,
    ownCommentId: own?.id ?? null,
    userCommentId: userComment.id,
    mentorCommentId: mentorComment.id,
    mentorToFollow,
    notificationId: notice?.id ?? null,
  };
}

function outcomeOf(res: Response): Outcome | `status ${number}` {
  const location = res.headers.get("location") ?? "";
  if (res.status >= 300 && res.status < 400) {
    if (location.startsWith("/login")) return "login";
    if (location.startsWith("/pending-approval")) return "pending";
    return "ok";
  }
  if (res.status === 403) return "forbidden";
  if (res.status >= 200 && res.status < 300) return "ok";
  return `status ${res.status}`;
}

describe("community permissions over HTTP", () => {
  for (const action of CASES) {
    for (const role of ROLES) {
      const expected = action.expected[role];
      if (!expected) continue;
      it(`${action.name}: ${role} → ${expected}`, async () => {
        const world = await worldFor(role);
        const res = await action.send(world);
        expect(outcomeOf(res)).toBe(expected);
        if (action.name === "notifications page" && expected === "ok") {
          expect(await res.text()).toContain("Matrix notice");
        }
        expect(await action.changed(world)).toBe(
          expected === "ok" && action.name !== "notifications page",
        );
      });
    }
  }
});
