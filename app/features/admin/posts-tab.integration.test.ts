/**
 * The dashboard's Posts tab over HTTP: admins only (others to /), search by
 * title or author, 50 a page on the server, featured toggle, author change
 * and delete with the confirmation step without JavaScript, the spec's
 * messages, bad input as 4xx.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CookieJar } from "#tests/support/http-app";
import { posts, profiles } from "#server/db/schema";
import { createPost, createUser } from "#tests/support/factories";
import { roleJars, signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";

const site = siteOverHttpForThisFile();
const { get, post, text } = site;

async function postRow(id: string) {
  const [row] = await site.testDb.db
    .select({ authorId: posts.authorId, isFeatured: posts.isFeatured })
    .from(posts)
    .where(eq(posts.id, id));
  return row ?? null;
}

describe("posts tab", () => {
  it("visitor, pending, user, mentor and blocked go to / from the tab and every post action", async () => {
    const mentor = await createUser(site.testDb.db, { role: "mentor" });
    const target = await createPost(site.testDb.db, { authorId: mentor.id });
    const blocked = await signedInMember(site.app, site.testDb.db, { role: "mentor" });
    await site.testDb.db
      .update(profiles)
      .set({ status: "blocked" })
      .where(eq(profiles.id, blocked.id));
    const jars: Record<string, CookieJar> = {
      visitor: new CookieJar(),
      ...(await roleJars(site, ["pending", "user", "mentor"])),
      blocked: blocked.jar,
    };
    for (const [who, jar] of Object.entries(jars)) {
      const page = await get(jar, "/admin?tab=posts");
      expect([who, page.status, page.headers.get("location")]).toEqual([who, 302, "/"]);
      const attempts: Record<string, string>[] = [
        { intent: "post-delete", postId: target.id, confirmed: "1" },
        { intent: "post-feature", postId: target.id, featured: "1" },
        { intent: "post-author", postId: target.id, authorId: blocked.id, confirmed: "1" },
      ];
      for (const fields of attempts) {
        const res = await post(jar, "/admin?tab=posts", fields);
        expect([who, fields.intent, res.status, res.headers.get("location")]).toEqual([
          who,
          fields.intent,
          302,
          "/",
        ]);
      }
    }
    expect(await postRow(target.id)).toEqual({ authorId: mentor.id, isFeatured: false });
  });

  it("lists the columns, searches by title or author and pages 50 at a time", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const asha = await createUser(site.testDb.db, { role: "mentor", fullName: "Asha Mentor" });
    const ravi = await createUser(site.testDb.db, { role: "mentor", fullName: "Ravi Writer" });
    await createPost(site.testDb.db, { authorId: asha.id, title: "Raising a seed round" });
    await createPost(site.testDb.db, {
      authorId: ravi.id,
      title: "Hiring your first engineer",
      postType: "external_link",
      externalUrl: "https://example.com/a",
      status: "draft",
      publishedAt: null,
    });
    const page = await text(await get(admin.jar, "/admin?tab=posts"));
    expect(page).toMatch(/aria-current="page"[^>]*>Posts/);
    for (const label of ["Title", "Author", "Type", "Status", "Published"]) {
      expect(page).toMatch(new RegExp(`<th scope="col"[^>]*><a [^>]*>${label}<svg`));
    }
    expect(page).toContain(">Actions</th>");
    expect(page).toContain("Raising a seed round");
    expect(page).toContain("Hiring your first engineer");
    expect(page).toContain("External link");
    expect(page).toContain(`href="/edit-post/`);
    expect(page).toContain("Showing 1 to 2 of 2");
    expect(page.match(/<main/g)).toHaveLength(1);

    const byTitle = await text(await get(admin.jar, "/admin?tab=posts&q=seed"));
    expect(byTitle).toContain("Raising a seed round");
    expect(byTitle).not.toContain("Hiring your first engineer");
    const byAuthor = await text(await get(admin.jar, "/admin?tab=posts&q=ravi"));
    expect(byAuthor).toContain("Hiring your first engineer");
    expect(byAuthor).not.toContain("Raising a seed round");
    const none = await text(await get(admin.jar, "/admin?tab=posts&q=%25_nothing"));
    expect(none).toContain("No posts found.");

    await site.testDb.db.insert(posts).values(
      Array.from({ length: 55 }, (_, i) => ({
        title: `Bulk post ${i}`,
        slug: `bulk-post-${i}`,
        authorId: asha.id,
      })),
    );
    const first = await text(await get(admin.jar, "/admin?tab=posts"));
    expect(first).toContain("Showing 1 to 50 of 57");
    expect(first).toContain("Page 1 of 2");
    const second = await text(await get(admin.jar, "/admin?tab=posts&page=2"));
    expect(second).toContain("Showing 51 to 57 of 57");
    expect(second).toContain("Page 2 of 2");
    const bad = await get(admin.jar, "/admin?tab=posts&page=zero");
    expect(bad.status).toBe(400);
  });

  it("toggles featured, changes the author after confirming, and deletes after confirming", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const mentor = await createUser(site.testDb.db, { role: "mentor", fullName: "Mina Mentor" });
    const other = await createUser(site.testDb.db, { role: "mentor", fullName: "Omar Other" });
    const plain = await createUser(site.testDb.db, { role: "user" });
    const target = await createPost(site.testDb.db, {
      authorId: mentor.id,
      title: "Pricing basics",
    });

    let res = await post(admin.jar, "/admin?tab=posts", {
      intent: "post-feature",
      postId: target.id,
      featured: "1",
    });
    expect(res.headers.get("location")).toBe("/admin?tab=posts&done=post-feature");
    expect(await text(await get(admin.jar, res.headers.get("location")!))).toContain(
      "Post marked as featured successfully!",
    );
    expect((await postRow(target.id))!.isFeatured).toBe(true);
    res = await post(admin.jar, "/admin?tab=posts", {
      intent: "post-feature",
      postId: target.id,
      featured: "0",
    });
    expect(res.status).toBe(302);
    expect((await postRow(target.id))!.isFeatured).toBe(false);

    // Author: the dialog's list (admins and mentors, fetched when it opens); without
    // confirmed=1 the change asks first.
    const authors = (await (await get(admin.jar, "/admin/authors.json")).json()) as {
      id: string;
      name: string;
    }[];
    expect(authors).toContainEqual({ id: other.id, name: "Omar Other" });
    expect(authors.map((a) => a.id)).not.toContain(plain.id);
    res = await post(admin.jar, "/admin?tab=posts", {
      intent: "post-author",
      postId: target.id,
      authorId: other.id,
    });
    expect(res.status).toBe(200);
    const ask = await text(res);
    expect(ask).toContain("Change the author of this post?");
    expect(ask).toContain(`value="${other.id}"`);
    expect((await postRow(target.id))!.authorId).toBe(mentor.id);
    res = await post(admin.jar, "/admin?tab=posts", {
      intent: "post-author",
      postId: target.id,
      authorId: other.id,
      confirmed: "1",
    });
    expect(res.headers.get("location")).toBe("/admin?tab=posts&done=post-author");
    expect((await postRow(target.id))!.authorId).toBe(other.id);
    res = await post(admin.jar, "/admin?tab=posts", {
      intent: "post-author",
      postId: target.id,
      authorId: plain.id,
      confirmed: "1",
    });
    expect(res.status).toBe(400);
    expect(await text(res)).toContain(
      "Failed to change author: The new author must be an approved mentor or admin",
    );
    expect((await postRow(target.id))!.authorId).toBe(other.id);

    // Delete: asks with the spec's text, then deletes.
    res = await post(admin.jar, "/admin?tab=posts", { intent: "post-delete", postId: target.id });
    expect(res.status).toBe(200);
    expect(await text(res)).toContain(
      "Are you sure you want to delete this post? This action cannot be undone.",
    );
    expect(await postRow(target.id)).not.toBeNull();
    res = await post(admin.jar, "/admin?tab=posts&q=pricing", {
      intent: "post-delete",
      postId: target.id,
      confirmed: "1",
    });
    expect(res.headers.get("location")).toBe("/admin?tab=posts&q=pricing&done=post-delete");
    expect(await text(await get(admin.jar, res.headers.get("location")!))).toContain(
      "Post deleted successfully!",
    );
    expect(await postRow(target.id)).toBeNull();
    res = await post(admin.jar, "/admin?tab=posts", {
      intent: "post-delete",
      postId: target.id,
      confirmed: "1",
    });
    expect(res.status).toBe(404);
    expect(await text(res)).toContain("Failed to delete post");
  });

  it("answers bad input with 4xx and a message, never 500", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "post-delete" }, 400, "Invalid request: choose a post"],
      [{ intent: "post-delete", postId: "x".repeat(500) }, 400, "Invalid request: choose a post"],
      [
        { intent: "post-feature", postId: "00000000-0000-4000-8000-00000000beef", featured: "yes" },
        400,
        "featured must be 1 or 0",
      ],
      [
        { intent: "post-feature", postId: "00000000-0000-4000-8000-00000000dead", featured: "1" },
        404,
        "Post not found",
      ],
      [{ intent: "post-feature", postId: "not-a-uuid", featured: "1" }, 404, "Post not found"],
      [
        { intent: "post-author", postId: "00000000-0000-4000-8000-00000000beef" },
        404,
        "Failed to change author: Post not found",
      ],
      [
        { intent: "post-author", postId: "00000000-0000-4000-8000-00000000beef", confirmed: "1" },
        400,
        "Failed to change author: choose a new author",
      ],
      [{ intent: "post-delete", postId: "not-a-uuid" }, 404, "Failed to delete post"],
      [
        { intent: "post-delete", postId: "not-a-uuid", confirmed: "1" },
        404,
        "Failed to delete post",
      ],
    ];
    for (const [fields, status, message] of cases) {
      const res = await post(admin.jar, "/admin?tab=posts", fields);
      expect([fields, res.status]).toEqual([fields, status]);
      expect(await text(res)).toContain(message);
    }
  });
});

describe("posts tab: View only for posts readers can open", () => {
  it("drafts, pending and scheduled posts offer Edit but no View; a published one offers both", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const mentor = await createUser(site.testDb.db, { role: "mentor" });
    const made = {
      live: await createPost(site.testDb.db, { authorId: mentor.id, title: "Live one" }),
      draft: await createPost(site.testDb.db, {
        authorId: mentor.id,
        title: "Draft one",
        status: "draft",
        publishedAt: null,
      }),
      pending: await createPost(site.testDb.db, {
        authorId: mentor.id,
        title: "Pending one",
        status: "pending",
        publishedAt: null,
      }),
      scheduled: await createPost(site.testDb.db, {
        authorId: mentor.id,
        title: "Scheduled one",
        publishedAt: new Date(Date.now() + 86_400_000),
      }),
    };
    const page = await text(await get(admin.jar, "/admin?tab=posts"));
    for (const [kind, p] of Object.entries(made)) {
      const view = page.includes(`href="/post/${p.slug}"`);
      const edit = page.includes(`href="/edit-post/${p.slug}"`);
      expect([kind, view, edit]).toEqual([kind, kind === "live", true]);
    }
    // Every View link the tab offers opens a page.
    expect((await get(admin.jar, `/post/${made.live.slug}`)).status).toBe(200);
    expect((await get(admin.jar, `/post/${made.draft.slug}`)).status).toBe(404);
  });
});
