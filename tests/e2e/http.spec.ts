import { expect, test, waitForHydration } from "./fixtures";

// Security headers, the CSP nonce, and caching of hashed assets (server/http/security.ts, server/app.ts).

function nonceFromCsp(csp: string): string {
  const scriptSrc = csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("script-src "));
  expect(scriptSrc, "script-src directive").toBeDefined();
  // Production: a nonce and strict-dynamic, no unsafe-inline or unsafe-eval.
  expect(scriptSrc).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'$/);
  return /'nonce-([^']+)'/.exec(scriptSrc!)![1]!;
}

test("a page carries the security headers", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const headers = response.headers();
  const csp = headers["content-security-policy"];
  expect(csp).toBeDefined();
  nonceFromCsp(csp!);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'self'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-request-id"]).toMatch(/^[A-Za-z0-9._-]{8,100}$/);
  expect(headers["x-powered-by"]).toBeUndefined();
  // Plain HTTP: no HSTS (it is sent only over HTTPS).
  expect(headers["strict-transport-security"]).toBeUndefined();
});

test("every script tag carries this response's CSP nonce, which changes per request", async ({
  request,
}) => {
  const first = await request.get("/");
  const nonce = nonceFromCsp(first.headers()["content-security-policy"]!);
  const html = await first.text();
  // JSON-LD blocks (type="application/ld+json") are data, never run: CSP does not apply to them.
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => !tag.includes('type="application/ld+json"'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) {
    expect(tag, "script tag without this response's nonce").toContain(`nonce="${nonce}"`);
  }
  const second = await request.get("/");
  expect(nonceFromCsp(second.headers()["content-security-policy"]!)).not.toBe(nonce);
});

test("the browser runs the page's scripts under the CSP (no violations, hydrated)", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto("/");
  // Hydration attaches React's props to the DOM: scripts ran despite the strict CSP.
  await waitForHydration(page);
  expect(violations).toEqual([]);
});

test("a well-formed X-Request-Id from the proxy is echoed, a malformed one replaced", async ({
  request,
}) => {
  const kept = await request.get("/api/health", {
    headers: { "X-Request-Id": "e2e-request-0001" },
  });
  expect(kept.headers()["x-request-id"]).toBe("e2e-request-0001");
  const replaced = await request.get("/api/health", { headers: { "X-Request-Id": "bad id!" } });
  expect(replaced.headers()["x-request-id"]).not.toBe("bad id!");
  expect(replaced.headers()["x-request-id"]).toMatch(/^[A-Za-z0-9._-]{8,100}$/);
});

test("hashed assets are cached for a year, immutable", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1]!,
  );
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of new Set(assets)) {
    // Vite names them name-<hash>.ext.
    expect(asset).toMatch(/-[A-Za-z0-9_-]{8,}\.(js|css)$/);
    const response = await request.get(asset);
    expect(response.status(), asset).toBe(200);
    expect(response.headers()["cache-control"], asset).toBe("public, max-age=31536000, immutable");
    expect(response.headers()["content-type"], asset).toMatch(
      asset.endsWith(".css") ? /^text\/css/ : /^(text|application)\/javascript/,
    );
  }
  // Pages themselves are not cached as immutable.
  const page = await request.get("/");
  expect(page.headers()["cache-control"] ?? "").not.toContain("immutable");
});
