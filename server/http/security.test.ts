import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnLoopback } from "#tests/support/http-test-server";
import { contentSecurityPolicy, securityHeaders } from "./security";

let server: Awaited<ReturnType<typeof listenOnLoopback>>;

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", 1);
  app.use(securityHeaders({ dev: false }));
  app.get("/", (_req, res) => {
    res.send(String(res.locals.cspNonce));
  });
  server = await listenOnLoopback(app);
});
afterAll(() => server.close());

describe("securityHeaders", () => {
  it("sends a CSP whose script nonce is fresh for every request", async () => {
    const a = await fetch(server.url);
    const b = await fetch(server.url);
    const nonceA = await a.text();
    const nonceB = await b.text();
    expect(nonceA).not.toBe(nonceB);
    const csp = a.headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`script-src 'self' 'nonce-${nonceA}' 'strict-dynamic'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-eval");
  });

  it("sends nosniff and a referrer policy, and HSTS only over https", async () => {
    const plain = await fetch(server.url);
    expect(plain.headers.get("x-content-type-options")).toBe("nosniff");
    expect(plain.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const viaHttps = await fetch(server.url, { headers: { "x-forwarded-proto": "https" } });
    expect(viaHttps.headers.get("strict-transport-security")).toContain("max-age=");
  });
});

describe("securityHeaders with trackers switched on", () => {
  it("adds their sources to script-src, connect-src and frame-src; a failure leaves them out", async () => {
    const extra = {
      script: ["https://t.example"],
      connect: ["https://c.example"],
      frame: ["https://f.example"],
    };
    const app = express();
    let fail = false;
    app.use(
      securityHeaders({
        dev: false,
        extraSources: () => (fail ? Promise.reject(new Error("db down")) : Promise.resolve(extra)),
      }),
    );
    app.get("/", (_req, res) => {
      res.send("ok");
    });
    const local = await listenOnLoopback(app);
    try {
      const csp = (await fetch(local.url)).headers.get("content-security-policy") ?? "";
      expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic' https:\/\/t\.example;/);
      expect(csp).toContain("connect-src 'self' https://c.example;");
      expect(csp).toContain("https://player.vimeo.com");
      expect(csp).toMatch(/frame-src [^;]* https:\/\/f\.example;/);
      expect(contentSecurityPolicy("n", true, extra)).toContain(
        "script-src 'self' 'unsafe-inline' 'unsafe-eval' https://t.example;",
      );
      fail = true;
      const plain = await fetch(local.url);
      expect(plain.status).toBe(200);
      const without = plain.headers.get("content-security-policy") ?? "";
      expect(without).toContain("connect-src 'self';");
      expect(without).not.toContain("example");
    } finally {
      await local.close();
    }
  });
});
