import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { categories, posts, postTags, tags } from "#server/db/schema";
import { clearAllCaches } from "#server/cache/cache";
import type { Actor } from "~/features/accounts/permissions";
import { queryPostBySlug, queryPublishedPosts } from "~/features/posts/posts.server";
import { createPost, createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";
import { listMyPosts, loadPostForEdit } from "./posts-admin.server";
import { SAVE_MESSAGES } from "./post-rules";
import { deletePost, savePost, slugClashMessage } from "./save-post.server";
import { anyString } from "#tests/support/json";

const t = testDatabaseForThisFile();
let mentor: Actor;
let otherMentor: Actor;
let admin: Actor;
let user: Actor;

const HOUR = 3_600_000;

async function actorOf(role: Actor["role"], status: Actor["status"] = "approved"): Promise<Actor> {
  const u = await createUser(t.db, { role, status });
  return { id: u.id, role, status };
}

function ok(result: Awaited<ReturnType<typeof savePost>>) {
  if (!result.ok) throw new Error(`save failed: ${result.error}`);
  return result.post;
}

async function row(id: string) {
  const [r] = await t.db.select().from(posts).where(eq(posts.id, id));
  return r!;
}

async function tagCounts() {
  const rows = await t.db.select({ slug: tags.slug, n: tags.usageCount }).from(tags);
  return Object.fromEntries(rows.map((r) => [r.slug, r.n]));
}

beforeEach(async () => {
  clearAllCaches();
  mentor = await actorOf("mentor");
  otherMentor = await actorOf("mentor");
  admin = await actorOf("admin");
  user = await actorOf("user");
});

describe("who may create posts", () => {
  it("refuses visitors, pending, blocked and plain users with the spec's messages", async () => {
    const input = { title: "Hello", intent: "publish" };
    expect(await savePost(t.db, null, input)).toMatchObject({
      ok: false,
      status: 401,
      error: SAVE_MESSAGES.authorId,
    });
    expect(await savePost(t.db, await actorOf("mentor", "blocked"), input)).toMatchObject({
      ok: false,
      error: SAVE_MESSAGES.authorId,
    });
    expect(await savePost(t.db, await actorOf("mentor", "pending"), input)).toMatchObject({
      ok: false,
      status: 403,
      error: SAVE_MESSAGES.role,
    });
    expect(await savePost(t.db, user, input)).toMatchObject({
      ok: false,
      status: 403,
      error: SAVE_MESSAGES.role,
    });
    expect(await t.db.$count(posts)).toBe(0);
  });

  it("lets mentors and admins create", async () => {
    const a = ok(await savePost(t.db, mentor, { title: "By a mentor", intent: "publish" }));
    const b = ok(await savePost(t.db, admin, { title: "By an admin", intent: "publish" }));
    expect((await row(a.id)).authorId).toBe(mentor.id);
    expect((await row(b.id)).authorId).toBe(admin.id);
  });
});

describe("who may edit and delete", () => {
  it("a mentor edits only their own posts; an admin any", async () => {
    const mine = ok(await savePost(t.db, mentor, { title: "Mine", intent: "publish" }));
    const edit = { id: mine.id, title: "Changed", intent: "publish" };
    expect(await savePost(t.db, otherMentor, edit)).toMatchObject({
      ok: false,
      status: 403,
      error: SAVE_MESSAGES.policy,
    });
    expect(await savePost(t.db, user, edit)).toMatchObject({ ok: false, status: 403 });
    expect((await row(mine.id)).title).toBe("Mine");
    ok(await savePost(t.db, mentor, { ...edit, title: "Mine, edited" }));
    ok(await savePost(t.db, admin, { ...edit, title: "Edited by admin" }));
    const after = await row(mine.id);
    expect(after.title).toBe("Edited by admin");
    expect(after.authorId).toBe(mentor.id);
  });

  it("the edit form loads for the author and admins only", async () => {
    const p = ok(await savePost(t.db, mentor, { title: "Load me" }));
    expect(await loadPostForEdit(t.db, mentor, p.slug)).toMatchObject({ ok: true });
    expect(await loadPostForEdit(t.db, admin, p.slug)).toMatchObject({ ok: true });
    expect(await loadPostForEdit(t.db, otherMentor, p.slug)).toEqual({
      ok: false,
      status: 403,
      error: "You do not have permission to edit this post",
    });
    expect(await loadPostForEdit(t.db, user, p.slug)).toMatchObject({ status: 403 });
    expect(await loadPostForEdit(t.db, mentor, "nope")).toEqual({
      ok: false,
      status: 404,
      error: "Post not found",
    });
  });

  it("delete: author or admin, nobody else", async () => {
    const a = ok(await savePost(t.db, mentor, { title: "A" }));
    const b = ok(await savePost(t.db, mentor, { title: "B" }));
    expect(await deletePost(t.db, otherMentor, a.id)).toMatchObject({ ok: false, status: 403 });
    expect(await deletePost(t.db, user, a.id)).toMatchObject({ ok: false, status: 403 });
    expect(await deletePost(t.db, null, a.id)).toMatchObject({ ok: false });
    expect(await deletePost(t.db, mentor, a.id)).toEqual({ ok: true });
    expect(await deletePost(t.db, admin, b.id)).toEqual({ ok: true });
    expect(await t.db.$count(posts)).toBe(0);
  });
});

describe("validation and slugs", () => {
  it("title is required; an invalid URL is refused; messages read Error: …", async () => {
    expect(await savePost(t.db, mentor, { title: "  " })).toMatchObject({
      ok: false,
      status: 400,
      error: "Error: Title is required",
      fieldErrors: { title: "Title is required" },
    });
    expect(
      await savePost(t.db, mentor, { title: "x", external_url: "javascript:alert(1)" }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { external_url: "External URL must be a valid URL" },
    });
    expect(
      await savePost(t.db, mentor, { title: "x", featured_image_url: "javascript:alert(1)" }),
    ).toMatchObject({ ok: false, fieldErrors: { featured_image_url: anyString() } });
    expect(await savePost(t.db, mentor, { title: "!!!" })).toMatchObject({
      ok: false,
      fieldErrors: { slug: "Slug is required" },
    });
  });

  it("derives the slug from the title and takes a numeric suffix on a clash", async () => {
    const a = ok(await savePost(t.db, mentor, { title: "  Hello, World & Friends! " }));
    expect(a.slug).toBe("hello-world-friends");
    const b = ok(await savePost(t.db, mentor, { title: "Hello world friends" }));
    expect(b.slug).toBe("hello-world-friends-2");
    const c = ok(await savePost(t.db, otherMentor, { title: "Hello World Friends" }));
    expect(c.slug).toBe("hello-world-friends-3");
    // Re-saving keeps its own slug.
    const again = ok(await savePost(t.db, mentor, { id: a.id, title: "Hello, World & Friends!" }));
    expect(again.slug).toBe("hello-world-friends");
  });

  it("a typed slug is normalised, and a clash is refused with a clear message", async () => {
    const a = ok(await savePost(t.db, mentor, { title: "One", slug: "My Great Post" }));
    expect(a.slug).toBe("my-great-post");
    const clash = await savePost(t.db, mentor, { title: "Two", slug: "my-great-post" });
    expect(clash).toMatchObject({
      ok: false,
      status: 409,
      error: `Error: ${slugClashMessage("my-great-post")}`,
    });
  });
});

describe("status, published_at and reading time", () => {
  it("sets published_at at first publication, keeps it on edits, clears it on Save as draft", async () => {
    const first = new Date("2026-01-01T10:00:00Z");
    const p = ok(
      await savePost(t.db, mentor, { title: "Dated", intent: "publish" }, { now: first }),
    );
    expect(p.status).toBe("published");
    expect(p.publishedAt?.toISOString()).toBe(first.toISOString());
    const later = new Date("2026-02-01T10:00:00Z");
    const edited = ok(
      await savePost(
        t.db,
        mentor,
        { id: p.id, title: "Dated, edited", intent: "publish" },
        { now: later },
      ),
    );
    expect(edited.publishedAt?.toISOString()).toBe(first.toISOString());
    // The form re-submits the date at minute precision: still the original.
    const resubmitted = ok(
      await savePost(t.db, mentor, {
        id: p.id,
        title: "Dated",
        intent: "publish",
        publish_at: "2026-01-01T10:00",
      }),
    );
    expect(resubmitted.publishedAt?.toISOString()).toBe(first.toISOString());
    const draft = ok(await savePost(t.db, mentor, { id: p.id, title: "Dated", intent: "draft" }));
    expect(draft).toMatchObject({ status: "draft", publishedAt: null });
    const republished = ok(
      await savePost(t.db, mentor, { id: p.id, title: "Dated", intent: "publish" }, { now: later }),
    );
    expect(republished.publishedAt?.toISOString()).toBe(later.toISOString());
  });

  it("autosave keeps drafts drafts, sets last_autosave and leaves published posts alone", async () => {
    const now = new Date("2026-03-01T09:30:00Z");
    const p = ok(await savePost(t.db, mentor, { title: "Auto", intent: "autosave" }, { now }));
    expect(p).toMatchObject({ status: "draft", publishedAt: null });
    expect(p.lastAutosave?.toISOString()).toBe(now.toISOString());
    ok(await savePost(t.db, mentor, { id: p.id, title: "Auto", intent: "publish" }));
    const skipped = await savePost(t.db, mentor, {
      id: p.id,
      title: "Half-typed",
      intent: "autosave",
    });
    expect(skipped).toMatchObject({ ok: true, skipped: "not-a-draft" });
    expect(await row(p.id)).toMatchObject({ title: "Auto", status: "published" });
  });

  it("reading time: words / 200 rounded up; external links 5", async () => {
    const words = (n: number) => `<p>${Array.from({ length: n }, () => "word").join(" ")}</p>`;
    const a = ok(await savePost(t.db, mentor, { title: "R1", content: words(200) }));
    const b = ok(await savePost(t.db, mentor, { title: "R2", content: words(201) }));
    const c = ok(
      await savePost(t.db, mentor, {
        title: "R3",
        content: words(10),
        post_type: "external_link",
        external_url: "https://example.com/a",
      }),
    );
    const e = ok(await savePost(t.db, mentor, { title: "R4" }));
    expect((await row(a.id)).readingTimeMinutes).toBe(1);
    expect((await row(b.id)).readingTimeMinutes).toBe(2);
    expect((await row(c.id)).readingTimeMinutes).toBe(5);
    expect((await row(e.id)).readingTimeMinutes).toBe(1);
  });
});

describe("scheduling", () => {
  it("a future publication time keeps the post off the public site until then", async () => {
    const future = new Date(Date.now() + 2 * HOUR);
    const p = ok(
      await savePost(t.db, mentor, {
        title: "Scheduled",
        intent: "publish",
        publish_at: future.toISOString(),
      }),
    );
    expect(p.status).toBe("published");
    expect(p.publishedAt?.toISOString()).toBe(future.toISOString());
    expect(await queryPostBySlug(t.db, p.slug)).toBeFalsy();
    expect((await queryPublishedPosts(t.db)).map((x) => x.slug)).not.toContain(p.slug);
    const mine = await listMyPosts(t.db, mentor);
    expect(mine[0]).toMatchObject({ slug: p.slug, scheduled: true });
    // Its time comes (simulated by moving the time back): public with nobody acting.
    await t.db
      .update(posts)
      .set({ publishedAt: new Date(Date.now() - 1000) })
      .where(eq(posts.id, p.id));
    expect(await queryPostBySlug(t.db, p.slug)).toBeTruthy();
    expect((await queryPublishedPosts(t.db)).map((x) => x.slug)).toContain(p.slug);
  });
});

describe("sanitising on save", () => {
  it("cleans the content and every HTML widget; keeps text widgets as text", async () => {
    const p = ok(
      await savePost(t.db, mentor, {
        title: "XSS",
        content:
          '<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">l</a><img src=x onerror=alert(1)><iframe src="https://evil.example/"></iframe></p>',
        sidebar_widgets: JSON.stringify([
          {
            type: "html",
            order: 1,
            html_code:
              '<b>ok</b><script>alert(2)</script><img src="https://x.test/a.png" onerror="y()">',
          },
          { type: "text", order: 0, content: "<b>plain</b>" },
        ]),
        sidebar_widget_2: JSON.stringify({
          type: "html",
          order: 0,
          html_code: '<div style="position:fixed" data-x="1">w2</div>',
        }),
      }),
    );
    const r = await row(p.id);
    expect(r.content).not.toMatch(/script|onclick|onerror|javascript:|evil\.example/);
    expect(r.content).toContain("Hi");
    expect(r.sidebarWidgets).toEqual([
      expect.objectContaining({ type: "text", order: 0, content: "<b>plain</b>" }),
      expect.objectContaining({ type: "html", order: 1 }),
    ]);
    expect(r.sidebarWidgets[1]!.html_code).toContain("<b>ok</b>");
    expect(r.sidebarWidgets[1]!.html_code).not.toMatch(/script|onerror/);
    expect(r.sidebarWidget2!.html_code).not.toMatch(/position|data-x/);
  });

  it("refuses widget links and images with unsafe URLs", async () => {
    const result = await savePost(t.db, mentor, {
      title: "W",
      sidebar_widgets: JSON.stringify([
        { type: "image", order: 0, image_url: "javascript:alert(1)" },
      ]),
    });
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(await savePost(t.db, mentor, { title: "W", sidebar_widgets: "{nope" })).toMatchObject({
      ok: false,
      error: "Error: Sidebar widgets are not valid",
    });
  });
});

describe("tags", () => {
  it("trims, lower-cases, de-duplicates, hyphenates slugs; usage counts follow every change", async () => {
    const a = ok(
      await savePost(t.db, mentor, { title: "T1", tags: " AI Tools, ai tools ,Funding,, " }),
    );
    expect(await tagCounts()).toEqual({ "ai-tools": 1, funding: 1 });
    const names = await t.db.select({ name: tags.name }).from(tags);
    expect(names.map((n) => n.name).sort()).toEqual(["ai tools", "funding"]);
    const b = ok(await savePost(t.db, mentor, { title: "T2", tags: "funding, uk" }));
    expect(await tagCounts()).toEqual({ "ai-tools": 1, funding: 2, uk: 1 });
    ok(await savePost(t.db, mentor, { id: a.id, title: "T1", tags: "uk" }));
    expect(await tagCounts()).toEqual({ "ai-tools": 0, funding: 1, uk: 2 });
    await deletePost(t.db, mentor, b.id);
    expect(await tagCounts()).toEqual({ "ai-tools": 0, funding: 0, uk: 1 });
    expect(await t.db.$count(postTags)).toBe(1);
  });
});

describe("admin-only fields", () => {
  it("admins feature posts and choose among mentors and admins; mentors cannot", async () => {
    const p = ok(
      await savePost(t.db, mentor, {
        title: "F",
        is_featured: "on",
        author_id: otherMentor.id,
      }),
    );
    expect(await row(p.id)).toMatchObject({ isFeatured: false, authorId: mentor.id });
    ok(
      await savePost(t.db, admin, {
        id: p.id,
        title: "F",
        is_featured: "on",
        author_id: otherMentor.id,
      }),
    );
    expect(await row(p.id)).toMatchObject({ isFeatured: true, authorId: otherMentor.id });
    expect(await savePost(t.db, admin, { id: p.id, title: "F", author_id: user.id })).toMatchObject(
      { ok: false, fieldErrors: { author_id: anyString() } },
    );
    // A mentor's edit keeps the admin's choice.
    ok(await savePost(t.db, otherMentor, { id: p.id, title: "F2" }));
    expect(await row(p.id)).toMatchObject({ isFeatured: true, authorId: otherMentor.id });
  });

  it("category: uncategorized by default, an unknown one refused", async () => {
    const p = ok(await savePost(t.db, mentor, { title: "C" }));
    expect((await row(p.id)).categoryId).toBe((await uncategorized()).id);
    expect(
      await savePost(t.db, mentor, {
        title: "C2",
        category_id: "00000000-0000-4000-8000-000000000000",
      }),
    ).toMatchObject({ ok: false, fieldErrors: { category_id: "Choose a category" } });
  });
});

describe("My Posts", () => {
  it("mentors: own posts of every status; admins: all published with authors", async () => {
    ok(await savePost(t.db, mentor, { title: "Mine draft" }));
    ok(await savePost(t.db, mentor, { title: "Mine live", intent: "publish" }));
    await createPost(t.db, { authorId: otherMentor.id, slug: "theirs" });
    const mine = await listMyPosts(t.db, mentor);
    expect(mine.map((p) => p.title).sort()).toEqual(["Mine draft", "Mine live"]);
    const all = await listMyPosts(t.db, admin);
    expect(all.map((p) => p.slug).sort()).toEqual(["mine-live", "theirs"]);
    expect(await listMyPosts(t.db, user)).toEqual([]);
    expect(await listMyPosts(t.db, null)).toEqual([]);
  });
});

async function uncategorized() {
  const [c] = await t.db.select().from(categories).where(eq(categories.slug, "uncategorized"));
  return c!;
}
