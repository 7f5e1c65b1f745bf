/**
 * A new post from a mentor or admin you follow (docs/decisions/0120, decision 0121).
 * A post is announced once, when it is first public: at the save that
 * publishes it, or for a scheduled post when its time comes (the publication
 * clock calls this on every instance; claiming the post's row in
 * post_announcements makes exactly one of them tell the followers). Only
 * posts that went public within ANNOUNCE_WINDOW_HOURS are announced, so a
 * back-dated post or an old import tells nobody. Approved followers only.
 * The same claim sends the post.published webhook event (docs/operations.md#content-api).
 */
import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { emitWebhookEvent } from "#server/webhooks/emit";
import { follows, postAnnouncements, posts, profiles } from "#server/db/schema";
import { notifyAll, type NotifyTarget } from "./notify.server";

export const ANNOUNCE_WINDOW_HOURS = 24;
export const NEW_POST_PHRASE = "published a new post";

/**
 * Claims the public, not yet announced posts (only `postId` when given) and
 * notifies their authors' followers. Returns how many posts were announced.
 * Run it inside the publishing transaction, or alone (it is one statement
 * per post, safe to run on several instances at once).
 */
export async function announceNewPosts(
  to: NotifyTarget,
  options: { postId?: string } = {},
): Promise<number> {
  const { db } = to;
  const due = and(
    eq(posts.status, "published"),
    lte(posts.publishedAt, sql`now()`),
    gt(posts.publishedAt, sql`now() - make_interval(hours => ${ANNOUNCE_WINDOW_HOURS})`),
    options.postId ? eq(posts.id, options.postId) : undefined,
  );
  const claimed = await db
    .insert(postAnnouncements)
    .select(
      db
        .select({ postId: posts.id, announcedAt: sql<Date>`now()`.as("announced_at") })
        .from(posts)
        .where(due),
    )
    .onConflictDoNothing()
    .returning({ postId: postAnnouncements.postId });
  if (claimed.length === 0) return 0;
  const found = await db
    .select({
      id: posts.id,
      slug: posts.slug,
      title: posts.title,
      authorId: posts.authorId,
      role: profiles.role,
      username: profiles.username,
      fullName: profiles.fullName,
    })
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.authorId))
    .where(
      inArray(
        posts.id,
        claimed.map((c) => c.postId),
      ),
    );
  for (const post of found) {
    await emitWebhookEvent(db, "post.published", {
      post: { id: post.id, slug: post.slug, title: post.title, author: post.username },
    });
    // Members follow mentors and admins only; an author since demoted tells nobody.
    if (post.role === "user") continue;
    const followers = await db
      .select({ id: follows.followerId })
      .from(follows)
      .innerJoin(profiles, eq(profiles.id, follows.followerId))
      .where(and(eq(follows.followingId, post.authorId), eq(profiles.status, "approved")));
    const name = post.fullName?.trim() || post.username;
    await notifyAll(
      to,
      followers.map((f) => f.id),
      {
        type: "new_post",
        title: `${name} ${NEW_POST_PHRASE}`,
        message: post.title,
        link: `/post/${post.slug}`,
        actorId: post.authorId,
      },
    );
  }
  return found.length;
}
