/**
 * docs/milestones.md#issue-18-the-writing-studio, preview: a draft is seen as published by its author and admins
 * only (others: not found); a share link works without an account until it
 * is revoked or the post is published; previews are never cached, listed in
 * feeds or the sitemap.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { postPreviewLinks, posts } from "#server/db/schema";
import type { Actor } from "~/features/accounts/permissions";
import { saveInEditor } from "#tests/support/editor-save";
import {
  createShareLink,
  loadPreview,
  PREVIEW_HEADERS,
  revokeShareLink,
} from "~/features/preview/preview.server";
import { queryPublishedPosts } from "~/features/posts/posts.server";
import { viewOfPost } from "~/features/reader/post-page.server";
import { loadFeed, sitemapXml } from "~/features/seo/feeds.server";
import { createPost, createUser } from "#tests/support/factories";
import { testDatabaseForThisFile } from "#tests/support/test-database";

const t = testDatabaseForThisFile();
const site = { name: "FounderBridge", url: "http://localhost" };
const draw = (post: Parameters<typeof viewOfPost>[1]) => viewOfPost(t.db, post, site);

let author: Actor;
let otherMentor: Actor;
let admin: Actor;
let member: Actor;
let draftId: string;

beforeEach(async () => {
  const make = async (role: "user" | "mentor" | "admin"): Promise<Actor> => ({
    id: (await createUser(t.db, { role })).id,
    role,
    status: "approved",
  });
  author = await make("mentor");
  otherMentor = await make("mentor");
  admin = await make("admin");
  member = await make("user");
  const draft = await createPost(t.db, {
    authorId: author.id,
    title: "Not yet public",
    content: "<h2>Plan</h2><ul><li>one</li></ul>",
    status: "draft",
    publishedAt: null,
  });
  draftId = draft.id;
});

const see = (actor: Actor | null, token?: string | null) =>
  loadPreview(t.db, { postId: draftId, actor, token }, draw);

describe("who sees a draft's preview", () => {
  it("its author and admins, drawn as the published page", async () => {
    for (const actor of [author, admin]) {
      const preview = await see(actor);
      expect(preview?.access).toBe("owner");
      expect(preview?.view.post.title).toBe("Not yet public");
      expect(preview?.view.html).toContain("<h2>Plan</h2>");
    }
  });

  it("nobody else: other mentors, members, pending and blocked authors, visitors", async () => {
    const pending: Actor = { ...author, status: "pending" };
    const blocked: Actor = { ...author, status: "blocked" };
    for (const actor of [otherMentor, member, pending, blocked, null]) {
      expect(await see(actor)).toBeUndefined();
    }
    expect(await loadPreview(t.db, { postId: "not-a-uuid", actor: admin }, draw)).toBeUndefined();
  });

  it("is never cached, listed in feeds or in the sitemap", async () => {
    expect(PREVIEW_HEADERS["Cache-Control"]).toMatch(/no-store/);
    expect(PREVIEW_HEADERS["X-Robots-Tag"]).toMatch(/noindex/);
    await createShareLink(t.db, author, draftId);
    expect((await queryPublishedPosts(t.db)).map((p) => p.id)).not.toContain(draftId);
    expect(await sitemapXml(t.db, site.url)).not.toContain("not-yet-public");
    const feed = await loadFeed(t.db, { kind: "site" }, site);
    expect(JSON.stringify(feed)).not.toContain("Not yet public");
  });
});

describe("the share link", () => {
  it("works without an account until revoked; only its hash is stored", async () => {
    expect(await createShareLink(t.db, otherMentor, draftId)).toBeNull();
    expect(await createShareLink(t.db, member, draftId)).toBeNull();
    const token = (await createShareLink(t.db, author, draftId))!;
    expect(token.length).toBeGreaterThanOrEqual(43);
    const rows = await t.db.select().from(postPreviewLinks);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect((await see(null, token))?.access).toBe("share");
    expect((await see(member, token))?.access).toBe("share");
    expect(await see(null, `${token}x`)).toBeUndefined();
    expect(await see(null, "")).toBeUndefined();

    expect(await revokeShareLink(t.db, otherMentor, draftId)).toBe(false);
    expect((await see(null, token))?.access).toBe("share");
    expect(await revokeShareLink(t.db, author, draftId)).toBe(true);
    expect(await see(null, token)).toBeUndefined();
  });

  it("a new link replaces the old one; publishing ends it", async () => {
    const first = (await createShareLink(t.db, author, draftId))!;
    const second = (await createShareLink(t.db, admin, draftId))!;
    expect(await see(null, first)).toBeUndefined();
    expect((await see(null, second))?.access).toBe("share");

    const body = new URLSearchParams({ id: draftId, title: "Not yet public", intent: "publish" });
    await saveInEditor(
      t.db,
      author,
      new Request("http://localhost/edit-post/x", { method: "POST", body }),
    ).catch((response: unknown) => {
      if (!(response instanceof Response)) throw response;
    });
    expect(await see(null, second)).toBeUndefined();
    expect(
      await t.db.select().from(postPreviewLinks).where(eq(postPreviewLinks.postId, draftId)),
    ).toEqual([]);
  });

  it("goes with the post when it is deleted", async () => {
    await createShareLink(t.db, author, draftId);
    await t.db.delete(posts).where(eq(posts.id, draftId));
    expect(await t.db.select().from(postPreviewLinks)).toEqual([]);
  });
});
