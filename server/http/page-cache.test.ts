import compression from "compression";
import express from "express";
import { request as httpRequest } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { invalidateLocal } from "../cache/cache";
import { listenOnLoopback } from "#tests/support/http-test-server";
import { pageCache, type PageCache } from "./page-cache";
import { securityHeaders } from "./security";

let server: Awaited<ReturnType<typeof listenOnLoopback>>;
let cache: PageCache;
let renders = 0;
let variant = "";

/** A page with its nonce in several places, long enough to be compressed. */
function page(nonce: string, label: string) {
  return (
    `<!DOCTYPE html><html><head><script nonce="${nonce}">window.a=1</script></head>` +
    `<body><h1>${label}</h1><p>${"Founders between the UK and India. ".repeat(200)}</p>` +
    `<script nonce="${nonce}" type="module">import("/x.js")</script><p>é ✓</p></body></html>`
  );
}

beforeAll(async () => {
  const app = express();
  app.use(securityHeaders({ dev: false }));
  app.use(compression());
  cache = pageCache({ ttlMs: 60_000, maxBytes: 256 * 1024, variant: () => variant });
  app.use(cache);
  app.get("/{*splat}", async (req, res) => {
    renders += 1;
    // A render that takes a while, as a page reading the database does.
    if (req.path.startsWith("/slow")) await new Promise((r) => setTimeout(r, 100));
    const nonce = String(res.locals.cspNonce);
    if (req.path.endsWith("/private")) res.setHeader("Cache-Control", "private, no-cache");
    else res.setHeader("Cache-Control", "public, max-age=0, s-maxage=60");
    res.setHeader("Vary", "Cookie");
    if (req.path === "/cookie") res.setHeader("Set-Cookie", "a=b");
    if (req.path === "/missing") res.status(404);
    res.type("html");
    // Streamed in pieces, as React does.
    const html = page(nonce, `${req.path} ${renders}`);
    res.write(html.slice(0, 100));
    res.end(html.slice(100));
  });
  server = await listenOnLoopback(app);
});
afterAll(() => server.close());
beforeEach(() => {
  cache.clear();
  variant = "";
  renders = 0;
});

function nonceOf(csp: string | null) {
  return /'nonce-([^']+)'/.exec(csp ?? "")![1]!;
}

/** Raw bytes as sent (fetch would decompress). */
function raw(path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = httpRequest(`${server.url}${path}`, { headers, method }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on("error", reject);
      req.end();
    },
  );
}

describe("pageCache", () => {
  it("renders a page once for 100 simultaneous requests (single flight); they all get it", async () => {
    renders = 0;
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => raw("/slow/page", { "accept-encoding": "identity" })),
    );
    expect(renders).toBe(1);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      const nonce = nonceOf(String(answer.headers["content-security-policy"]));
      expect(answer.body.toString()).toContain(`<script nonce="${nonce}">`);
      expect(answer.body.toString()).toContain("<h1>/slow/page 1</h1>");
    }
    expect(answers.filter((a) => a.headers["x-page-cache"] === "miss")).toHaveLength(1);
  });

  it("renders again for every waiting request when the render is not kept", async () => {
    renders = 0;
    const answers = await Promise.all(Array.from({ length: 5 }, () => raw("/slow/private", {})));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(renders).toBe(5);
  });

  it("renders once, then serves hits with a fresh nonce matching each CSP", async () => {
    const first = await fetch(`${server.url}/post/a`);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const firstHtml = await first.text();
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const hit = await fetch(`${server.url}/post/a`);
      expect(hit.headers.get("x-page-cache")).toBe("hit");
      const nonce = nonceOf(hit.headers.get("content-security-policy"));
      const html = await hit.text();
      expect(html).toBe(
        firstHtml.replaceAll(nonceOf(first.headers.get("content-security-policy")), nonce),
      );
      expect(html.split(`nonce="${nonce}"`)).toHaveLength(3);
      seen.add(nonce);
    }
    expect(seen.size).toBe(3);
    expect(renders).toBe(1);
  });

  it("sends hits as valid gzip when accepted, plain otherwise", async () => {
    await raw("/post/b");
    const gz = await raw("/post/b", { "accept-encoding": "gzip, deflate, br" });
    expect(gz.headers["x-page-cache"]).toBe("hit");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(String(gz.headers.vary)).toMatch(/Accept-Encoding/);
    expect(Number(gz.headers["content-length"])).toBe(gz.body.length);
    const html = gunzipSync(gz.body).toString("utf8");
    const nonce = nonceOf(String(gz.headers["content-security-policy"]));
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).toContain("<p>é ✓</p></body></html>");
    expect(gz.body.length).toBeLessThan(html.length / 5);

    const plain = await raw("/post/b", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const plainNonce = nonceOf(String(plain.headers["content-security-policy"]));
    expect(plain.body.toString("utf8")).toBe(html.replaceAll(nonce, plainNonce));
    const refused = await raw("/post/b", { "accept-encoding": "gzip;q=0" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
  });

  it("answers HEAD from the cache without a body", async () => {
    await fetch(`${server.url}/post/c`);
    const head = await raw("/post/c", {}, "HEAD");
    expect(head.headers["x-page-cache"]).toBe("hit");
    expect(head.body.length).toBe(0);
    expect(head.headers["content-type"]).toMatch(/text\/html/);
  });

  it("never keeps private pages, Set-Cookie or errors, and skips signed-in visitors", async () => {
    for (const path of ["/private", "/cookie", "/missing"]) {
      await fetch(`${server.url}${path}`);
      const again = await fetch(`${server.url}${path}`);
      expect(again.headers.get("x-page-cache"), path).toBe("miss");
    }
    await fetch(`${server.url}/post/d`);
    const member = await fetch(`${server.url}/post/d`, {
      headers: { cookie: "x=1; better-auth.session_token=abc" },
    });
    expect(member.headers.get("x-page-cache")).toBeNull();
    expect(await member.text()).toMatch(/\/post\/d \d+/);
    const cookieOnHit = await fetch(`${server.url}/post/d`);
    expect(cookieOnHit.headers.get("set-cookie")).toBeNull();
  });

  it("keys on the allowed query parameters only and bypasses others", async () => {
    await fetch(`${server.url}/search?q=visa&page=2`);
    const same = await fetch(`${server.url}/search?page=2&q=visa`);
    expect(same.headers.get("x-page-cache")).toBe("hit");
    const other = await fetch(`${server.url}/search?q=tax`);
    expect(other.headers.get("x-page-cache")).toBe("miss");
    const busted = await fetch(`${server.url}/search?q=visa&page=2&x=1`);
    expect(busted.headers.get("x-page-cache")).toBeNull();
    const articleQuery = await fetch(`${server.url}/post/a?source=notification`);
    expect(articleQuery.headers.get("x-page-cache")).toBeNull();
    const data = await fetch(`${server.url}/post/a.data`);
    expect(data.headers.get("x-page-cache")).toBeNull();
  });

  it("keys on the consent variant", async () => {
    await fetch(`${server.url}/post/e`);
    variant = "consent:all";
    expect((await fetch(`${server.url}/post/e`)).headers.get("x-page-cache")).toBe("miss");
    expect((await fetch(`${server.url}/post/e`)).headers.get("x-page-cache")).toBe("hit");
  });

  it("is cleared by any invalidation but a comment count's, and bounded in bytes", async () => {
    await fetch(`${server.url}/post/f`);
    expect(cache.size).toBe(1);
    invalidateLocal(["comments"]);
    expect(cache.size).toBe(1);
    invalidateLocal(["banned_words"]);
    expect(cache.size).toBe(0);
    for (let i = 0; i < 60; i++) await fetch(`${server.url}/post/many-${i}`);
    expect(cache.bytes).toBeLessThanOrEqual(256 * 1024);
    expect(cache.size).toBeLessThan(60);
    // The most recent pages stay.
    expect((await fetch(`${server.url}/post/many-59`)).headers.get("x-page-cache")).toBe("hit");
  });
});

describe("pageCache after a page expires", () => {
  it("renders it again once, serving the expired copy to the others meanwhile", async () => {
    let count = 0;
    const app = express();
    app.use(securityHeaders({ dev: false }));
    app.use(pageCache({ ttlMs: 150, maxBytes: 256 * 1024, variant: () => "" }));
    app.get("/{*splat}", async (_req, res) => {
      count += 1;
      const label = `render ${count}`;
      await new Promise((r) => setTimeout(r, 100));
      res.setHeader("Cache-Control", "public, max-age=0, s-maxage=60");
      res.type("html").end(page(String(res.locals.cspNonce), label));
    });
    const own = await listenOnLoopback(app);
    try {
      const first = await fetch(`${own.url}/p`);
      expect(first.headers.get("x-page-cache")).toBe("miss");
      await first.text();
      await new Promise((r) => setTimeout(r, 200));
      const answers = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          // The first one in starts the render; the rest arrive while it runs.
          if (i > 0) await new Promise((r) => setTimeout(r, 20));
          const res = await fetch(`${own.url}/p`);
          return { how: res.headers.get("x-page-cache"), html: await res.text() };
        }),
      );
      expect(count).toBe(2);
      expect(answers.filter((a) => a.how === "miss")).toHaveLength(1);
      // The others got the expired copy, or (arriving after the render) the new page.
      const stale = answers.filter((a) => a.how === "stale");
      expect(stale.length).toBeGreaterThan(0);
      expect(stale.every((a) => a.html.includes("<h1>render 1</h1>"))).toBe(true);
      const hits = answers.filter((a) => a.how === "hit");
      expect(stale.length + hits.length).toBe(19);
      expect(hits.every((a) => a.html.includes("<h1>render 2</h1>"))).toBe(true);
      const again = await fetch(`${own.url}/p`);
      expect(again.headers.get("x-page-cache")).toBe("hit");
      expect(await again.text()).toContain("<h1>render 2</h1>");
    } finally {
      await own.close();
    }
  });
});
