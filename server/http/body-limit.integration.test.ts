/**
 * The body cap in server/app.ts, over real HTTP: routes that read the body
 * themselves with no limit (account pages, admin, the post editor, the JSON
 * endpoints) refuse an endless chunked body and an oversized
 * Content-Length with 413, and the server goes on answering; a long post and
 * a 4 MB upload still go through.
 */
import { request as httpRequest } from "node:http";
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it, onTestFinished } from "vitest";
import { eq } from "drizzle-orm";
import { CookieJar } from "#tests/support/http-app";
import { posts } from "#server/db/schema";
import { signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";
import { LARGE_BODY_LIMIT_BYTES, SMALL_BODY_LIMIT_BYTES } from "./limits";

const site = siteOverHttpForThisFile();

/**
 * POSTs `size` bytes of `type`, chunked, and keeps the body open afterwards:
 * only a server that refuses at the cap, rather than waiting for the end,
 * can answer.
 */
function postEndless(jar: CookieJar, path: string, type: string, size: number) {
  const url = `${site.app.url}${path}`;
  const headers = new Headers({ "content-type": type, origin: site.app.url });
  headers.set("cookie", jar.header(url) ?? "");
  const chunk = new TextEncoder().encode("a".repeat(64 * 1024));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let sent = 0; sent < size; sent += chunk.byteLength) controller.enqueue(chunk);
    },
  });
  const abort = new AbortController();
  onTestFinished(() => abort.abort());
  return fetch(url, {
    method: "POST",
    headers,
    body,
    duplex: "half",
    redirect: "manual",
    signal: abort.signal,
  } as RequestInit);
}

async function healthy() {
  const res = await fetch(`${site.app.url}/api/health`);
  expect(res.status).toBe(200);
  await res.body?.cancel();
}

describe("the body cap for every route", () => {
  it("an endless chunked body to /login, /admin/banned-words, /api/metadata (JSON) and /create-post answers 413; the server stays up", async () => {
    const admin = await signedInMember(site.app, site.testDb.db, { role: "admin" });
    const form = "application/x-www-form-urlencoded";
    const over = SMALL_BODY_LIMIT_BYTES + 128 * 1024;
    const cases: [string, CookieJar, string, number][] = [
      ["/login", new CookieJar(), form, over],
      ["/admin/banned-words", admin.jar, form, over],
      ["/api/metadata", admin.jar, "application/json", over],
      ["/create-post", admin.jar, form, LARGE_BODY_LIMIT_BYTES + 128 * 1024],
    ];
    for (const [path, jar, type, size] of cases) {
      const res = await postEndless(jar, path, type, size);
      const text = await res.text();
      expect({ path, status: res.status }).toEqual({ path, status: 413 });
      if (path.startsWith("/api/"))
        expect(JSON.parse(text)).toEqual({ error: "Request too large" });
      else expect(text).toBe("Request too large");
      await healthy();
    }
  });

  it("a declared Content-Length over the limit answers 413 before any of the body is sent", async () => {
    const url = new URL(`${site.app.url}/login`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "content-length": String(SMALL_BODY_LIMIT_BYTES + 1),
          },
        },
        (res) => {
          resolve(res.statusCode ?? 0);
          res.resume();
          req.destroy();
        },
      );
      req.on("error", reject);
      // Headers only: the answer cannot wait for the body.
      req.flushHeaders();
    });
    expect(status).toBe(413);
    await healthy();
  });

  it("a post of 1 MB of HTML still saves", async () => {
    const mentor = await signedInMember(site.app, site.testDb.db, { role: "mentor" });
    const paragraph = `<p>A founder's <strong>long</strong> note, "quoted" &amp; linked <a href="https://example.com/a?b=c">here</a>.</p>`;
    const content = paragraph.repeat(Math.ceil((1024 * 1024) / paragraph.length));
    const body = new URLSearchParams({ title: "A very long post", content, intent: "draft" });
    // Larger than the small limit once encoded: only the editor's limit lets it in.
    expect(body.toString().length).toBeGreaterThan(SMALL_BODY_LIMIT_BYTES * 2);
    const res = await site.post(mentor.jar, "/create-post", Object.fromEntries(body));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/edit-post/a-very-long-post");
    // "Draft saved successfully!" comes as a flash over the redirect (decision 0147).
    expect(res.headers.get("set-cookie")).toMatch(/fb_flash=post-draft/);
    const [saved] = await site.testDb.db
      .select({ content: posts.content })
      .from(posts)
      .where(eq(posts.slug, "a-very-long-post"));
    expect(saved?.content.length).toBeGreaterThan(1024 * 1024 - paragraph.length);
  });

  it("a 4 MB image upload still goes through", async () => {
    const mentor = await signedInMember(site.app, site.testDb.db, { role: "mentor" });
    // Noise does not compress: an uncompressed PNG of about 4 MB.
    const side = 1200;
    const png = await sharp(randomBytes(side * side * 3), {
      raw: { width: side, height: side, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.byteLength).toBeGreaterThan(4 * 1024 * 1024);
    expect(png.byteLength).toBeLessThan(5 * 1024 * 1024);
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "noise.png");
    const url = `${site.app.url}/api/uploads`;
    const res = await fetch(url, {
      method: "POST",
      body: form,
      headers: { cookie: mentor.jar.header(url) ?? "", origin: site.app.url },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { url: string }).url).toMatch(/\.webp$|\/uploads\//);
  });
});
