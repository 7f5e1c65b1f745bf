/**
 * The Conversation without JavaScript, over HTTP: the post page's HTML holds
 * its first 5 comments (the same for every visitor, so the page stays
 * cacheable), and the comment form posts to the page itself: back to the
 * post's Conversation with the comment shown, or, when refused, the page
 * again with the message and the text as typed (never JSON).
 */
import { CookieJar } from "#tests/support/http-app";
import { describe, expect, it } from "vitest";
import { PUBLIC_PAGE_CACHE } from "~/features/layout/cache-headers";
import { createComment, createPost, createUser } from "#tests/support/factories";
import { signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";
import { COMMENT_MESSAGES } from "./comments.server";

const site = siteOverHttpForThisFile();

async function mentorPost() {
  const mentor = await createUser(site.testDb.db, { role: "mentor" });
  return createPost(site.testDb.db, { authorId: mentor.id });
}

/** Comments `n` minutes old, oldest first: comment 1 … comment n. */
async function commentsOn(postId: string, n: number) {
  const author = await createUser(site.testDb.db, { fullName: "Asha Rao" });
  for (let i = 1; i <= n; i += 1) {
    await createComment(site.testDb.db, {
      postId,
      authorId: author.id,
      content: `Comment number ${i}.`,
      createdAt: new Date(Date.now() - (n - i + 1) * 60_000),
    });
  }
}

describe("the post page's HTML", () => {
  it("shows the 5 newest comments with their replies, the same for every visitor, cacheable", async () => {
    const post = await mentorPost();
    await commentsOn(post.id, 7);
    const res = await site.get(new CookieJar(), `/post/${post.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE);
    const html = await site.text(res);
    for (const i of [3, 4, 5, 6, 7]) expect(html).toContain(`Comment number ${i}.`);
    for (const i of [1, 2]) expect(html).not.toContain(`Comment number ${i}.`);
    expect(html.indexOf("Comment number 7.")).toBeLessThan(html.indexOf("Comment number 3."));
    expect(html).toContain('aria-label="Comment by Asha Rao"');
    // Load more is a link to the page with 5 more (the page's own query, not cached).
    const more = `/post/${post.slug}?comments=10#comments-${post.id}`;
    expect(html).toContain(`href="${more}"`);
    const all = await site.text(await site.get(new CookieJar(), more.split("#")[0]!));
    for (let i = 1; i <= 7; i += 1) expect(all).toContain(`Comment number ${i}.`);
    expect(all).not.toContain("Load more");
    // Anything else shows the first 5.
    for (const odd of ["7", "0", "105", "abc"]) {
      const page = await site.text(
        await site.get(new CookieJar(), `/post/${post.slug}?comments=${odd}`),
      );
      expect(page).not.toContain("Comment number 2.");
      expect(page).toContain("Comment number 3.");
    }
    const api = (query: string) =>
      site.get(new CookieJar(), `/api/comments?postId=${post.id}${query}`);
    expect(
      ((await (await api("&limit=10")).json()) as { comments: unknown[] }).comments,
    ).toHaveLength(7);
    expect((await api("&limit=0")).status).toBe(400);
    expect((await api("&limit=101")).status).toBe(400);
    // Nothing in a visitor's page depends on who asks: two visitors get the same comments.
    const again = await site.text(await site.get(new CookieJar(), `/post/${post.slug}`));
    const comments = (page: string) => page.match(/Comment number \d+\./g);
    expect(comments(again)).toEqual(comments(html));
  });

  it("a member's page is private and shows what they may do (Delete on their own comment)", async () => {
    const post = await mentorPost();
    const m = await signedInMember(site.app, site.testDb.db, { fullName: "Maya Iyer" });
    await createComment(site.testDb.db, { postId: post.id, authorId: m.id, content: "Mine." });
    const res = await site.get(m.jar, `/post/${post.slug}`);
    expect(res.headers.get("cache-control")).toMatch(/^private/);
    const html = await site.text(res);
    expect(html).toContain("Mine.");
    expect(html).toMatch(/>Delete</);
    const visitor = await site.text(await site.get(new CookieJar(), `/post/${post.slug}`));
    expect(visitor).toContain("Mine.");
    expect(visitor).not.toMatch(/>Delete</);
  });
});

describe("posting without JavaScript", () => {
  it("the form posts to the page; success goes back to the Conversation with the comment shown", async () => {
    const post = await mentorPost();
    const m = await signedInMember(site.app, site.testDb.db, { fullName: "Maya Iyer" });
    const page = await site.text(await site.get(m.jar, `/post/${post.slug}`));
    expect(page).toContain(`action="/post/${post.slug}#comments-${post.id}"`);
    const res = await site.post(m.jar, `/post/${post.slug}`, {
      intent: "create",
      postId: post.id,
      content: "  Posted without a script.  ",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/post/${post.slug}?comments=5#comments-${post.id}`);
    const back = res.headers.get("location")!.split("#")[0]!;
    const after = await site.text(await site.get(m.jar, back));
    expect(after).toContain("Posted without a script.");
    expect(after).toContain("1 comment");
  });

  it("a reply without JavaScript attaches to its comment", async () => {
    const post = await mentorPost();
    await commentsOn(post.id, 1);
    const m = await signedInMember(site.app, site.testDb.db);
    const [top] = await site.testDb.db.query.comments.findMany({});
    const res = await site.post(m.jar, `/post/${post.slug}`, {
      intent: "create",
      postId: post.id,
      parentId: top!.id,
      content: "A reply, no script.",
    });
    expect(res.status).toBe(303);
    const html = await site.text(await site.get(m.jar, `/post/${post.slug}`));
    expect(html.indexOf("A reply, no script.")).toBeGreaterThan(html.indexOf("Comment number 1."));
  });

  it("a refused comment shows the page again with the message and the text as typed", async () => {
    const post = await mentorPost();
    const m = await signedInMember(site.app, site.testDb.db);
    const long = `Far too long ${"x".repeat(5000)}`;
    const res = await site.post(m.jar, `/post/${post.slug}`, {
      intent: "create",
      postId: post.id,
      content: long,
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("cache-control")).toMatch(/^private/);
    const html = await site.text(res);
    expect(html).toContain(COMMENT_MESSAGES.tooLong);
    expect(html).toMatch(/<textarea[^>]*aria-invalid="true"[^>]*>Far too long x{5000}<\/textarea>/);
    expect(html).toContain(`<h1`);

    const blank = await site.post(m.jar, `/post/${post.slug}`, {
      intent: "create",
      postId: post.id,
      content: "   ",
    });
    expect(blank.status).toBe(400);
    expect(await site.text(blank)).toContain(COMMENT_MESSAGES.empty);
    expect(await site.testDb.db.query.comments.findMany({})).toEqual([]);
  });

  it("a reply to a comment that is gone keeps the text in the main box", async () => {
    const post = await mentorPost();
    const m = await signedInMember(site.app, site.testDb.db);
    const res = await site.post(m.jar, `/post/${post.slug}`, {
      intent: "create",
      postId: post.id,
      parentId: "00000000-0000-4000-8000-000000000000",
      content: "Keep me",
    });
    expect(res.status).toBe(404);
    // The comment it answered is not on the page: the main box keeps the message and the text.
    const html = await site.text(res);
    expect(html).toContain(COMMENT_MESSAGES.parentNotFound);
    expect(html).toMatch(/<textarea[^>]*>Keep me<\/textarea>/);
  });

  it("visitors go to /login, pending members to /pending-approval; nothing is saved", async () => {
    const post = await mentorPost();
    const fields = { intent: "create", postId: post.id, content: "Let me in" };
    const visitor = await site.post(new CookieJar(), `/post/${post.slug}`, fields);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/login/);
    const pending = await signedInMember(site.app, site.testDb.db, { status: "pending" });
    const res = await site.post(pending.jar, `/post/${post.slug}`, fields);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/pending-approval");
    expect(await site.testDb.db.query.comments.findMany({})).toEqual([]);
  });
});
