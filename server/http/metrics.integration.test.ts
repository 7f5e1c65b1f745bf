/**
 * /metrics on the whole app (docs/milestones.md#issue-22-operate-it): page routes labelled by their
 * pattern, page-cache answers, the pool on PostgreSQL; 401 without the token.
 */
import { describe, expect, it } from "vitest";
import { CookieJar } from "#tests/support/http-app";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";

const TOKEN = "metrics-token-for-the-integration-test";
const site = siteOverHttpForThisFile({
  pageCache: true,
  env: { NODE_ENV: "production", METRICS_TOKEN: TOKEN },
});

async function scrape(token = TOKEN) {
  return fetch(`${site.app.url}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
}

/** One sample's value in a scrape (0 when the series is not there yet). */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const CATEGORY_200 = 'http_requests_total{method="GET",route="/categories/:slug",status="200"}';
const CATEGORY_404 = 'http_requests_total{method="GET",route="/categories/:slug",status="404"}';

describe("/metrics on the site", () => {
  it("needs the token", async () => {
    expect((await fetch(`${site.app.url}/metrics`)).status).toBe(401);
    expect((await scrape("not-the-token-at-all")).status).toBe(401);
  });

  it("counts pages by route pattern, page-cache answers, streams and the pool", async () => {
    // The registry belongs to the process, which other test files in this worker may have used
    // (the app is loaded once per worker): count what this test adds.
    const before = await (await scrape()).text();
    const jar = new CookieJar();
    for (let i = 0; i < 2; i += 1) {
      expect((await site.get(jar, "/categories/news")).status).toBe(200);
    }
    expect((await site.get(jar, "/categories/no-such-category")).status).toBe(404);
    // A response is counted when it has been flushed, which may be just after the client read it.
    let text = "";
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const res = await scrape();
      expect(res.status).toBe(200);
      text = await res.text();
      if (sample(text, CATEGORY_404) > sample(before, CATEGORY_404)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(sample(text, CATEGORY_200) - sample(before, CATEGORY_200)).toBe(2);
    expect(sample(text, CATEGORY_404) - sample(before, CATEGORY_404)).toBe(1);
    expect(text).not.toContain("no-such-category");
    expect(text).toMatch(/page_cache_requests_total\{result="miss"\} \d+/);
    expect(text).toMatch(/page_cache_requests_total\{result="hit"\} \d+/);
    expect(text).toMatch(/realtime_open_streams 0/);
    expect(text).toContain("process_heap_bytes");
    if (site.testDb.handle.kind === "postgres") {
      expect(text).toMatch(/db_pool_connections [1-9]/);
      expect(text).toMatch(/db_pool_waiting_requests 0/);
    } else {
      // One embedded connection, no pool.
      expect(text).toMatch(/^db_pool_connections 0$/m);
    }
  });
});
