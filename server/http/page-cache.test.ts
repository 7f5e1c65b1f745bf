import compression from "compression";
import express from "express";
import { request as httpRequest } from "node:http";
import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
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
    // What the page shows (decision 0104): /post/NAME shows post NAME and the home list.
    const shown = /^\/post\/([^/]+)$/.exec(req.path)?.[1];
    if (shown) res.setHeader("X-Page-Cache-Keys", `post:${shown} list:all`);
    if (req.path === "/missing") res.status(404);
    res.type("html");
    // Streamed in pieces, as React does.
    // /big/… pages are article-sized (tens of KB), as the real ones are.
    const label = `${req.path} ${renders}`;
    const html = page(nonce, req.path.startsWith("/big/") ? label.repeat(2500) : label);
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

/** Whether the answer's CSP allows every inline script of its page (by nonce or by hash). */
function allowsInlineScripts(answer: { headers: Record<string, unknown>; body: Buffer }) {
  const policy = String(answer.headers["content-security-policy"]);
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  const scripts = [
    ...answer.body.toString("utf8").matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g),
  ];
  return (
    scripts.length > 0 &&
    scripts.every(([, attributes, text]) => {
      if (nonce && attributes!.includes(`nonce="${nonce}"`)) return true;
      const hash = createHash("sha256").update(text!, "utf8").digest("base64");
      return policy.includes(`'sha256-${hash}'`);
    })
  );
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
  it("renders a page once for 100 simultaneous misses (single flight); they all get it", async () => {
    renders = 0;
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => raw("/slow/page", { "accept-encoding": "identity" })),
    );
    expect(renders).toBe(1);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.toString()).toContain("<h1>/slow/page 1</h1>");
      expect(allowsInlineScripts(answer)).toBe(true);
    }
    expect(answers.filter((a) => a.headers["x-page-cache"] === "miss")).toHaveLength(1);
  });

  it("renders again for every waiting request when the render is not kept", async () => {
    renders = 0;
    const answers = await Promise.all(Array.from({ length: 5 }, () => raw("/slow/private", {})));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(renders).toBe(5);
  });

  it("renders once, then serves hits whose CSP allows the page's scripts by hash, not a reused nonce", async () => {
    const first = await raw("/post/a", { "accept-encoding": "identity" });
    expect(first.headers["x-page-cache"]).toBe("miss");
    const renderNonce = nonceOf(String(first.headers["content-security-policy"]));
    expect(first.body.toString()).toContain(`<script nonce="${renderNonce}">`);
    for (let i = 0; i < 3; i++) {
      const hit = await raw("/post/a", { "accept-encoding": "identity" });
      expect(hit.headers["x-page-cache"]).toBe("hit");
      const policy = String(hit.headers["content-security-policy"]);
      expect(policy).not.toContain(renderNonce);
      expect(policy).not.toContain("'nonce-");
      expect(policy).toMatch(/script-src 'self' 'sha256-/);
      expect(hit.body.equals(first.body)).toBe(true);
      expect(allowsInlineScripts(hit)).toBe(true);
    }
    expect(renders).toBe(1);
  });

  it("keeps each page compressed once in brotli and gzip; each decompresses to the page", async () => {
    const first = await raw("/post/b", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(first.headers["content-encoding"]).toBe("br");
    const page = brotliDecompressSync(first.body).toString("utf8");
    expect(page).toContain("<p>é ✓</p></body></html>");

    const br = await raw("/post/b", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.headers["x-page-cache"]).toBe("hit");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString("utf8")).toBe(page);

    const gz = await raw("/post/b", { "accept-encoding": "gzip, deflate" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(String(gz.headers.vary)).toMatch(/Accept-Encoding/);
    expect(gunzipSync(gz.body).toString("utf8")).toBe(page);
    expect(gz.body.length).toBeLessThan(page.length / 5);

    const plain = await raw("/post/b", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toBe(page);
    const refused = await raw("/post/b", { "accept-encoding": "gzip;q=0, br;q=0" });
    expect(refused.headers["content-encoding"]).toBeUndefined();

    const [entry] = cache.entries();
    expect(brotliDecompressSync(entry!.br).equals(entry!.plain)).toBe(true);
    expect(gunzipSync(entry!.gzip).equals(entry!.plain)).toBe(true);
    expect(renders).toBe(1);
  });

  it("counts the bytes it really holds (within 5 %)", async () => {
    for (let i = 0; i < 4; i++) await raw(`/big/held-${i}`, { "accept-encoding": "br" });
    expect(cache.size).toBe(4);
    // Every distinct memory block the entries keep alive, whole.
    const blocks = new Set<ArrayBufferLike>();
    let held = 0;
    for (const entry of cache.entries()) {
      for (const buffer of [entry.plain, entry.gzip, entry.br]) {
        if (blocks.has(buffer.buffer)) continue;
        blocks.add(buffer.buffer);
        held += buffer.buffer.byteLength;
      }
    }
    expect(Math.abs(cache.bytes - held) / held).toBeLessThan(0.05);
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
    // No timing races: the second render waits on a gate this test opens once
    // every other request has been answered.
    let count = 0;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const app = express();
    app.use(securityHeaders({ dev: false }));
    app.use(pageCache({ ttlMs: 1000, maxBytes: 256 * 1024, variant: () => "" }));
    app.get("/{*splat}", async (_req, res) => {
      count += 1;
      const label = `render ${count}`;
      if (count === 2) await gate;
      res.setHeader("Cache-Control", "public, max-age=0, s-maxage=60");
      res.type("html").end(page(String(res.locals.cspNonce), label));
    });
    const own = await listenOnLoopback(app);
    try {
      const first = await fetch(`${own.url}/p`);
      expect(first.headers.get("x-page-cache")).toBe("miss");
      await first.text();
      await new Promise((r) => setTimeout(r, 1100));
      // The first one in after the expiry starts the render…
      const rendering = fetch(`${own.url}/p`).then(async (res) => ({
        how: res.headers.get("x-page-cache"),
        html: await res.text(),
      }));
      while (count < 2) await new Promise((r) => setTimeout(r, 5));
      // …and the rest, arriving while it runs, get the expired copy at once.
      const others = await Promise.all(
        Array.from({ length: 19 }, async () => {
          const res = await fetch(`${own.url}/p`);
          return { how: res.headers.get("x-page-cache"), html: await res.text() };
        }),
      );
      open();
      const renderer = await rendering;
      expect(count).toBe(2);
      expect(renderer.how).toBe("miss");
      expect(renderer.html).toContain("<h1>render 2</h1>");
      expect(others.map((a) => a.how)).toEqual(Array.from({ length: 19 }, () => "stale"));
      expect(others.every((a) => a.html.includes("<h1>render 1</h1>"))).toBe(true);
      const again = await fetch(`${own.url}/p`);
      expect(again.headers.get("x-page-cache")).toBe("hit");
      expect(await again.text()).toContain("<h1>render 2</h1>");
    } finally {
      await own.close();
    }
  });
});

describe("pageCache invalidation by key (decision 0104)", () => {
  it("drops only the pages that show what a write changed; unrelated pages stay", async () => {
    for (const path of ["/post/x", "/post/y", "/about"]) await fetch(`${server.url}${path}`);
    renders = 0;
    invalidateLocal(["posts"], ["post:x"]);
    expect((await fetch(`${server.url}/post/y`)).headers.get("x-page-cache")).toBe("hit");
    expect((await fetch(`${server.url}/about`)).headers.get("x-page-cache")).toBe("hit");
    expect((await fetch(`${server.url}/post/x`)).headers.get("x-page-cache")).toBe("miss");
    expect(renders).toBe(1);
    // A change to the lists drops every page that shows one, and only those.
    invalidateLocal(["posts"], ["list:all"]);
    expect((await fetch(`${server.url}/about`)).headers.get("x-page-cache")).toBe("hit");
    expect((await fetch(`${server.url}/post/y`)).headers.get("x-page-cache")).toBe("miss");
    // A comment count reaches no page; keys under a scope the cache does not follow neither.
    invalidateLocal(["comments"], ["post:y"]);
    expect((await fetch(`${server.url}/post/y`)).headers.get("x-page-cache")).toBe("hit");
    // Settings and navigation name no key: everything goes.
    invalidateLocal(["settings"]);
    expect((await fetch(`${server.url}/about`)).headers.get("x-page-cache")).toBe("miss");
  });

  it("serves a dropped page stale while one request renders it, then the new page", async () => {
    let version = 1;
    let count = 0;
    let release: () => void = () => {};
    let gate = Promise.resolve();
    const app = express();
    app.use(securityHeaders({ dev: false }));
    const own = pageCache({ ttlMs: 60_000, maxBytes: 256 * 1024, variant: () => "" });
    app.use(own);
    app.get("/{*splat}", async (_req, res) => {
      count += 1;
      const label = `version ${version}`;
      await gate;
      res.setHeader("Cache-Control", "public, max-age=0, s-maxage=60");
      res.setHeader("X-Page-Cache-Keys", "post:p");
      res.type("html").end(page(String(res.locals.cspNonce), label));
    });
    const http = await listenOnLoopback(app);
    try {
      const first = await fetch(`${http.url}/p`);
      expect(await first.text()).toContain("<h1>version 1</h1>");
      version = 2;
      own.invalidateKeys(["post:p"]);
      gate = new Promise<void>((resolve) => (release = resolve));
      // The first request after the write renders (held at the gate)...
      const rendering = fetch(`${http.url}/p`);
      while (count < 2) await new Promise((r) => setImmediate(r));
      // ...and those arriving meanwhile get the old page once, marked stale.
      const during = await fetch(`${http.url}/p`);
      expect(during.headers.get("x-page-cache")).toBe("stale");
      expect(await during.text()).toContain("<h1>version 1</h1>");
      expect(during.headers.get("x-page-cache-keys")).toBeNull();
      release();
      const rendered = await rendering;
      expect(rendered.headers.get("x-page-cache")).toBe("miss");
      expect(await rendered.text()).toContain("<h1>version 2</h1>");
      const after = await fetch(`${http.url}/p`);
      expect(after.headers.get("x-page-cache")).toBe("hit");
      expect(await after.text()).toContain("<h1>version 2</h1>");
      expect(count).toBe(2);
    } finally {
      await http.close();
    }
  });

  it("does not keep a page whose render overlapped a write to what it shows", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const app = express();
    app.use(securityHeaders({ dev: false }));
    const own = pageCache({ ttlMs: 60_000, maxBytes: 256 * 1024, variant: () => "" });
    app.use(own);
    let count = 0;
    app.get("/{*splat}", async (req, res) => {
      count += 1;
      await gate;
      res.setHeader("Cache-Control", "public, max-age=0, s-maxage=60");
      res.setHeader("X-Page-Cache-Keys", req.path === "/a" ? "post:a" : "post:b");
      res.type("html").end(page(String(res.locals.cspNonce), req.path));
    });
    const http = await listenOnLoopback(app);
    try {
      const a = fetch(`${http.url}/a`);
      const b = fetch(`${http.url}/b`);
      while (count < 2) await new Promise((r) => setImmediate(r));
      own.invalidateKeys(["post:a"]);
      release();
      await (await a).text();
      await (await b).text();
      expect((await fetch(`${http.url}/a`)).headers.get("x-page-cache")).toBe("miss");
      expect((await fetch(`${http.url}/b`)).headers.get("x-page-cache")).toBe("hit");
    } finally {
      await http.close();
    }
  });
});

describe("the members' shared page's request (decision 0154)", () => {
  it("is rendered without any of Better Auth's cookies, keeping the others", async () => {
    const { withoutAuthCookies } = await import("./page-cache");
    expect(
      withoutAuthCookies(
        "fb_consent=all; better-auth.session_token=abc.def; theme=dark; " +
          "__Secure-better-auth.session_token=ghi; better-auth.state=x",
      ),
    ).toBe("fb_consent=all; theme=dark");
    expect(withoutAuthCookies("better-auth.session_token=abc")).toBe("");
  });
});
