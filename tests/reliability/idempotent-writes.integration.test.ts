/**
 * Members' writes are idempotent (docs/decisions/0064,
 * 0095, 0096): likes, favourites, follows, uploads and post saves. For each,
 * over HTTP on a real database: the same key twice gives the same answer and
 * one row or effect; another key writes again; another member's same key is
 * theirs; a form that works without JavaScript renders a hidden key field.
 * (Comments and replies: app/features/comments/idempotency.integration.test.ts.)
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { and, count, eq, type SQL } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { commentLikes, favorites, follows, notifications, posts } from "#server/db/schema";
import { createComment, createPost, createUser } from "#tests/support/factories";
import { browse, type CookieJar } from "#tests/support/http-app";
import { signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";

const site = siteOverHttpForThisFile();

/** The key field's value in the form that `marker` (text inside it, before the field) picks. */
const keyField = (marker: string) =>
  new RegExp(`${marker}[^]*?name="idempotencyKey" value="([0-9a-zA-Z_-]{16,100})"`);

/** A POST as the browser sends it (same origin), with an Idempotency-Key header when given. */
function send(jar: CookieJar, pathname: string, body: URLSearchParams | FormData, key?: string) {
  return browse(jar, `${site.app.url}${pathname}`, {
    method: "POST",
    body,
    headers: { origin: site.app.url, ...(key ? { "Idempotency-Key": key } : {}) },
  });
}

async function rows(
  table: Parameters<ReturnType<typeof site.testDb.db.select>["from"]>[0],
  where: SQL,
) {
  const [row] = await site.testDb.db.select({ n: count() }).from(table).where(where);
  return row!.n;
}

/** A fresh key, as the browser makes one. */
const key = (label: string) => `${label}-${crypto.randomUUID()}`;

async function keyOnPage(jar: CookieJar, pathname: string, marker = "<form") {
  const page = await site.text(await site.get(jar, pathname));
  return keyField(marker).exec(page)?.[1];
}

describe("comment likes", () => {
  async function setting() {
    const author = await createUser(site.testDb.db, { role: "mentor" });
    const post = await createPost(site.testDb.db, { authorId: author.id });
    const comment = await createComment(site.testDb.db, { postId: post.id, authorId: author.id });
    const like = (jar: CookieJar, k: string | undefined, liked?: "true" | "false") =>
      send(
        jar,
        "/api/comments",
        new URLSearchParams({
          intent: "like",
          commentId: comment.id,
          js: "1",
          ...(liked ? { liked } : {}),
        }),
        k,
      ).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as Record<string, unknown>,
      }));
    const likes = () => rows(commentLikes, eq(commentLikes.commentId, comment.id));
    return { like, likes };
  }

  it("a retried toggle answers the first answer and never flips back; another key toggles", async () => {
    const { like, likes } = await setting();
    const member = await signedInMember(site.app, site.testDb.db);
    const first = key("like");
    const answer = await like(member.jar, first);
    expect(answer).toEqual({ status: 200, body: { ok: true, liked: true, likeCount: 1 } });
    expect(await like(member.jar, first)).toEqual(answer);
    expect(await like(member.jar, first)).toEqual(answer);
    expect(await likes()).toBe(1);
    // Another click is another submission: it toggles.
    expect((await like(member.jar, key("like"))).body).toMatchObject({ liked: false });
    expect(await likes()).toBe(0);
    // The first click's retry, late: the first answer, and still not liked.
    expect(await like(member.jar, first)).toEqual(answer);
    expect(await likes()).toBe(0);
    // Without a key, each request is its own (as before).
    expect((await like(member.jar, undefined)).body).toMatchObject({ liked: true });
    expect((await like(member.jar, undefined)).body).toMatchObject({ liked: false });
  });

  it("a key is the member's own; the same key for another action is refused", async () => {
    const { like, likes } = await setting();
    const [a, b] = [
      await signedInMember(site.app, site.testDb.db),
      await signedInMember(site.app, site.testDb.db),
    ];
    const shared = key("shared");
    expect((await like(a.jar, shared, "true")).body).toMatchObject({ liked: true, likeCount: 1 });
    expect((await like(b.jar, shared, "true")).body).toMatchObject({ liked: true, likeCount: 2 });
    expect(await likes()).toBe(2);
    // The same key sent for an unlike is not a retry of the like.
    expect(await like(a.jar, shared, "false")).toEqual({
      status: 400,
      body: { error: "Invalid request" },
    });
    expect(await likes()).toBe(2);
  });
});

describe("favourites", () => {
  async function setting() {
    const author = await createUser(site.testDb.db, { role: "mentor" });
    const post = await createPost(site.testDb.db, { authorId: author.id });
    const toggle = (jar: CookieJar, fields: Record<string, string>, k?: string) =>
      send(jar, "/api/favorites", new URLSearchParams({ postId: post.id, ...fields }), k);
    const saved = (userId: string) =>
      rows(favorites, and(eq(favorites.postId, post.id), eq(favorites.userId, userId))!);
    return { post, toggle, saved };
  }

  it("a retried toggle keeps the first answer; another key toggles; a key is the member's own", async () => {
    const { toggle, saved } = await setting();
    const member = await signedInMember(site.app, site.testDb.db);
    const other = await signedInMember(site.app, site.testDb.db);
    const first = key("fav");
    const json = async (r: Response) => ({ status: r.status, body: (await r.json()) as unknown });
    const answer = await json(await toggle(member.jar, { js: "1" }, first));
    expect(answer).toEqual({ status: 200, body: { saved: true } });
    expect(await json(await toggle(member.jar, { js: "1" }, first))).toEqual(answer);
    expect(await saved(member.id)).toBe(1);
    expect(await json(await toggle(member.jar, { js: "1" }, key("fav")))).toMatchObject({
      body: { saved: false },
    });
    expect(await json(await toggle(member.jar, { js: "1" }, first))).toEqual(answer);
    expect(await saved(member.id)).toBe(0);
    // Another member, the same key: their own favourite.
    expect(await json(await toggle(other.jar, { js: "1" }, first))).toEqual(answer);
    expect(await saved(other.id)).toBe(1);
  });

  it("the form without JavaScript carries a key; resent after an unsave, it does not save again", async () => {
    const { post, toggle, saved } = await setting();
    const member = await signedInMember(site.app, site.testDb.db);
    const inFavouriteForm = 'action="/api/favorites"';
    const formKey = await keyOnPage(member.jar, `/post/${post.slug}`, inFavouriteForm);
    expect(formKey).toBeDefined();
    const form = {
      saved: "true",
      returnTo: `/post/${post.slug}`,
      idempotencyKey: formKey!,
    };
    const first = await toggle(member.jar, form);
    expect(first.status).toBe(302);
    expect(await saved(member.id)).toBe(1);
    const unsave = await toggle(member.jar, { ...form, saved: "false", idempotencyKey: key("f") });
    expect(unsave.status).toBe(302);
    expect(await saved(member.id)).toBe(0);
    // Back, then the first form sent again: answered as the first time, nothing written.
    const again = await toggle(member.jar, form);
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(await saved(member.id)).toBe(0);
    // Each rendering of the page has its own key.
    const next = await keyOnPage(member.jar, `/post/${post.slug}`, inFavouriteForm);
    expect(next).toBeDefined();
    expect(next).not.toBe(formKey);
  });
});

describe("follows", () => {
  it("a resent Follow follows once, notifies once, and never undoes a later Unfollow", async () => {
    const mentor = await createUser(site.testDb.db, { role: "mentor" });
    const member = await signedInMember(site.app, site.testDb.db);
    const page = `/user/${mentor.username}`;
    const formKey = await keyOnPage(member.jar, page, 'name="intent" value="follow"');
    expect(formKey).toBeDefined();
    const followers = () => rows(follows, eq(follows.followingId, mentor.id));
    const notified = () => rows(notifications, eq(notifications.userId, mentor.id));
    const form = (intent: string, k: string) => new URLSearchParams({ intent, idempotencyKey: k });

    const first = await send(member.jar, page, form("follow", formKey!));
    expect(first.status).toBe(302);
    const again = await send(member.jar, page, form("follow", formKey!));
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(await followers()).toBe(1);
    expect(await notified()).toBe(1);

    const unfollowKey = key("unfollow");
    expect((await send(member.jar, page, form("unfollow", unfollowKey))).status).toBe(302);
    expect((await send(member.jar, page, form("unfollow", unfollowKey))).status).toBe(302);
    expect(await followers()).toBe(0);
    // The Follow's resubmission, late: still the first answer, and not following.
    expect((await send(member.jar, page, form("follow", formKey!))).status).toBe(302);
    expect(await followers()).toBe(0);
    // A new Follow (another key) follows again.
    expect((await send(member.jar, page, form("follow", key("follow")))).status).toBe(302);
    expect(await followers()).toBe(1);
    // The same key sent for another action is not a retry of it.
    expect((await send(member.jar, page, form("unfollow", formKey!))).status).toBe(400);
    expect(await followers()).toBe(1);
  });

  it("another member's same key follows for them", async () => {
    const mentor = await createUser(site.testDb.db, { role: "mentor" });
    const page = `/user/${mentor.username}`;
    const shared = key("follow");
    for (const _ of [1, 2]) {
      const member = await signedInMember(site.app, site.testDb.db);
      const r = await send(member.jar, page, new URLSearchParams({ intent: "follow" }), shared);
      expect(r.status).toBe(302);
    }
    expect(await rows(follows, eq(follows.followingId, mentor.id))).toBe(2);
  });
});

describe("uploads", () => {
  const image = (colour: string) =>
    sharp({ create: { width: 120, height: 80, channels: 3, background: colour } })
      .png()
      .toBuffer();

  function upload(jar: CookieJar, bytes: Buffer, k?: string) {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "photo.png");
    return send(jar, "/api/uploads", form, k).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as { url?: string; error?: string },
    }));
  }

  /** The files stored for a member (each upload is the image and its smaller copies). */
  function filesOf(userId: string): string[] {
    const dir = path.join(site.app.config.dataDir, "uploads", "posts", userId);
    try {
      return readdirSync(dir).sort();
    } catch {
      return [];
    }
  }

  it("a retry with the same key answers the same address and stores no second file", async () => {
    const mentor = await signedInMember(site.app, site.testDb.db, { role: "mentor" });
    const bytes = await image("#2266aa");
    const first = key("upload");
    const answer = await upload(mentor.jar, bytes, first);
    expect(answer.status).toBe(200);
    expect(answer.body.url).toMatch(/^\/uploads\/posts\//);
    const stored = filesOf(mentor.id);
    expect(stored.length).toBeGreaterThan(0);
    expect(await upload(mentor.jar, bytes, first)).toEqual(answer);
    // Both at once: one of them stores, the other gets its answer.
    const both = key("upload");
    const [a, b] = await Promise.all([
      upload(mentor.jar, bytes, both),
      upload(mentor.jar, bytes, both),
    ]);
    expect(a.status).toBe(200);
    expect(b).toEqual(a);
    expect(filesOf(mentor.id).length).toBe(stored.length * 2);
    // Another key is another upload.
    const other = await upload(mentor.jar, bytes, key("upload"));
    expect(other.body.url).not.toBe(answer.body.url);
    expect(filesOf(mentor.id).length).toBe(stored.length * 3);
    // The same key with another file is not a retry: refused, nothing stored.
    expect(await upload(mentor.jar, await image("#aa2266"), first)).toEqual({
      status: 400,
      body: { error: "Failed to upload image" },
    });
    expect(filesOf(mentor.id).length).toBe(stored.length * 3);
  });

  it("another member's same key stores their own file", async () => {
    const bytes = await image("#22aa66");
    const shared = key("upload");
    const [m1, m2] = [
      await signedInMember(site.app, site.testDb.db, { role: "mentor" }),
      await signedInMember(site.app, site.testDb.db, { role: "mentor" }),
    ];
    const a = await upload(m1.jar, bytes, shared);
    const b = await upload(m2.jar, bytes, shared);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body.url).not.toBe(a.body.url);
    expect(filesOf(m2.id).length).toBe(filesOf(m1.id).length);
  });
});

describe("post saves", () => {
  const postsBy = (authorId: string) => rows(posts, eq(posts.authorId, authorId));

  it("the create and edit forms carry a key, new with each load", async () => {
    const mentor = await signedInMember(site.app, site.testDb.db, { role: "mentor" });
    const one = await keyOnPage(mentor.jar, "/create-post", 'id="post-form"');
    const two = await keyOnPage(mentor.jar, "/create-post", 'id="post-form"');
    expect(one).toBeDefined();
    expect(two).toBeDefined();
    expect(two).not.toBe(one);
    const post = await createPost(site.testDb.db, { authorId: mentor.id, status: "draft" });
    expect(await keyOnPage(mentor.jar, `/edit-post/${post.slug}`, 'id="post-form"')).toBeDefined();
  });

  it("a resubmitted create creates one post and answers the same redirect, even with its typed slug", async () => {
    const mentor = await signedInMember(site.app, site.testDb.db, { role: "mentor" });
    const formKey = (await keyOnPage(mentor.jar, "/create-post", 'id="post-form"'))!;
    const form = (k: string, title = "Retried in the dark") =>
      new URLSearchParams({
        intent: "draft",
        id: "",
        title,
        slug: `typed-${k.slice(-8)}`,
        content: "<p>Once.</p>",
        idempotencyKey: k,
      });
    const first = await send(mentor.jar, "/create-post", form(formKey));
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toMatch(/^\/edit-post\/typed-.+$/);
    const again = await send(mentor.jar, "/create-post", form(formKey));
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(await postsBy(mentor.id)).toBe(1);
    // Both at once.
    const both = key("save");
    const [a, b] = await Promise.all([
      send(mentor.jar, "/create-post", form(both)),
      send(mentor.jar, "/create-post", form(both)),
    ]);
    expect(a.status).toBe(302);
    expect(b.headers.get("location")).toBe(a.headers.get("location"));
    expect(await postsBy(mentor.id)).toBe(2);
    // Another key is another post.
    expect((await send(mentor.jar, "/create-post", form(key("save")))).status).toBe(302);
    expect(await postsBy(mentor.id)).toBe(3);
  });

  it("an autosave whose answer was lost, then Publish with the same key: one post, published", async () => {
    const mentor = await signedInMember(site.app, site.testDb.db, { role: "mentor" });
    const formKey = (await keyOnPage(mentor.jar, "/create-post", 'id="post-form"'))!;
    const fields = (intent: string, content: string) =>
      new URLSearchParams({
        intent,
        id: "",
        title: "Written while the network came and went",
        content,
        idempotencyKey: formKey,
      });
    const saved = async () =>
      site.testDb.db
        .select({
          id: posts.id,
          status: posts.status,
          content: posts.content,
          lastAutosave: posts.lastAutosave,
        })
        .from(posts)
        .where(eq(posts.authorId, mentor.id));
    const autosave = await send(mentor.jar, "/create-post", fields("autosave", "<p>Draft</p>"));
    expect(autosave.status).toBe(200);
    const [draft] = await saved();
    expect(draft).toMatchObject({ status: "draft", content: "<p>Draft</p>" });
    expect(draft!.lastAutosave).not.toBeNull();
    // The same autosave again (its answer never came): answered, nothing written.
    const retried = await send(mentor.jar, "/create-post", fields("autosave", "<p>Draft</p>"));
    expect(retried.status).toBe(200);
    expect(await saved()).toEqual([draft]);
    // The page never learnt the id, so Publish has none, and the same key.
    const publish = await send(mentor.jar, "/create-post", fields("publish", "<p>Final</p>"));
    expect(publish.status).toBe(302);
    expect(await postsBy(mentor.id)).toBe(1);
    const [post] = await saved();
    expect(post).toMatchObject({ id: draft!.id, status: "published", content: "<p>Final</p>" });
    // Publish resent: still one post, the same answer.
    const again = await send(mentor.jar, "/create-post", fields("publish", "<p>Final</p>"));
    expect(again.headers.get("location")).toBe(publish.headers.get("location"));
    expect(await postsBy(mentor.id)).toBe(1);
  });

  it("a resent edit does not undo a later one; another member's same key is theirs", async () => {
    const mentor = await signedInMember(site.app, site.testDb.db, { role: "mentor" });
    const post = await createPost(site.testDb.db, { authorId: mentor.id, status: "draft" });
    const edit = (title: string, k: string) =>
      send(
        mentor.jar,
        `/edit-post/${post.slug}`,
        new URLSearchParams({
          intent: "draft",
          id: post.id,
          title,
          slug: post.slug,
          idempotencyKey: k,
        }),
      );
    const first = key("edit");
    expect((await edit("First edit", first)).status).toBe(302);
    expect((await edit("Second edit", key("edit"))).status).toBe(302);
    expect((await edit("First edit", first)).status).toBe(302);
    const [row] = await site.testDb.db
      .select({ title: posts.title })
      .from(posts)
      .where(eq(posts.id, post.id));
    expect(row!.title).toBe("Second edit");

    const other = await signedInMember(site.app, site.testDb.db, { role: "mentor" });
    const created = await send(
      other.jar,
      "/create-post",
      new URLSearchParams({ intent: "draft", id: "", title: "Theirs", idempotencyKey: first }),
    );
    expect(created.status).toBe(302);
    expect(await postsBy(other.id)).toBe(1);
    expect(await postsBy(mentor.id)).toBe(1);
  });
});
