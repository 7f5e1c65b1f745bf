/**
 * docs/milestones.md#issue-18-the-writing-studio's test "a scheduled post in Asia/Kolkata appears at the right UTC
 * moment", below the browser: the studio's "Publish at (Asia/Kolkata)" field
 * turns the wall time into the UTC instant it posts (its own conversion,
 * studio/time-zone.ts), the save stores exactly that instant, and the post is
 * public from that instant and not before. The label and the conversion in a
 * browser set to Kolkata: tests/e2e/authoring/studio.spec.ts ("in Bengaluru");
 * the publication clock that drops the caches at the moment:
 * app/features/authoring/publication-clock.integration.test.ts.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { posts } from "#server/db/schema";
import { clearAllCaches } from "#server/cache/cache";
import type { Actor } from "~/features/accounts/permissions";
import { saveInEditor } from "#tests/support/editor-save";
import { utcToZoned, zonedToUtc } from "~/features/authoring/studio/time-zone";
import { queryPostBySlug, queryPublishedPosts } from "~/features/posts/posts.server";
import { createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";

const t = testDatabaseForThisFile();
const KOLKATA = "Asia/Kolkata";
let mentor: Actor;

beforeEach(async () => {
  clearAllCaches();
  mentor = {
    id: (await createUser(t.db, { role: "mentor" })).id,
    role: "mentor",
    status: "approved",
  };
});

/** Saves with Publish, the time typed in Kolkata, as the studio's field posts it; the Location. */
async function publishAt(title: string, kolkataWallTime: string): Promise<string> {
  const instant = zonedToUtc(kolkataWallTime, KOLKATA);
  expect(instant, kolkataWallTime).not.toBeNull();
  const body = new URLSearchParams({
    title,
    intent: "publish",
    publish_at: instant!.toISOString(),
  });
  try {
    await saveInEditor(
      t.db,
      mentor,
      new Request("http://localhost/create-post", { method: "POST", body }),
    );
  } catch (answer) {
    if (answer instanceof Response) return answer.headers.get("Location") ?? "";
    throw answer;
  }
  throw new Error("expected a redirect");
}

async function stored(slug: string) {
  const [row] = await t.db
    .select({ status: posts.status, publishedAt: posts.publishedAt })
    .from(posts)
    .where(eq(posts.slug, slug));
  return row!;
}

describe("a post scheduled in Asia/Kolkata", () => {
  it("09:00 on 1 January 2030 in Kolkata is stored as 03:30 UTC and is not public before it", async () => {
    expect(await publishAt("New year in Bengaluru", "2030-01-01T09:00")).toBe(
      "/edit-post/new-year-in-bengaluru",
    );
    const row = await stored("new-year-in-bengaluru");
    expect(row.status).toBe("published");
    expect(row.publishedAt!.toISOString()).toBe("2030-01-01T03:30:00.000Z");
    // Shown back to the author on the Kolkata clock as typed.
    expect(utcToZoned(row.publishedAt!, KOLKATA)).toBe("2030-01-01T09:00");
    expect(await queryPostBySlug(t.db, "new-year-in-bengaluru")).toBeUndefined();
    expect((await queryPublishedPosts(t.db)).map((p) => p.slug)).not.toContain(
      "new-year-in-bengaluru",
    );
  });

  it("is public once its UTC moment has passed, and not while it is ahead", async () => {
    const now = new Date();
    // This minute on the Kolkata clock has begun (its instant is past); the one after next has not.
    const begun = utcToZoned(now, KOLKATA);
    const ahead = utcToZoned(new Date(now.getTime() + 120_000), KOLKATA);
    expect(await publishAt("Begun in Kolkata", begun)).toBe("/post/begun-in-kolkata");
    expect(await publishAt("Ahead in Kolkata", ahead)).toBe("/edit-post/ahead-in-kolkata");
    // Each is stored at the UTC instant its Kolkata wall time names (UTC+5:30, no summer time).
    const begunAt = (await stored("begun-in-kolkata")).publishedAt!;
    const aheadAt = (await stored("ahead-in-kolkata")).publishedAt!;
    for (const [at, wall] of [
      [begunAt, begun],
      [aheadAt, ahead],
    ] as const) {
      expect(at.getTime()).toBe(Date.parse(`${wall}:00Z`) - 330 * 60_000);
    }
    expect(begunAt.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(aheadAt.getTime()).toBeGreaterThan(now.getTime());
    expect((await queryPostBySlug(t.db, "begun-in-kolkata"))?.slug).toBe("begun-in-kolkata");
    expect(await queryPostBySlug(t.db, "ahead-in-kolkata")).toBeUndefined();
    const listed = (await queryPublishedPosts(t.db)).map((p) => p.slug);
    expect(listed).toContain("begun-in-kolkata");
    expect(listed).not.toContain("ahead-in-kolkata");
  });
});
