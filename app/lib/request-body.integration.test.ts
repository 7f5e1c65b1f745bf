/**
 * Bodies are capped as they stream (readFormWithin). An oversized upload is
 * refused with 413 and the spec's message whether or not the client declares
 * Content-Length, on /edit-profile (photo) and on /api/uploads; the
 * community's text forms refuse a body past 256 KB the same way; never a 500.
 */
import { describe, expect, it, onTestFinished } from "vitest";
import type { CookieJar } from "#tests/support/http-app";
import { createPost, createUser } from "#tests/support/factories";
import { signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";

const site = siteOverHttpForThisFile();
const TOO_LARGE = "File size must be less than 5MB";
const SIX_MB = 6 * 1024 * 1024;

/** A multipart body with one file field of `size` bytes, as bytes. */
async function multipart(fields: Record<string, string>, fileField: string, size: number) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set(fileField, new Blob([new Uint8Array(size).fill(0xff)], { type: "image/jpeg" }), "a.jpg");
  const encoded = new Response(form);
  return {
    type: encoded.headers.get("content-type")!,
    bytes: new Uint8Array(await encoded.arrayBuffer()),
  };
}

/**
 * Sends the body with Content-Length, or chunked (a stream has no length).
 * `endless` keeps the chunked body open after its bytes: only a server that
 * refuses at the cap, rather than reading to the end, can answer it.
 */
async function send(
  jar: CookieJar,
  path: string,
  body: { type: string; bytes: Uint8Array },
  mode: { chunked: boolean; endless?: boolean },
) {
  const url = `${site.app.url}${path}`;
  const headers = new Headers({ "content-type": body.type, origin: site.app.url });
  headers.set("cookie", jar.header(url) ?? "");
  const payload = mode.chunked
    ? new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < body.bytes.byteLength; at += 64 * 1024) {
            controller.enqueue(body.bytes.subarray(at, at + 64 * 1024));
          }
          if (!mode.endless) controller.close();
        },
      })
    : body.bytes;
  const abort = new AbortController();
  onTestFinished(() => abort.abort());
  const init = {
    method: "POST",
    headers,
    body: payload,
    duplex: "half",
    redirect: "manual",
    signal: abort.signal,
  };
  return fetch(url, init as RequestInit);
}

describe("oversized uploads", () => {
  for (const chunked of [false, true]) {
    const how = chunked
      ? "chunked, without Content-Length and never ending"
      : "with Content-Length";
    const mode = { chunked, endless: chunked };

    it(`/edit-profile photo over 5 MB, ${how}: 413 with the message`, async () => {
      const member = await signedInMember(site.app, site.testDb.db);
      const body = await multipart({ intent: "photo" }, "photo", SIX_MB);
      const res = await send(member.jar, "/edit-profile", body, mode);
      expect(res.status).toBe(413);
      expect(await res.text()).toContain(TOO_LARGE);
    });

    it(`/api/uploads over 5 MB, ${how}: 413 with the message`, async () => {
      const mentor = await signedInMember(site.app, site.testDb.db, { role: "mentor" });
      const body = await multipart({}, "file", SIX_MB);
      const res = await send(mentor.jar, "/api/uploads", body, mode);
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ error: TOO_LARGE });
    });
  }

  it("a small chunked upload still goes through the capped reader", async () => {
    const mentor = await signedInMember(site.app, site.testDb.db, { role: "mentor" });
    // Not an image: read whole, then refused by content, not by size.
    const body = await multipart({}, "file", 1024);
    const res = await send(mentor.jar, "/api/uploads", body, { chunked: true });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Only JPG, PNG, and WebP images are allowed" });
  });
});

describe("oversized text forms", () => {
  it("comments, favourites, notifications, follow and the post page's comment form answer 413, chunked and endless", async () => {
    const member = await signedInMember(site.app, site.testDb.db);
    const mentor = await createUser(site.testDb.db, { role: "mentor" });
    const post = await createPost(site.testDb.db, { authorId: mentor.id });
    const fields = (extra: Record<string, string>) => {
      const text = new URLSearchParams({ ...extra, content: "x".repeat(300 * 1024) }).toString();
      return {
        type: "application/x-www-form-urlencoded",
        bytes: new TextEncoder().encode(text),
      };
    };
    const cases: [string, Record<string, string>][] = [
      ["/api/comments", { intent: "create", postId: post.id, js: "1" }],
      ["/api/favorites", { postId: post.id, js: "1" }],
      ["/notifications", { intent: "read-all" }],
      [`/user/${mentor.username}`, { intent: "follow" }],
      [`/post/${post.slug}`, { intent: "create", postId: post.id }],
    ];
    for (const [path, extra] of cases) {
      const res = await send(member.jar, path, fields(extra), { chunked: true, endless: true });
      expect({ path, status: res.status }).toEqual({ path, status: 413 });
      await res.body?.cancel();
    }
    // Declared too large: refused before reading (the box's maxlength keeps a real form far below).
    const declared = await send(
      member.jar,
      `/post/${post.slug}`,
      fields({ intent: "create", postId: post.id }),
      { chunked: false },
    );
    expect(declared.status).toBe(413);
  });
});
