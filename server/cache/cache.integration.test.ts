import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  categories,
  comments,
  postTags,
  posts,
  profiles,
  siteSettings,
  tags,
} from "#server/db/schema";
import { createComment, createPost, createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { INVALIDATION_CHANNEL, parseInvalidation } from "./cache";

const t = testDatabaseForThisFile({ resetBetweenTests: false });
const received: string[] = [];

beforeAll(async () => {
  await t.handle.listen(INVALIDATION_CHANNEL, (payload) => received.push(payload));
});

let markers = 0;

/**
 * Delivery is asynchronous on PostgreSQL, but in commit order on the one listening
 * connection: once a marker sent now has arrived, every earlier notification has too.
 * (A fixed 50 ms wait let a late one from the step before slip into the next step's list
 * on a busy machine.)
 */
async function settle() {
  const marker = `test-marker-${++markers}`;
  await t.handle.notify(INVALIDATION_CHANNEL, marker);
  await expect.poll(() => received.includes(marker), { timeout: 10_000 }).toBe(true);
}

async function notificationsOf(change: () => Promise<unknown>): Promise<string[]> {
  await settle();
  received.length = 0;
  await change();
  await settle();
  return [...new Set(received.filter((p) => !p.startsWith("test-marker-")))].sort();
}

describe("cache invalidation triggers", () => {
  it("notify on post, category and settings changes, but not on view counts", async () => {
    const author = await createUser(t.db);
    let postId = "";
    let categoryId = "";
    // A post's write names the pages it changes (decision 0104).
    const postKeys = () =>
      `posts|author:${author.id} category:${categoryId} list:all post:${postId}`;
    expect(
      await notificationsOf(async () => {
        const post = await createPost(t.db, { authorId: author.id });
        postId = post.id;
        categoryId = post.categoryId;
      }),
    ).toEqual([postKeys()]);
    expect(
      await notificationsOf(() =>
        t.db.update(posts).set({ title: "New title" }).where(eq(posts.id, postId)),
      ),
    ).toEqual([postKeys()]);
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
    ).toEqual(["comments", postKeys()]);
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

describe("keyed invalidation payloads (decision 0104)", () => {
  it("name a draft's page only, a post's tags, and a profile's byline", async () => {
    const author = await createUser(t.db, { role: "mentor" });
    const draft = await createPost(t.db, { authorId: author.id, status: "draft" });
    expect(
      await notificationsOf(() =>
        t.db.update(posts).set({ title: "Still a draft" }).where(eq(posts.id, draft.id)),
      ),
    ).toEqual([`posts|post:${draft.id}`]);

    const post = await createPost(t.db, { authorId: author.id });
    const [tag] = await t.db.insert(tags).values({ name: "Visa", slug: "visa-keys" }).returning();
    expect(
      await notificationsOf(() =>
        t.db.insert(postTags).values({ postId: post.id, tagId: tag!.id }),
      ),
    ).toEqual([`posts|list:all post:${post.id} tag:${tag!.id}`]);
    expect(
      await notificationsOf(() =>
        t.db.update(posts).set({ title: "Tagged" }).where(eq(posts.id, post.id)),
      ),
    ).toEqual([
      `posts|author:${author.id} category:${post.categoryId} list:all post:${post.id} tag:${tag!.id}`,
    ]);
    expect(
      await notificationsOf(() =>
        t.db.update(profiles).set({ fullName: "New Name" }).where(eq(profiles.id, author.id)),
      ),
    ).toEqual([`posts|list:all author:${author.id} by:${author.username}`]);
    expect(parseInvalidation(`posts|list:all post:${post.id}`)).toEqual({
      scopes: ["posts"],
      keys: ["list:all", `post:${post.id}`],
    });
    expect(parseInvalidation("posts,settings")).toEqual({ scopes: ["posts", "settings"] });
  });
});
