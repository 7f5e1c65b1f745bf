import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { categories, comments, posts, siteSettings } from "#server/db/schema";
import { createComment, createPost, createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { INVALIDATION_CHANNEL } from "./cache";

const t = testDatabaseForThisFile({ resetBetweenTests: false });
const received: string[] = [];

beforeAll(async () => {
  await t.handle.listen(INVALIDATION_CHANNEL, (payload) => received.push(payload));
});

async function notificationsOf(change: () => Promise<unknown>): Promise<string[]> {
  received.length = 0;
  await change();
  // Delivery is asynchronous on PostgreSQL; a round trip lets it arrive.
  await t.db.execute(sql`SELECT 1`);
  await new Promise((r) => setTimeout(r, 50));
  return [...new Set(received)].sort();
}

describe("cache invalidation triggers", () => {
  it("notify on post, category and settings changes, but not on view counts", async () => {
    const author = await createUser(t.db);
    let postId = "";
    expect(
      await notificationsOf(async () => {
        postId = (await createPost(t.db, { authorId: author.id })).id;
      }),
    ).toEqual(["posts"]);
    expect(
      await notificationsOf(() =>
        t.db.update(posts).set({ title: "New title" }).where(eq(posts.id, postId)),
      ),
    ).toEqual(["posts"]);
    expect(
      await notificationsOf(() =>
        t.db
          .update(posts)
          .set({ viewCount: sql`${posts.viewCount} + 1` })
          .where(eq(posts.id, postId)),
      ),
    ).toEqual([]);
    // A comment changes only the count: its own scope, which leaves the page cache alone.
    let commentId = "";
    expect(
      await notificationsOf(async () => {
        commentId = (await createComment(t.db, { postId, authorId: author.id })).id;
      }),
    ).toEqual(["comments"]);
    expect(
      await notificationsOf(() =>
        t.db.update(comments).set({ isDeleted: true }).where(eq(comments.id, commentId)),
      ),
    ).toEqual(["comments"]);
    expect(
      await notificationsOf(() =>
        t.db
          .update(posts)
          .set({ title: "Newer title", commentCount: 0 })
          .where(eq(posts.id, postId)),
      ),
    ).toEqual(["comments", "posts"]);
    expect(
      await notificationsOf(() =>
        t.db.update(categories).set({ description: "x" }).where(eq(categories.slug, "news")),
      ),
    ).toEqual(["categories"]);
    expect(
      await notificationsOf(() => t.db.update(siteSettings).set({ headerBannerText: "Hello" })),
    ).toEqual(["settings"]);
  });
});
