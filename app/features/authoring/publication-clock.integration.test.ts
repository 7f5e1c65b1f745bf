import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { follows, notifications } from "#server/db/schema";
import { clearAllCaches } from "#server/cache/cache";
import { postBySlug, publishedPosts } from "~/features/posts/posts.server";
import { createPost, createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { startPublicationClock } from "./publication-clock.server";

const t = testDatabaseForThisFile();

beforeEach(() => {
  clearAllCaches();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the publication clock", () => {
  it("a scheduled post appears in cached lists and at its address at its time, with nobody acting", async () => {
    const author = await createUser(t.db, { role: "mentor" });
    await createPost(t.db, { authorId: author.id, slug: "already-out" });
    await createPost(t.db, {
      authorId: author.id,
      slug: "scheduled",
      publishedAt: new Date(Date.now() + 1500),
    });
    // Both answers are now cached (3 and 5 minutes): without the clock they would stay stale.
    expect((await publishedPosts(t.db)).map((p) => p.slug)).toEqual(["already-out"]);
    expect(await postBySlug(t.db, "scheduled")).toBeUndefined();

    const clock = startPublicationClock({ db: t.db, jobs: undefined }, { maxWaitMs: 10_000 });
    try {
      await sleep(300);
      expect((await publishedPosts(t.db)).map((p) => p.slug)).toEqual(["already-out"]);
      await sleep(1800);
      expect((await publishedPosts(t.db)).map((p) => p.slug)).toEqual(["scheduled", "already-out"]);
      expect((await postBySlug(t.db, "scheduled"))?.slug).toBe("scheduled");
    } finally {
      clock.stop();
    }
  });

  it("notices a post scheduled after it last looked (another instance's write)", async () => {
    const author = await createUser(t.db, { role: "mentor" });
    const clock = startPublicationClock({ db: t.db, jobs: undefined }, { maxWaitMs: 200 });
    try {
      await sleep(100);
      expect(await publishedPosts(t.db)).toEqual([]);
      await createPost(t.db, {
        authorId: author.id,
        slug: "late-comer",
        publishedAt: new Date(Date.now() + 500),
      });
      // This process did not hear the write (no listener here); the cache still says empty.
      expect(await publishedPosts(t.db)).toEqual([]);
      await sleep(1200);
      expect((await publishedPosts(t.db)).map((p) => p.slug)).toEqual(["late-comer"]);
    } finally {
      clock.stop();
    }
  });

  it("tells the author's followers when a scheduled post's time comes, once, with two clocks", async () => {
    const author = await createUser(t.db, { role: "mentor", fullName: "Meera" });
    const fan = await createUser(t.db);
    await t.db.insert(follows).values({ followerId: fan.id, followingId: author.id });
    const post = await createPost(t.db, {
      authorId: author.id,
      slug: "scheduled-news",
      publishedAt: new Date(Date.now() + 800),
    });
    const told = () =>
      t.db
        .select({ title: notifications.title, link: notifications.link })
        .from(notifications)
        .where(eq(notifications.userId, fan.id));
    // Two instances' clocks.
    const clocks = [
      startPublicationClock({ db: t.db, jobs: undefined }, { maxWaitMs: 10_000 }),
      startPublicationClock({ db: t.db, jobs: undefined }, { maxWaitMs: 10_000 }),
    ];
    try {
      await sleep(300);
      expect(await told()).toEqual([]);
      await sleep(1500);
      expect(await told()).toEqual([
        { title: "Meera published a new post", link: `/post/${post.slug}` },
      ]);
    } finally {
      for (const clock of clocks) clock.stop();
    }
  });
});
