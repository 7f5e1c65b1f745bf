import { posts } from "#server/db/schema";
import { beforeEach, describe, expect, it } from "vitest";
import type { Actor, Role, Status } from "~/features/accounts/permissions";
import { createPost, createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { isSaved, listFavorites, toggleFavorite } from "./favorites.server";

const t = testDatabaseForThisFile();
let postId: string;

beforeEach(async () => {
  const author = await createUser(t.db, { role: "mentor" });
  postId = (await createPost(t.db, { authorId: author.id, title: "Saved one" })).id;
});

async function member(role: Role = "user", status: Status = "approved"): Promise<Actor> {
  const u = await createUser(t.db, { role, status });
  return { id: u.id, role, status };
}

describe("favourites", () => {
  it("user, mentor and admin toggle; pending and blocked may not", async () => {
    for (const role of ["user", "mentor", "admin"] as const) {
      const m = await member(role);
      expect(await toggleFavorite(t.db, m, postId)).toEqual({ ok: true, saved: true });
      expect(await isSaved(t.db, m.id, postId)).toBe(true);
      expect(await toggleFavorite(t.db, m, postId, true)).toEqual({ ok: true, saved: true });
      const list = await listFavorites(t.db, m.id);
      expect(list.map((f) => f.post.title)).toEqual(["Saved one"]);
      expect(await toggleFavorite(t.db, m, postId)).toEqual({ ok: true, saved: false });
      expect(await listFavorites(t.db, m.id)).toEqual([]);
    }
    for (const status of ["pending", "blocked"] as const) {
      expect(await toggleFavorite(t.db, await member("user", status), postId)).toMatchObject({
        ok: false,
        status: 403,
      });
    }
  });

  it("refuses unknown posts and drafts; a post unpublished later drops out of the list", async () => {
    const m = await member();
    expect(await toggleFavorite(t.db, m, "nope")).toMatchObject({ ok: false, status: 404 });
    const draft = await createPost(t.db, { authorId: m.id, status: "draft", publishedAt: null });
    expect(await toggleFavorite(t.db, m, draft.id)).toMatchObject({ ok: false, status: 404 });
    await toggleFavorite(t.db, m, postId);
    await t.db.update(posts).set({ status: "draft", publishedAt: null });
    expect(await listFavorites(t.db, m.id)).toEqual([]);
  });
});
