/**
 * The demo's rows (server/db/seed-demo.ts), part two: the community around
 * the posts (comments, replies and likes, follows, saved posts, account
 * notifications, broadcasts) and the site settings that mark the demo loaded.
 */
import { eq, sql } from "drizzle-orm";
import {
  DEMO_BROADCASTS,
  DEMO_FOLLOWS,
  DEMO_THREADS,
  UNREAD_BROADCAST_TITLE,
} from "./demo-content/community";
import { DEMO_PEOPLE } from "./demo-content/people";
import {
  broadcasts,
  commentLikes,
  comments,
  favorites,
  follows,
  notifications,
  SITE_SETTINGS_ID,
  siteSettings,
} from "./schema";
import {
  clampTime,
  DAY,
  HOUR,
  joinedAt,
  mustGet,
  type Context,
  type InsertedPost,
} from "./seed-demo-rows";

export async function insertComments(
  ctx: Context,
  inserted: Map<string, InsertedPost>,
): Promise<void> {
  const latest = ctx.now - 10 * 60_000;
  const threads = DEMO_THREADS.map((thread) => {
    const post = mustGet(inserted, thread.post, "post");
    if (post.publishedAt === null)
      throw new Error(`Demo comment on unpublished post ${thread.post}`);
    const at = clampTime(
      post.publishedAt + thread.afterHours * HOUR,
      joinedAt(ctx, thread.author) + HOUR,
      latest,
    );
    return { thread, postId: post.id, at };
  });
  const parents = await ctx.tx
    .insert(comments)
    .values(
      threads.map(({ thread, postId, at }) => ({
        postId,
        authorId: mustGet(ctx.userIds, thread.author, "author"),
        content: thread.text,
        isDeleted: thread.deleted === true,
        createdAt: at,
      })),
    )
    .returning({ id: comments.id });

  const replies = threads.flatMap(({ thread, postId, at }, i) =>
    (thread.replies ?? []).map((reply, j) => ({
      reply,
      row: {
        postId,
        parentId: parents[i]!.id,
        authorId: mustGet(ctx.userIds, reply.author, "author"),
        content: reply.text,
        createdAt: clampTime(at.getTime() + (j + 1) * 150 * 60_000, at.getTime() + 60_000, latest),
      },
    })),
  );
  const replyIds =
    replies.length > 0
      ? await ctx.tx
          .insert(comments)
          .values(replies.map((r) => r.row))
          .returning({ id: comments.id })
      : [];

  // like_count follows from these rows (trigger in migration 0001).
  const likes = [
    ...threads.flatMap(({ thread, at }, i) =>
      (thread.likes ?? []).map((username) => ({ username, commentId: parents[i]!.id, at })),
    ),
    ...replies.flatMap(({ reply, row }, i) =>
      (reply.likes ?? []).map((username) => ({
        username,
        commentId: replyIds[i]!.id,
        at: row.createdAt,
      })),
    ),
  ].map(({ username, commentId, at }) => ({
    commentId,
    userId: mustGet(ctx.userIds, username, "liker"),
    createdAt: clampTime(at.getTime() + 45 * 60_000, joinedAt(ctx, username), latest),
  }));
  if (likes.length > 0) await ctx.tx.insert(commentLikes).values(likes);
}

export async function insertFollows(ctx: Context): Promise<void> {
  const rows = DEMO_FOLLOWS.map((f) => ({
    followerId: mustGet(ctx.userIds, f.follower, "follower"),
    followingId: mustGet(ctx.userIds, f.following, "followed person"),
    createdAt: new Date(ctx.now - f.daysAgo * DAY),
  }));
  await ctx.tx.insert(follows).values(rows);
  // The follow notification carries the follower's full name and username (docs/product/community.md#follows).
  await ctx.tx.insert(notifications).values(
    DEMO_FOLLOWS.map((f, i) => {
      const follower = mustGet(ctx.people, f.follower, "follower");
      return {
        userId: rows[i]!.followingId,
        type: "follow" as const,
        title: "New follower",
        message: `${follower.fullName} (@${follower.username}) started following you.`,
        link: `/user/${follower.username}`,
        isRead: f.daysAgo > 7,
        createdAt: rows[i]!.createdAt,
      };
    }),
  );
}

export async function insertFavorites(
  ctx: Context,
  inserted: Map<string, InsertedPost>,
): Promise<void> {
  const published = [...inserted.values()].filter((p) => p.publishedAt !== null);
  const rows: (typeof favorites.$inferInsert)[] = [];
  for (const person of DEMO_PEOPLE) {
    if (person.status !== "approved" || person.role !== "user") continue;
    const joined = joinedAt(ctx, person.username);
    const candidates = published.filter((p) => p.publishedAt! > joined);
    const count = 3 + Math.floor(ctx.random() * 4);
    const chosen = new Set<InsertedPost>();
    while (chosen.size < Math.min(count, candidates.length)) {
      chosen.add(candidates[Math.floor(ctx.random() * candidates.length)]!);
    }
    for (const post of chosen) {
      rows.push({
        userId: mustGet(ctx.userIds, person.username, "person"),
        postId: post.id,
        createdAt: clampTime(post.publishedAt! + 6 * HOUR, joined, ctx.now - HOUR),
      });
    }
  }
  await ctx.tx.insert(favorites).values(rows);
}

export async function insertAccountNotifications(ctx: Context): Promise<void> {
  const rows: (typeof notifications.$inferInsert)[] = [];
  for (const person of DEMO_PEOPLE) {
    const userId = mustGet(ctx.userIds, person.username, "person");
    const joined = joinedAt(ctx, person.username);
    if (person.status === "approved" && person.role !== "admin") {
      rows.push({
        userId,
        type: "approval",
        title: "Your account has been approved",
        message: "Welcome to FounderBridge! You can now comment, save posts and follow mentors.",
        link: "/",
        isRead: true,
        createdAt: new Date(joined + DAY),
      });
    }
    if (person.role === "mentor") {
      rows.push({
        userId,
        type: "promotion",
        title: "You are now a mentor",
        message: "An admin has made you a mentor. You can now write posts from the Write button.",
        link: "/create-post",
        isRead: person.username !== "arjun_nair",
        createdAt: new Date(joined + 3 * DAY),
      });
    }
  }
  await ctx.tx.insert(notifications).values(rows);
}

export async function insertBroadcasts(ctx: Context): Promise<void> {
  const adminId = mustGet(ctx.userIds, "meera_iyer", "admin");
  for (const broadcast of DEMO_BROADCASTS) {
    const sentAt = new Date(ctx.now - broadcast.daysAgo * DAY);
    const recipients = DEMO_PEOPLE.filter(
      (p) =>
        p.status === broadcast.statusFilter &&
        (broadcast.roleFilter === "all" || p.role === broadcast.roleFilter),
    );
    const [row] = await ctx.tx
      .insert(broadcasts)
      .values({
        title: broadcast.title,
        message: broadcast.message,
        link: broadcast.link,
        roleFilter: broadcast.roleFilter,
        statusFilter: broadcast.statusFilter,
        recipientCount: recipients.length,
        sentBy: adminId,
        createdAt: sentAt,
      })
      .returning({ id: broadcasts.id });
    await ctx.tx.insert(notifications).values(
      recipients.map((p) => ({
        userId: mustGet(ctx.userIds, p.username, "recipient"),
        type: "broadcast" as const,
        title: broadcast.title,
        message: broadcast.message,
        link: broadcast.link,
        isRead: broadcast.title !== UNREAD_BROADCAST_TITLE,
        broadcastId: row!.id,
        createdAt: sentAt,
      })),
    );
  }
}

/**
 * Marks the demo as loaded; fills the banner settings only where an admin has
 * not; on the embedded demo site, stops requiring a second factor of admins.
 */
export async function updateSiteSettings(ctx: Context, demoSite: boolean): Promise<void> {
  await ctx.tx
    .update(siteSettings)
    .set({
      ...(demoSite ? { requireAdminTwoFactor: false } : {}),
      demoContentLoadedAt: new Date(ctx.now),
      defaultSidebarBannerUrl: sql`coalesce(${siteSettings.defaultSidebarBannerUrl}, ${ctx.images.sidebarBanner})`,
      defaultSidebarBannerLink: sql`coalesce(${siteSettings.defaultSidebarBannerLink}, '/partner-with-us')`,
      headerBannerText: sql`coalesce(${siteSettings.headerBannerText}, ${"Expanding between the UK and India? Our legal partner offers members a free 30-minute call on company formation and visas."})`,
      headerBannerLink: sql`coalesce(${siteSettings.headerBannerLink}, '/partner-with-us')`,
    })
    .where(eq(siteSettings.id, SITE_SETTINGS_ID));
}
