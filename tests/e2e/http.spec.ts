import { createHash } from "node:crypto";
import { expect, test, waitForHydration } from "./fixtures";

// Security headers, the CSP nonce, and caching of hashed assets (server/http/security.ts, server/app.ts).
// A rendered page carries a fresh nonce; a page served from the page cache names its inline
// scripts' hashes instead (decision 0105). /login is never shared, so it is always rendered.

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
  const response = await request.get("/login");
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
  const first = await request.get("/login");
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
  const second = await request.get("/login");
  expect(nonceFromCsp(second.headers()["content-security-policy"]!)).not.toBe(nonce);
});

test("a page from the page cache allows exactly its inline scripts by their hashes", async ({
  request,
}) => {
  // The first request renders and stores the page (compressed in the background); a later
  // one is a hit. A write by another journey may drop it meanwhile, so ask until one is.
  let hit = await request.get("/");
  await expect
    .poll(async () => (hit = await request.get("/")).headers()["x-page-cache"])
    .toBe("hit");
  const policy = hit.headers()["content-security-policy"]!;
  const scriptSrc = policy
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("script-src "));
  expect(scriptSrc).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
  expect(scriptSrc).not.toContain("nonce-");
  expect(scriptSrc).not.toContain("unsafe-inline");
  const html = await hit.text();
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    ([, attributes]) =>
      !/\bsrc=/.test(attributes!) && !/application\/(ld\+)?json/.test(attributes!),
  );
  expect(inline.length).toBeGreaterThan(0);
  for (const [, , body] of inline) {
    const digest = createHash("sha256").update(body!, "utf8").digest("base64");
    expect(scriptSrc, "an inline script the policy does not allow").toContain(`'sha256-${digest}'`);
  }
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

test("/favicon.ico is an icon and /manifest.webmanifest a web app manifest, both linked from pages", async ({
  request,
  page,
}) => {
  const ico = await request.get("/favicon.ico");
  expect(ico.status()).toBe(200);
  expect(ico.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  const bytes = await ico.body();
  // An ICO header (reserved 0, type 1) with 16, 32 and 48 px images.
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2), bytes.readUInt16LE(4)]).toEqual([0, 1, 3]);
  expect([0, 1, 2].map((i) => bytes.readUInt8(6 + 16 * i))).toEqual([16, 32, 48]);
  expect(bytes.length).toBeLessThan(10_000);

  const res = await request.get("/manifest.webmanifest");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: "FounderBridge",
    start_url: "/",
    theme_color: "#1e40af",
    background_color: "#ffffff",
  });
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()["content-type"]).toBe("image/png");
    const png = await file.body();
    // The PNG's own width and height (IHDR) are the declared size.
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
  }
  expect((await request.get("/apple-touch-icon.png")).status()).toBe(200);

  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    "href",
    "/manifest.webmanifest",
  );
  await expect(page.locator('link[rel="icon"][href="/favicon.ico"]')).toHaveCount(1);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
    "href",
    "/apple-touch-icon.png",
  );
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#1e40af");
});
