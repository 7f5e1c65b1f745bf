/**
 * Prometheus metrics at /metrics (prom-client, docs/decisions/0136): request
 * counts and durations by route pattern and status, page-cache answers,
 * the PostgreSQL pool, open event streams, and the process (memory, CPU,
 * event-loop lag: prom-client's defaults). Off (404) unless METRICS_TOKEN is
 * set; then a `Authorization: Bearer <token>` is required.
 */
import type { RequestHandler } from "express";
import { createHash, timingSafeEqual } from "node:crypto";
import client from "prom-client";

/** One registry per process (kept on globalThis: the dev server reloads modules). */
type Instruments = {
  registry: client.Registry;
  requests: client.Counter<"method" | "route" | "status">;
  duration: client.Histogram<"method" | "route" | "status">;
  pageCache: client.Counter<"result">;
};

const key = Symbol.for("founderbridge.metrics");
type GlobalWithMetrics = typeof globalThis & { [key]?: Instruments };

/** What the gauges read when scraped; set by the server once its parts exist. */
export type MetricsSources = {
  /** PostgreSQL pool: connections open, idle, and requests waiting for one. */
  pool?: () => { total: number; idle: number; waiting: number } | undefined;
  openStreams?: () => number;
  /**
   * The job queue's depth and failures (docs/milestones.md#issue-20-members-come-back's queue, server/jobs): set
   * here when it exists, read at each scrape.
   */
  jobs?: () =>
    | { queued: number; running: number; failed: number }
    | undefined
    | Promise<{ queued: number; running: number; failed: number } | undefined>;
};
let sources: MetricsSources = {};

export function setMetricsSources(next: MetricsSources) {
  sources = { ...sources, ...next };
  // The queue's gauges exist once a queue reports: no zeros for a queue that is not there.
  if (next.jobs) registerJobGauges(metrics().registry);
}

let jobGauges = false;
function registerJobGauges(registry: client.Registry) {
  if (jobGauges) return;
  jobGauges = true;
  type Jobs = { queued: number; running: number; failed: number };
  const gauge = (name: string, help: string, read: (j: Jobs) => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const stats = await Promise.resolve(sources.jobs?.()).catch(() => undefined);
        if (stats) this.set(read(stats));
      },
    });
  gauge("jobs_queued", "Background jobs waiting to run", (j) => j.queued);
  gauge("jobs_running", "Background jobs running", (j) => j.running);
  gauge("jobs_failed", "Background jobs that failed for good", (j) => j.failed);
}

function create(): Instruments {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const requests = new client.Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer HTTP requests, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pageCache = new client.Counter({
    name: "page_cache_requests_total",
    help: "Anonymous page-cache answers: hit, stale (served while rendered again) or miss",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  const pool = (
    name: string,
    help: string,
    read: (p: { total: number; idle: number; waiting: number }) => number,
  ) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const stats = sources.pool?.();
        if (stats) this.set(read(stats));
      },
    });
  pool("db_pool_connections", "PostgreSQL pool: connections open", (p) => p.total);
  pool("db_pool_connections_idle", "PostgreSQL pool: connections idle", (p) => p.idle);
  pool(
    "db_pool_waiting_requests",
    "PostgreSQL pool: queries waiting for a connection",
    (p) => p.waiting,
  );
  new client.Gauge({
    name: "realtime_open_streams",
    help: "Notification event streams open in this process",
    registers: [registry],
    collect() {
      this.set(sources.openStreams?.() ?? 0);
    },
  });
  return { registry, requests, duration, pageCache };
}

export function metrics(): Instruments {
  const store = globalThis as GlobalWithMetrics;
  store[key] ??= create();
  return store[key];
}

/** The page cache reports each answer here (server/http/page-cache.ts). */
export function notePageCache(result: "hit" | "stale" | "miss") {
  metrics().pageCache.inc({ result });
}

/** Turns a request path into its route pattern (React Router's, set once its build is loaded). */
let routeOf: (pathname: string) => string | undefined = () => undefined;
export function setRouteResolver(resolve: (pathname: string) => string | undefined) {
  routeOf = resolve;
}

/** The route pattern a path matches ("/post/:slug"); undefined until the build is loaded. */
export function routePatternOf(pathname: string): string | undefined {
  return routeOf(pathname);
}

/** The label for a request: a pattern, never the raw URL (bounded cardinality). */
export function routeLabel(pathname: string, expressRoute?: string): string {
  if (pathname.startsWith("/assets/")) return "/assets/*";
  if (pathname.startsWith("/uploads/")) return "/uploads/*";
  if (pathname.startsWith("/api/auth/")) return "/api/auth/*";
  if (
    pathname === "/api/health/live" ||
    pathname === "/api/health/ready" ||
    pathname === "/metrics"
  ) {
    return pathname;
  }
  // Express's own routes by their pattern; its catch-all is React Router's, matched below.
  if (expressRoute && expressRoute !== "/{*splat}") return expressRoute;
  // React Router's data requests (/post/x.data) belong to the page's route.
  const page = pathname.endsWith(".data") ? pathname.slice(0, -5) || "/" : pathname;
  return routeOf(page) ?? "unmatched";
}

/** Counts and times every request; put it first. */
export function requestMetrics(): RequestHandler {
  const { requests, duration } = metrics();
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once("finish", () => {
      const route = routeLabel(req.path, (req.route as { path?: string } | undefined)?.path);
      const labels = { method: req.method, route, status: String(res.statusCode) };
      requests.inc(labels);
      duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}

function sameSecret(given: string, expected: string): boolean {
  // Digests first: equal lengths for timingSafeEqual, and the time says nothing of the length.
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/** GET /metrics: 404 without a token configured, 401 without the right bearer token. */
export function metricsEndpoint(token: string | undefined): RequestHandler {
  return (req, res, next) => {
    if (req.path !== "/metrics") return next();
    res.setHeader("Cache-Control", "no-store");
    if (!token) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.status(405).setHeader("Allow", "GET, HEAD").type("text/plain").send("Method not allowed");
      return;
    }
    const header = req.get("authorization") ?? "";
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match || !sameSecret(match[1]!.trim(), token)) {
      res.status(401).setHeader("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain");
      res.send("A valid bearer token is required");
      return;
    }
    const { registry } = metrics();
    registry.metrics().then(
      (text) => res.type(registry.contentType).send(text),
      (error: unknown) => next(error),
    );
  };
}
