/**
 * The Users and Posts tabs at scale (docs/decisions/0127) over HTTP: searched,
 * filtered, sorted and paged on the server with every choice in the
 * address; the selected posts featured, unfeatured and deleted at once
 * (delete asks first with the count, every post audited); every role but
 * admin refused each; bad sorts and filters a 400 with a message.
 */
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminAuditLog, categories, posts, profiles } from "#server/db/schema";
import { createPost, createUser } from "#tests/support/factories";
import { browse } from "#tests/support/http-app";
import { NOT_ADMINS, roleJars, signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";

const site = siteOverHttpForThisFile();
const { get, post, text } = site;

/** The table's body rows' first cells' text, in order (titles or names). */
const rowsOf = (page: string, pattern: RegExp) => [...page.matchAll(pattern)].map((m) => m[1]!);

async function featuredOf(ids: string[]) {
  const rows = await site.testDb.db
    .select({ id: posts.id, isFeatured: posts.isFeatured })
    .from(posts)
    .where(inArray(posts.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.isFeatured]));
}

describe("refused to every role but admin", () => {
  it("the sorted and filtered lists and each bulk action send them to /", async () => {
    const mentor = await createUser(site.testDb.db, { role: "mentor" });
    const target = await createPost(site.testDb.db, { authorId: mentor.id });
    const jars = await roleJars(site, NOT_ADMINS);
    for (const [who, jar] of Object.entries(jars)) {
      for (const path of [
        "/admin/authors.json",
        "/admin?tab=users&sort=email&dir=asc&role=mentor&status=approved&page=2",
        "/admin?tab=posts&sort=title&dir=desc&status=scheduled&category=uncategorized",
      ]) {
        const res = await get(jar, path);
        expect([who, path, res.status, res.headers.get("location")]).toEqual([who, path, 302, "/"]);
      }
      for (const intent of ["bulk-feature", "bulk-unfeature", "bulk-delete"]) {
        const res = await post(jar, "/admin?tab=posts", {
          intent,
          postIds: target.id,
          confirmed: "1",
        });
        expect([who, intent, res.status, res.headers.get("location")]).toEqual([
          who,
          intent,
          302,
          "/",
        ]);
      }
    }
    expect(await featuredOf([target.id])).toEqual({ [target.id]: false });
  });
});

describe("users tab", () => {
  it("sorts by any column both ways, filters by role and status, pages with the filters kept", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    for (const name of ["carol", "alice", "bob"]) {
      await createUser(site.testDb.db, {
        username: `lst_${name}`,
        email: `${name}@lists.example`,
        role: name === "bob" ? "mentor" : "user",
        status: name === "carol" ? "pending" : "approved",
      });
    }
    const names = (page: string) =>
      rowsOf(page, /<div class="text-slate-700">@(lst_[a-z]+)<\/div>/g);

    const asc = await text(await get(admin.jar, "/admin?tab=users&q=lst_&sort=user&dir=asc"));
    expect(names(asc)).toEqual(["lst_alice", "lst_bob", "lst_carol"]);
    expect(asc).toMatch(/aria-sort="ascending"/);
    const desc = await text(await get(admin.jar, "/admin?tab=users&q=lst_&sort=email&dir=desc"));
    expect(names(desc)).toEqual(["lst_carol", "lst_bob", "lst_alice"]);
    // The header of the column sorted by links to the other direction, keeping the search.
    expect(desc).toContain('href="/admin?tab=users&amp;q=lst_&amp;sort=email&amp;dir=asc"');

    const mentors = await text(await get(admin.jar, "/admin?tab=users&q=lst_&role=mentor"));
    expect(names(mentors)).toEqual(["lst_bob"]);
    expect(mentors).toContain("Showing 1 to 1 of 1");
    const pending = await text(await get(admin.jar, "/admin?tab=users&q=lst_&status=pending"));
    expect(names(pending)).toEqual(["lst_carol"]);
    const both = await text(
      await get(admin.jar, "/admin?tab=users&q=lst_&role=user&status=approved&sort=user"),
    );
    expect(names(both)).toEqual(["lst_alice"]);
  });

  it("pages 50 at a time in the order asked for, the page in the address", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    for (let i = 0; i < 55; i++) {
      await createUser(site.testDb.db, { username: `pg_${String(i).padStart(2, "0")}` });
    }
    const names = (page: string) =>
      rowsOf(page, /<div class="text-slate-700">@(pg_[0-9]+)<\/div>/g);
    const first = await text(await get(admin.jar, "/admin?tab=users&q=pg_&sort=user&dir=desc"));
    expect(first).toContain("Showing 1 to 50 of 55");
    expect(first).toContain("Page 1 of 2");
    expect(names(first)[0]).toBe("pg_54");
    expect(first).toContain(
      'href="/admin?tab=users&amp;q=pg_&amp;sort=user&amp;dir=desc&amp;page=2"',
    );
    const second = await text(
      await get(admin.jar, "/admin?tab=users&q=pg_&sort=user&dir=desc&page=2"),
    );
    expect(second).toContain("Showing 51 to 55 of 55");
    expect(second).toContain("Page 2 of 2");
    expect(names(second)).toEqual(["pg_04", "pg_03", "pg_02", "pg_01", "pg_00"]);
  });
});

describe("posts tab", () => {
  it("filters by status (draft, pending, scheduled, published) and category, sorts by any column", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const anna = await createUser(site.testDb.db, { username: "anna_w", role: "mentor" });
    const zed = await createUser(site.testDb.db, { username: "zed_w", role: "mentor" });
    const [cat] = await site.testDb.db
      .insert(categories)
      .values({ name: "Funding", slug: "funding-lst" })
      .returning();
    const day = 24 * 3600 * 1000;
    await createPost(site.testDb.db, {
      authorId: zed.id,
      title: "Flt Bravo published",
      publishedAt: new Date(Date.now() - 2 * day),
      categoryId: cat!.id,
    });
    await createPost(site.testDb.db, {
      authorId: anna.id,
      title: "Flt Alpha scheduled",
      publishedAt: new Date(Date.now() + 3 * day),
    });
    await createPost(site.testDb.db, {
      authorId: zed.id,
      title: "Flt Delta draft",
      status: "draft",
      publishedAt: null,
    });
    await createPost(site.testDb.db, {
      authorId: anna.id,
      title: "Flt Charlie pending",
      status: "pending",
      publishedAt: null,
    });
    const titles = (page: string) => rowsOf(page, /data-label="Title">(Flt [A-Za-z]+ [a-z]+)/g);
    const list = async (params: string) =>
      titles(await text(await get(admin.jar, `/admin?tab=posts&q=Flt&${params}`)));

    expect(await list("status=draft")).toEqual(["Flt Delta draft"]);
    expect(await list("status=pending")).toEqual(["Flt Charlie pending"]);
    expect(await list("status=scheduled")).toEqual(["Flt Alpha scheduled"]);
    expect(await list("status=published")).toEqual(["Flt Bravo published"]);
    expect(await list("category=funding-lst")).toEqual(["Flt Bravo published"]);
    expect(await list("category=funding-lst&status=draft")).toEqual([]);

    expect(await list("sort=title&dir=asc")).toEqual([
      "Flt Alpha scheduled",
      "Flt Bravo published",
      "Flt Charlie pending",
      "Flt Delta draft",
    ]);
    expect((await list("sort=author&dir=asc")).slice(0, 2).sort()).toEqual([
      "Flt Alpha scheduled",
      "Flt Charlie pending",
    ]);
    // Published, newest first; posts never published last either way.
    expect(await list("sort=published&dir=desc")).toEqual([
      "Flt Alpha scheduled",
      "Flt Bravo published",
      expect.any(String),
      expect.any(String),
    ]);
    expect((await list("sort=published&dir=asc")).slice(0, 2)).toEqual([
      "Flt Bravo published",
      "Flt Alpha scheduled",
    ]);
    expect((await list("sort=status&dir=asc"))[0]).toBe("Flt Delta draft");
    // The filters' choices stay chosen on the page.
    const page = await text(await get(admin.jar, "/admin?tab=posts&status=scheduled"));
    expect(page).toMatch(/<option value="scheduled" selected="">Scheduled<\/option>/);
  });

  it("features, unfeatures and deletes the selected posts, one audit row each; delete asks with the count", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const mentor = await createUser(site.testDb.db, { role: "mentor" });
    const chosen = [];
    for (let i = 0; i < 3; i++) {
      chosen.push(await createPost(site.testDb.db, { authorId: mentor.id, title: `Bulk ${i}` }));
    }
    const other = await createPost(site.testDb.db, { authorId: mentor.id, title: "Left alone" });
    const ids = chosen.map((p) => p.id);
    const here = "/admin?tab=posts&q=Bulk&sort=title&dir=asc";

    // The rows' checkboxes: postIds repeated, one per selected row.
    const featured = await browse(admin.jar, `${site.app.url}${here}`, {
      method: "POST",
      body: new URLSearchParams([["intent", "bulk-feature"], ...ids.map((id) => ["postIds", id])]),
    });
    expect(featured.status).toBe(302);
    expect(featured.headers.get("location")).toBe(`${here}&done=bulk-feature&count=3`);
    expect(await text(await get(admin.jar, featured.headers.get("location")!))).toContain(
      "3 posts marked as featured successfully!",
    );
    expect(await featuredOf([...ids, other.id])).toEqual({
      [ids[0]!]: true,
      [ids[1]!]: true,
      [ids[2]!]: true,
      [other.id]: false,
    });

    // Unfeature two: only those change; the count says how many did.
    const unfeatured = await post(admin.jar, here, {
      intent: "bulk-unfeature",
      postIds: `${ids[0]},${ids[1]}`,
    });
    expect(unfeatured.headers.get("location")).toBe(`${here}&done=bulk-unfeature&count=2`);
    expect(await featuredOf(ids)).toEqual({ [ids[0]!]: false, [ids[1]!]: false, [ids[2]!]: true });

    // Delete without confirmed=1: the step asking, with the count; nothing deleted.
    const asked = await post(admin.jar, here, { intent: "bulk-delete", postIds: ids.join(",") });
    expect(asked.status).toBe(200);
    const askedPage = await text(asked);
    expect(askedPage).toContain("Delete 3 posts?");
    expect(askedPage).toContain(
      "Are you sure you want to delete these 3 posts? This action cannot be undone.",
    );
    expect(askedPage).toContain(`name="postIds" value="${ids.join(",")}"`);
    expect(Object.keys(await featuredOf(ids))).toHaveLength(3);

    const deleted = await post(admin.jar, here, {
      intent: "bulk-delete",
      postIds: ids.join(","),
      confirmed: "1",
    });
    expect(deleted.headers.get("location")).toBe(`${here}&done=bulk-delete&count=3`);
    expect(await featuredOf([...ids, other.id])).toEqual({ [other.id]: false });

    const audit = await site.testDb.db
      .select({ action: adminAuditLog.action, targetId: adminAuditLog.targetId })
      .from(adminAuditLog)
      .where(inArray(adminAuditLog.targetId, ids));
    const count = (action: string) => audit.filter((a) => a.action === action).length;
    expect([count("post.feature"), count("post.unfeature"), count("post.delete")]).toEqual([
      3, 2, 3,
    ]);
  });

  it("refuses an empty selection, more than 50 posts and ids that are not posts, with a message", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const none = await post(admin.jar, "/admin?tab=posts", { intent: "bulk-feature" });
    expect(none.status).toBe(400);
    expect(await text(none)).toContain("Select at least one post");
    const many = Array.from({ length: 51 }, () => crypto.randomUUID());
    const tooMany = await post(admin.jar, "/admin?tab=posts", {
      intent: "bulk-delete",
      postIds: many.join(","),
      confirmed: "1",
    });
    expect(tooMany.status).toBe(400);
    expect(await text(tooMany)).toContain("Select at most 50 posts at once");
    const bad = await post(admin.jar, "/admin?tab=posts", {
      intent: "bulk-feature",
      postIds: "not-a-uuid",
    });
    expect(bad.status).toBe(400);
  });

  it("Change author without JavaScript answers with the choice and the spec's question", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const from = await createUser(site.testDb.db, { role: "mentor", fullName: "First Author" });
    const to = await createUser(site.testDb.db, { role: "mentor", fullName: "Second Author" });
    const target = await createPost(site.testDb.db, { authorId: from.id, title: "Who wrote it" });
    const step = await post(admin.jar, "/admin?tab=posts", {
      intent: "post-author",
      postId: target.id,
    });
    expect(step.status).toBe(200);
    const page = await text(step);
    expect(page).toMatch(
      /<h2 id="confirm-heading"[^>]*>Change the author of (&quot;|")Who wrote it/,
    );
    expect(page).toMatch(/<label for="confirm-step-select"[^>]*>New author<\/label>/);
    expect(page).toContain(`<option value="${from.id}" selected="">First Author</option>`);
    const done = await post(admin.jar, "/admin?tab=posts", {
      intent: "post-author",
      postId: target.id,
      authorId: to.id,
      confirmed: "1",
    });
    expect(done.status).toBe(302);
    const [row] = await site.testDb.db
      .select({ authorId: posts.authorId })
      .from(posts)
      .where(eq(posts.id, target.id));
    expect(row!.authorId).toBe(to.id);
  });
});

describe("the row actions: one form per table", () => {
  it("render one form for the table's rows, whose buttons send row=intent.id", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const author = await createUser(site.testDb.db, { role: "mentor", status: "pending" });
    const target = await createPost(site.testDb.db, { authorId: author.id, title: "Row form" });
    const users = await text(await get(admin.jar, `/admin?tab=users&q=${author.username}`));
    const posts_ = await text(await get(admin.jar, "/admin?tab=posts&q=Row%20form"));
    const tbody = (page: string) => /<tbody[^>]*>([\s\S]*?)<\/tbody>/.exec(page)![1]!;
    for (const [page, table] of [
      [users, "users"],
      [posts_, "posts"],
    ] as const) {
      expect(tbody(page)).not.toContain("<form");
      expect(page.match(new RegExp(`<form[^>]*id="${table}-row-actions"`, "g"))).toHaveLength(1);
    }
    for (const intent of ["approve", "block", "delete"]) {
      expect(users).toMatch(
        new RegExp(
          `<button type="submit" form="users-row-actions" value="${intent}\\.${author.id}"[^>]* name="row"`,
        ),
      );
    }
    for (const intent of ["post-author", "post-feature", "post-delete"]) {
      expect(posts_).toMatch(
        new RegExp(
          `<button type="submit" form="posts-row-actions" value="${intent}\\.${target.id}"[^>]* name="row"`,
        ),
      );
    }
  });

  it("run as the per-row forms did: asking first without confirmed=1", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const member = await createUser(site.testDb.db, { status: "pending" });
    const author = await createUser(site.testDb.db, { role: "mentor" });
    const target = await createPost(site.testDb.db, { authorId: author.id, title: "By row" });
    const statusOf = async () =>
      (
        await site.testDb.db
          .select({ status: profiles.status })
          .from(profiles)
          .where(eq(profiles.id, member.id))
      )[0]!.status;

    const approved = await post(admin.jar, "/admin?tab=users", { row: `approve.${member.id}` });
    expect([approved.status, approved.headers.get("location")]).toEqual([
      302,
      "/admin?tab=users&done=approve",
    ]);
    expect(await statusOf()).toBe("approved");
    // Block asks first (the server's step without JavaScript), then blocks.
    const asked = await post(admin.jar, "/admin?tab=users", { row: `block.${member.id}` });
    expect(asked.headers.get("location")).toBe(
      `/admin?tab=users&confirm=block&user=${encodeURIComponent(member.id)}`,
    );
    expect(await statusOf()).toBe("approved");
    await post(admin.jar, "/admin?tab=users", { row: `block.${member.id}`, confirmed: "1" });
    expect(await statusOf()).toBe("blocked");

    expect(
      (await post(admin.jar, "/admin?tab=posts", { row: `post-feature.${target.id}` })).status,
    ).toBe(302);
    expect(await featuredOf([target.id])).toEqual({ [target.id]: true });
    await post(admin.jar, "/admin?tab=posts", { row: `post-unfeature.${target.id}` });
    expect(await featuredOf([target.id])).toEqual({ [target.id]: false });
    const step = await post(admin.jar, "/admin?tab=posts", { row: `post-delete.${target.id}` });
    expect(step.status).toBe(200);
    expect(await text(step)).toContain('id="confirm-heading"');
    expect(await featuredOf([target.id])).toEqual({ [target.id]: false });
    await post(admin.jar, "/admin?tab=posts", { row: `post-delete.${target.id}`, confirmed: "1" });
    expect(await featuredOf([target.id])).toEqual({});

    // Nonsense is a 4xx with a message, never a 500.
    for (const row of ["", "approve", "approve.", "post-feature.not-a-uuid", "launch.x"]) {
      const res = await post(admin.jar, "/admin?tab=users", { row });
      expect([row, res.status >= 400 && res.status < 500]).toEqual([row, true]);
    }
  });

  it("are refused to every role but admin", async () => {
    const member = await createUser(site.testDb.db, { status: "pending" });
    const author = await createUser(site.testDb.db, { role: "mentor" });
    const target = await createPost(site.testDb.db, { authorId: author.id });
    for (const [who, jar] of Object.entries(await roleJars(site, NOT_ADMINS))) {
      for (const row of [
        `approve.${member.id}`,
        `post-feature.${target.id}`,
        `post-delete.${target.id}`,
      ]) {
        const res = await post(jar, "/admin?tab=posts", { row, confirmed: "1" });
        expect([who, row, res.status, res.headers.get("location")]).toEqual([who, row, 302, "/"]);
      }
    }
    expect(await featuredOf([target.id])).toEqual({ [target.id]: false });
  });
});

describe("bad sorts and filters", () => {
  it("answer 400 with a message, never a 500", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    for (const [path, message] of [
      ["/admin?tab=users&sort=password", "Unknown sort order"],
      ["/admin?tab=users&sort=title", "Unknown sort order"],
      ["/admin?tab=posts&sort=email", "Unknown sort order"],
      ["/admin?tab=posts&dir=sideways", "Unknown sort order"],
      ["/admin?tab=users&role=owner", "Unknown filter"],
      ["/admin?tab=users&status=scheduled", "Unknown filter"],
      ["/admin?tab=posts&status=approved", "Unknown filter"],
      ["/admin?tab=posts&category=Not%20A%20Slug", "Unknown filter"],
    ] as const) {
      const res = await get(admin.jar, path);
      expect([path, res.status]).toEqual([path, 400]);
      expect(await text(res)).toContain(message);
    }
  });
});
