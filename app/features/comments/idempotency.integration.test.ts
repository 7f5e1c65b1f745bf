/**
 * A retried comment is posted once (docs/decisions/0064): the submission's key,
 * from the script's Idempotency-Key header or the plain form's hidden field,
 * is claimed in the comment's own transaction; a retry with it gets the first
 * answer and writes nothing, even when both arrive at once.
 */
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { browse } from "#tests/support/http-app";
import { comments } from "#server/db/schema";
import { createPost, createUser } from "#tests/support/factories";
import { signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";

const site = siteOverHttpForThisFile();

async function setting() {
  const author = await createUser(site.testDb.db, { role: "mentor" });
  const post = await createPost(site.testDb.db, { authorId: author.id });
  const member = await signedInMember(site.app, site.testDb.db);
  return { post, member };
}

async function commentsOn(postId: string) {
  const [row] = await site.testDb.db
    .select({ n: count() })
    .from(comments)
    .where(eq(comments.postId, postId));
  return row!.n;
}

describe("idempotent comments", () => {
  it("a script's retry with the same Idempotency-Key gets the first answer and posts nothing", async () => {
    const { post, member } = await setting();
    const send = (key: string, content = "Worth a retry") =>
      browse(member.jar, `${site.app.url}/api/comments`, {
        method: "POST",
        headers: { "Idempotency-Key": key, origin: site.app.url },
        body: new URLSearchParams({ intent: "create", postId: post.id, content, js: "1" }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { id?: string } }));
    const key = "3f1c2a9e8d7b6c5a4f3e2d1c0b9a8f7e";
    const first = await send(key);
    expect(first).toMatchObject({ status: 200, body: { ok: true } });
    const retry = await send(key);
    expect(retry).toEqual(first);
    expect(await commentsOn(post.id)).toBe(1);
    // Both at once (the first still running when the retry arrives).
    const [a, b] = await Promise.all([send(`${key}-both`), send(`${key}-both`)]);
    expect(a.body.id).toBeDefined();
    expect(b.body.id).toBe(a.body.id);
    expect(await commentsOn(post.id)).toBe(2);
    // Another submission (another key) is another comment.
    expect((await send("another-submission-key-0001")).status).toBe(200);
    expect(await commentsOn(post.id)).toBe(3);
  });

  it("a plain form sent twice with its hidden key posts once; the page renders a fresh key", async () => {
    const { post, member } = await setting();
    const page = await site.text(await site.get(member.jar, `/post/${post.slug}`));
    const key = /name="idempotencyKey" value="([0-9a-f]{32})"/.exec(page)?.[1];
    expect(key).toBeDefined();
    const form = {
      intent: "create",
      postId: post.id,
      returnTo: `/post/${post.slug}`,
      idempotencyKey: key!,
      content: "Sent from a form without JavaScript",
    };
    const first = await site.post(member.jar, `/post/${post.slug}`, form);
    const again = await site.post(member.jar, `/post/${post.slug}`, form);
    expect(first.status).toBe(303);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(await commentsOn(post.id)).toBe(1);
    const next = await site.text(await site.get(member.jar, `/post/${post.slug}`));
    expect(next).not.toContain(`value="${key}"`);
  });

  it("a key is the member's own: another member's same key posts their own comment", async () => {
    const { post, member } = await setting();
    const other = await signedInMember(site.app, site.testDb.db);
    const key = "shared-key-between-two-members";
    for (const who of [member, other]) {
      const r = await browse(who.jar, `${site.app.url}/api/comments`, {
        method: "POST",
        headers: { "Idempotency-Key": key, origin: site.app.url },
        body: new URLSearchParams({ intent: "create", postId: post.id, content: "Mine", js: "1" }),
      });
      expect(r.status).toBe(200);
    }
    expect(await commentsOn(post.id)).toBe(2);
  });
});
