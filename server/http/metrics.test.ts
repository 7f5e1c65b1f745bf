import express from "express";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  metricsEndpoint,
  requestMetrics,
  routeLabel,
  setMetricsSources,
  setRouteResolver,
} from "./metrics";

const TOKEN = "a-metrics-token-of-some-length";
let close: (() => void) | undefined;
afterEach(() => close?.());

async function serve(token: string | undefined): Promise<string> {
  const app = express();
  app.use(requestMetrics());
  app.use(metricsEndpoint(token));
  app.get("/things/:id", (_req, res) => void res.send("ok"));
  app.use((_req, res) => void res.status(404).send("nothing"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("/metrics", () => {
  it("answers 404 when no token is configured, even with a bearer token", async () => {
    const url = await serve(undefined);
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
    const res = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
  });

  it("asks for the bearer token, refuses a wrong one", async () => {
    const url = await serve(TOKEN);
    const none = await fetch(`${url}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const wrong = await fetch(`${url}/metrics`, { headers: { Authorization: "Bearer nope" } });
    expect(wrong.status).toBe(401);
    const prefix = await fetch(`${url}/metrics`, {
      headers: { Authorization: `Bearer ${TOKEN.slice(0, -1)}` },
    });
    expect(prefix.status).toBe(401);
  });

  it("serves Prometheus text with requests labelled by route pattern, not URL", async () => {
    const url = await serve(TOKEN);
    await fetch(`${url}/things/41`);
    await fetch(`${url}/things/42`);
    const res = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/things\/:id",status="200"\} 2/,
    );
    expect(text).toContain("http_request_duration_seconds_bucket");
    expect(text).not.toContain("/things/41");
    expect(text).toContain("process_resident_memory_bytes");
    expect(text).toContain("nodejs_heap_size_used_bytes");
    expect(text).toContain("realtime_open_streams");
    // No job queue has reported: no job gauges (rather than zeros).
    expect(text).not.toContain("jobs_queued");
  });

  it("shows the job queue's gauges once a queue reports", async () => {
    setMetricsSources({ jobs: () => ({ queued: 3, running: 1, failed: 2 }) });
    const url = await serve(TOKEN);
    const res = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    const text = await res.text();
    expect(text).toMatch(/^jobs_queued 3$/m);
    expect(text).toMatch(/^jobs_running 1$/m);
    expect(text).toMatch(/^jobs_failed 2$/m);
  });

  it("reads a queue that answers asynchronously (the job queue counts in the database)", async () => {
    setMetricsSources({ jobs: () => Promise.resolve({ queued: 7, running: 0, failed: 1 }) });
    const url = await serve(TOKEN);
    const res = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    const text = await res.text();
    expect(text).toMatch(/^jobs_queued 7$/m);
    expect(text).toMatch(/^jobs_failed 1$/m);
  });
});

describe("routeLabel", () => {
  it("groups files and falls back to the page routes' patterns", () => {
    setRouteResolver((p) => (p.startsWith("/post/") ? "/post/:slug" : undefined));
    expect(routeLabel("/assets/app-123.js")).toBe("/assets/*");
    expect(routeLabel("/uploads/a/b.webp")).toBe("/uploads/*");
    expect(routeLabel("/post/hello")).toBe("/post/:slug");
    expect(routeLabel("/post/hello.data")).toBe("/post/:slug");
    expect(routeLabel("/no/such/thing")).toBe("unmatched");
  });
});
