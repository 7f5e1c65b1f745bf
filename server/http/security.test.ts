import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnLoopback } from "./http-test-server";
import { securityHeaders } from "./security";

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
