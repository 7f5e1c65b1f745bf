/**
 * The Analytics page over HTTP (docs/product/administration.md#analytics): every role but admin
 * refused; views per day from counted views (site-wide and one post, every
 * day of the range shown, 0 where none), the most read posts of 7 and 30
 * days, sign-ups per week; a bad range or unknown post a 4xx with a message.
 */
import { describe, expect, it } from "vitest";
import { postDailyViews } from "#server/db/schema";
import { createComment, createPost, createUser } from "#tests/support/factories";
import { NOT_ADMINS, roleJars, signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";
import { registerView, visitorKey } from "~/features/posts/views.server";

const site = siteOverHttpForThisFile();
const { get, text } = site;
const dayAgo = (n: number) =>
  new Date(Date.now() - n * 24 * 3600 * 1000).toISOString().slice(0, 10);

describe("analytics page", () => {
  it("every role but admin goes to /", async () => {
    for (const [who, jar] of Object.entries(await roleJars(site, NOT_ADMINS))) {
      const res = await get(jar, "/admin/analytics?days=90");
      expect([who, res.status, res.headers.get("location")]).toEqual([who, 302, "/"]);
    }
  });

  it("shows views per day, the most read posts of 7 and 30 days, and sign-ups per week", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const author = await createUser(site.testDb.db, { role: "mentor" });
    const fresh = await createPost(site.testDb.db, { authorId: author.id, title: "Fresh read" });
    const older = await createPost(site.testDb.db, { authorId: author.id, title: "Older read" });
    for (let i = 0; i < 3; i++) {
      await registerView(site.testDb.db, fresh.id, visitorKey("s", `198.51.100.${i}`));
    }
    await site.testDb.db.insert(postDailyViews).values([
      { postId: older.id, day: dayAgo(10), views: 9 },
      { postId: older.id, day: dayAgo(60), views: 4 },
    ]);

    const page30 = await text(await get(admin.jar, "/admin/analytics"));
    expect(page30).toContain("Views in the last 30 days: 12 in all");
    expect(page30).toContain(
      `<td class="py-2 pr-3">${dayAgo(10)}</td><td class="py-2 pr-3">9</td>`,
    );
    expect(page30).toContain(`<td class="py-2 pr-3">${dayAgo(0)}</td><td class="py-2 pr-3">3</td>`);
    expect(page30).toContain(`<td class="py-2 pr-3">${dayAgo(1)}</td><td class="py-2 pr-3">0</td>`);
    expect(
      page30.match(/<tr class="border-b border-slate-200 align-top"><td class="py-2 pr-3">\d{4}-/g),
    ).toHaveLength(30);
    const top7 = page30.slice(
      page30.indexOf("Most read, last 7 days"),
      page30.indexOf("Most read, last 30 days"),
    );
    expect(top7).toContain("Fresh read");
    expect(top7).not.toContain("Older read");
    const top30 = page30.slice(page30.indexOf("Most read, last 30 days"));
    expect(top30.indexOf("Older read")).toBeLessThan(top30.indexOf("Fresh read"));
    // The admin and the author signed up this week.
    expect(page30).toMatch(/Sign-ups, last 12 weeks: [2-9] in all/);

    const page90 = await text(await get(admin.jar, "/admin/analytics?days=90"));
    expect(page90).toContain("Views in the last 90 days: 16 in all");
    const onePost = await text(await get(admin.jar, `/admin/analytics?days=90&post=${older.slug}`));
    expect(onePost).toContain('Views per day, "Older read"');
    expect(onePost).toContain("Views in the last 90 days: 13 in all");
  });

  it("an author sees their own posts' views and comments on My Posts", async () => {
    const mentor = await signedInMember(site.app, site.testDb.db, { role: "mentor" });
    const mine = await createPost(site.testDb.db, { authorId: mentor.id, title: "Counted post" });
    for (let i = 0; i < 4; i++) {
      await registerView(site.testDb.db, mine.id, visitorKey("s", `203.0.113.${i}`));
    }
    await createComment(site.testDb.db, { postId: mine.id, authorId: mentor.id });
    const page = await text(await get(mentor.jar, "/my-posts"));
    expect(page).toMatch(
      />Date<\/th><th scope="col" class="py-2 pr-3">Views<\/th><th scope="col" class="py-2 pr-3">Comments<\/th>/,
    );
    expect(page).toMatch(
      /Counted post<\/td>(?:(?!<\/tr>).)*<td class="py-2 pr-3">4<\/td><td class="py-2 pr-3">1<\/td>/,
    );
  });

  it("a bad range is a 400 and an unknown post a 404, with a message", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const bad = await get(admin.jar, "/admin/analytics?days=7");
    expect(bad.status).toBe(400);
    expect(await text(bad)).toContain("Choose the last 30 or 90 days");
    const unknown = await get(admin.jar, "/admin/analytics?post=no-such-post");
    expect(unknown.status).toBe(404);
    expect(await text(unknown)).toContain("No post has this slug");
  });

  it("offers the published posts in its picker, most viewed first (docs/decisions/0261)", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const author = await createUser(site.testDb.db, { role: "mentor" });
    const db = site.testDb.db;
    const quiet = await createPost(db, { authorId: author.id, title: "Picker quiet" });
    const read = await createPost(db, { authorId: author.id, title: "Picker read" });
    await createPost(db, { authorId: author.id, title: "Picker draft", status: "draft" });
    await db.insert(postDailyViews).values([{ postId: read.id, day: dayAgo(2), views: 500 }]);

    const page = await text(await get(admin.jar, "/admin/analytics"));
    const picker = page.slice(page.indexOf('<select id="analytics-post"'));
    const options = picker.slice(0, picker.indexOf("</select>"));
    expect(options).toMatch(
      /^<select id="analytics-post" name="post"[^>]*><option value="" selected="">The whole site<\/option>/,
    );
    expect(options.indexOf(`value="${read.slug}"`)).toBeGreaterThan(0);
    expect(options.indexOf(`value="${read.slug}"`)).toBeLessThan(
      options.indexOf(`value="${quiet.slug}"`),
    );
    expect(options).not.toContain("Picker draft");

    // The chosen post stays selected.
    const chosen = await text(await get(admin.jar, `/admin/analytics?post=${read.slug}`));
    expect(chosen).toContain(`<option value="${read.slug}" selected="">Picker read</option>`);
  });
});
