import compression from "compression";
import express, {
  type ErrorRequestHandler,
  type Express,
  type Request as ExpressRequest,
  type RequestHandler,
  type Response as ExpressResponse,
} from "express";
import type { IncomingHttpHeaders, Server } from "node:http";
import { readdirSync } from "node:fs";
import path from "node:path";
import type pg from "pg";
import { constants as zlibConstants } from "node:zlib";
import { pinoHttp } from "pino-http";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { listenForInvalidations } from "./cache/cache";
import { appVersion } from "./app-version";
import { ConfigError, loadConfig, type Config } from "./config";
import { ensurePrivateDir, setPrivateUmask } from "./data-dir";
import { getDatabaseHandle, openDatabase, setDatabase, type DatabaseHandle } from "./db/client";
import { migrateDatabase } from "./db/migrate";
import { ensureReservedRows } from "./db/seed";
import { loadDemoSite } from "./db/seed-demo";
import { authRoutes, clientIpHeader } from "./auth/express";
import { bodyLimit } from "./http/body-limit";
import { refuseControlUrls } from "./http/clean-input";
import { clientLogsRouter } from "./http/client-logs";
import { contentApiCors } from "./http/content-api-cors";
import { fetchRequestOf, sendFetchResponse } from "./http/fetch-bridge";
import { pageCache, type PageCacheOptions } from "./http/page-cache";
import { privateWhenSignedIn } from "./http/private-cache";
import { redirectsMiddleware } from "./http/redirects";
import { requestContext } from "./http/request-context";
import { requestId } from "./http/request-id";
import { processServices, servicesContext } from "./services";
import { sameOrigin } from "./http/same-origin";
import { securityHeaders, type ExtraSources } from "./http/security";
import { sendUnavailable, trackDatabaseFailures, unavailableBehind } from "./http/unavailable";
import { healthProbes } from "./http/health";
import { createErrorReporter, reportError, setErrorReporter } from "./http/error-reporter";
import {
  metricsEndpoint,
  requestMetrics,
  setMetricsSources,
  setRouteResolver,
} from "./http/metrics";
import { routeResolver } from "./http/route-patterns";
import { drain, isDraining, trackInFlight } from "./http/shutdown";
import { createLogger, safeError, type Logger } from "./logger";
import { closeNotificationHub, openStreamCount } from "./realtime/notification-hub";
import { serveLiveBackups } from "./backup/live";
import { JobQueue, setJobQueue } from "./jobs/queue";
import { setRuntime } from "./runtime";
import { createStorage } from "./storage";
import { forgetAllWindows } from "./http/window-limiter";

/**
 * What the app hands the server: the server knows no feature, so whatever
 * depends on one comes in here, from one composition module
 * (app/entry.express.ts).
 */
export type AppHooks = {
  /** The trackers' CSP sources now (the cached site settings switch them on). */
  extraCspSources: () => Promise<ExtraSources>;
  /** The anonymous page cache's variant for a request (the visitor's consent state). */
  pageCacheVariant: (headers: IncomingHttpHeaders) => string;
  /**
   * Whether a signed-in request may get the members' shared page (decision 0154):
   * its session is an approved plain member's. Absent: members are always rendered.
   */
  sharedPageMember?(headers: IncomingHttpHeaders): Promise<boolean>;
  /** Work beside the server for its whole life (the publication clock); stopped at shutdown. */
  startBackgroundWork(db: DatabaseHandle["db"], log: Logger): { stop(): void };
  /** Registers the job handlers (e-mails, digests) with the started queue (docs/decisions/0123). */
  startJobs(queue: JobQueue, log: Logger): Promise<void>;
};

type AppOptions = {
  config: Config;
  log: Logger;
  vite?: ViteDevServer;
  hooks: AppHooks;
  /** The anonymous full-page cache: on in production, off otherwise unless given (tests). */
  pageCache?: boolean | Omit<PageCacheOptions, "variant">;
};

async function loadServerBuild(vite: ViteDevServer | undefined): Promise<ServerBuild> {
  if (vite) return (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  return await import("virtual:react-router/server-build");
}

type LoadContext = (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;

/**
 * React Router's handler. Given the build as a function, React Router derives
 * its route tables again on every request (for hot reload): right in
 * development, about a tenth of an uncached page's CPU in production. So
 * production hands it the build object, loaded once. The request is built by
 * the fetch bridge, whose body is the capped one (docs/decisions/0040).
 */
function reactRouterHandler(
  vite: ViteDevServer | undefined,
  { mode, getLoadContext }: { mode: string; getLoadContext: LoadContext },
): RequestHandler {
  let handle: Promise<ReturnType<typeof createRequestHandler>> | undefined;
  return async (req, res, next) => {
    // The metrics' route labels come from the build's route table (server/http/metrics.ts).
    handle ??= loadServerBuild(vite).then((build) => {
      setRouteResolver(routeResolver(build.routes));
      return vite
        ? createRequestHandler(() => loadServerBuild(vite), mode)
        : createRequestHandler(build, mode);
    });
    try {
      const response = await (await handle)(fetchRequestOf(req, res), getLoadContext(req, res));
      // A 5xx because the database was unavailable is a 503 (docs/decisions/0060).
      const unavailable = response.status >= 500 ? unavailableBehind() : undefined;
      if (unavailable !== undefined && !res.headersSent) {
        await response.body?.cancel().catch(() => {});
        return sendUnavailable(req, res, unavailable);
      }
      await sendFetchResponse(res, response);
    } catch (error) {
      // Refused by the body cap (or the client left): the answer is already out.
      if (res.headersSent || res.destroyed) return;
      next(error);
    }
  };
}

/**
 * The top-level names in the client build other than /assets (favicon, logo…),
 * so that only requests for them look at the disk: a static handler mounted
 * on / would stat a file for every page request first.
 */
function publicFileNames(client: string): Set<string> {
  try {
    return new Set(readdirSync(client).filter((name) => name !== "assets"));
  } catch {
    return new Set();
  }
}

/** The Express application: headers, logs, static files, the API, then React Router. */
export function createApp({
  config,
  log,
  vite,
  hooks,
  pageCache: cacheOption,
}: AppOptions): Express {
  const app = express();
  app.disable("x-powered-by");
  // Per-instance limits start unused with each app (server/http/window-limiter.ts).
  forgetAllWindows();
  // Every request counted and timed by route pattern; /metrics itself, off without a token.
  app.use(requestMetrics());
  app.use(metricsEndpoint(config.metricsToken));
  // Read at each scrape. The job queue's gauges (docs/milestones.md#issue-20-members-come-back) go here too, as `jobs`.
  setMetricsSources({ pool: () => poolStats(getDatabaseHandle()), openStreams: openStreamCount });
  // Each request notes the database failures it meets (a 5xx they cause is a 503).
  app.use(trackDatabaseFailures());
  // In-flight requests are counted for the graceful shutdown (server/http/shutdown.ts).
  app.use(trackInFlight());
  // Liveness and readiness, before the request log: probes come every few seconds.
  app.use(healthProbes({ ping: (ms) => getDatabaseHandle().ping(ms), draining: isDraining }));
  // Only behind a proxy we trust may X-Forwarded-* decide the client's address and scheme.
  app.set("trust proxy", config.trustProxy ? 1 : false);

  app.use(requestLog(log));
  // The CSP allows the trackers' hosts only while the site settings switch them on.
  app.use(securityHeaders({ dev: !config.isProduction, extraSources: hooks.extraCspSources }));
  app.use(pageCompression());
  // Every request body is capped from here on, per path (docs/decisions/0040):
  // the handlers below read it only through the capped stream.
  app.use(bodyLimit());
  // The Content API's CORS and preflights, for the configured origins (docs/decisions/0139).
  app.use(contentApiCors(config.contentApiOrigins));
  // Writes only from this site's own pages (docs/milestones.md#issue-13-security); the auth library checks its own paths.
  // No control character in a path or query reaches a route (docs/milestones.md#issue-13-security).
  app.use(refuseControlUrls());
  // One-click unsubscribe (RFC 8058) is POSTed by mail providers from anywhere; its signed
  // token is the only authority, and it can only turn an e-mail off (docs/decisions/0125).
  app.use(
    sameOrigin({
      siteUrl: config.siteUrl,
      exempt: (p) => p.startsWith("/api/auth/") || p === "/unsubscribe",
    }),
  );

  serveFiles(app, config.dataDir, vite);

  // Answers made for a signed-in request are never kept by a cache (docs/milestones.md#issue-13-security).
  app.use(privateWhenSignedIn());
  app.use(clientLogsRouter(log));

  // Every request carries the client's address as Express decided it (TRUST_PROXY).
  app.use(clientIpHeader);
  // The auth library's one open endpoint (the OAuth callback), before React Router; 404 otherwise.
  app.all("/api/auth/{*splat}", authRoutes());
  // The admins' URL redirects, before any page is rendered (or served from a page cache).
  app.use(redirectsMiddleware());

  // Anonymous pages from memory (docs/decisions/0007). Keep it last before the
  // renderer: whatever answers without rendering (redirects above) runs first.
  const pageCacheOn = cacheOption ?? config.isProduction;
  if (pageCacheOn) {
    app.use(
      pageCache({
        ...(pageCacheOn === true ? {} : pageCacheOn),
        variant: hooks.pageCacheVariant,
        ...(hooks.sharedPageMember
          ? { sharedMember: (req: ExpressRequest) => hooks.sharedPageMember!(req.headers) }
          : {}),
      }),
    );
  }

  app.all("/{*splat}", pageRenderer(vite, config.isProduction));

  app.use(handleError);
  return app;
}

/** The request's id: requestId (genReqId) makes a string; pino-http types it wider. */
function requestIdOf(req: { id: unknown }): string {
  return typeof req.id === "string" || typeof req.id === "number" ? String(req.id) : "";
}

/** One short line per request (pages, API calls, errors; no static files), without headers. */
function requestLog(log: Logger) {
  return pinoHttp({
    logger: log,
    genReqId: requestId,
    // Static assets would drown the log; pages, API calls and errors stay.
    autoLogging: { ignore: (req) => /^\/(assets|uploads)\//.test(req.url ?? "") },
    // One short line per request: no headers (cookies stay out of the log).
    serializers: {
      req: (req: { id: string; method: string; url: string; remoteAddress?: string }) => ({
        id: req.id,
        method: req.method,
        // The path only: a query can hold what the user typed (docs/milestones.md#issue-13-security).
        url: req.url.split("?")[0],
        ip: req.remoteAddress,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: safeError,
    },
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
  });
}

/** Compression of the answers made per request (the page cache keeps its own). */
function pageCompression() {
  return compression({
    // Pages rendered per request (members, unkept pages), measured on an 85 KB article
    // (decision 0105): brotli 3 costs a third less than the default 4 for 4 % more bytes,
    // gzip 4 a quarter less than 6 for 4 %. Kept pages are compressed once, harder.
    level: 4,
    // A 256 KB window (the default is 4 MB) holds any page whole and costs a sixteenth of
    // the memory each response's encoder allocates and touches.
    brotli: {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 3,
        [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
      },
    },
    // Event streams must reach the browser as they are written.
    filter: (req, res) =>
      !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") &&
      compression.filter(req, res),
  });
}

/** The client build's files (or Vite's, in development) and the local storage driver's uploads. */
function serveFiles(app: Express, dataDir: string, vite: ViteDevServer | undefined) {
  if (vite) {
    app.use(vite.middlewares);
  } else {
    const client = path.resolve("build/client");
    // Hashed file names never change: cache them for a year.
    app.use(
      "/assets",
      express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    const publicFiles = publicFileNames(client);
    const servePublic = express.static(client, { maxAge: "1h", index: false });
    app.use((req, res, next) =>
      publicFiles.has(req.path.split("/")[1] ?? "") ? servePublic(req, res, next) : next(),
    );
  }
  // Files written by the local storage driver (an S3 driver serves its own URLs).
  app.use(
    "/uploads",
    express.static(path.join(dataDir, "uploads"), {
      maxAge: "7d",
      index: false,
      dotfiles: "deny",
      fallthrough: true,
    }),
  );
}

/** React Router, with one set of services for every request (docs/request-pipeline.md). */
function pageRenderer(vite: ViteDevServer | undefined, isProduction: boolean) {
  const services = processServices();
  return reactRouterHandler(vite, {
    mode: isProduction ? "production" : "development",
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      context.set(requestContext, {
        nonce: String(res.locals.cspNonce ?? ""),
        requestId: requestIdOf(req),
        log: req.log,
        ip: req.ip ?? req.socket.remoteAddress ?? "unknown",
        dataRequest: req.path.endsWith(".data"),
        sharedMemberPage: res.locals.sharedMemberPage === true,
      });
      context.set(servicesContext, services);
      return context;
    },
  });
}

/**
 * The last handler: the database's unavailability as 503, a client error
 * (body-parser's 400, 413, 415) as itself, anything else logged, reported
 * and answered 500.
 */
const handleError: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) return next(error);
  const unavailable = unavailableBehind(error);
  if (unavailable !== undefined) return sendUnavailable(req, res, unavailable);
  // Body-parser and similar errors carry their HTTP status (400, 413, 415).
  const status = Number((error as { status?: number }).status);
  if (status >= 400 && status < 500) {
    res.status(status).json({ error: (error as Error).message });
    return;
  }
  req.log.error({ err: error }, "unhandled error");
  reportError(error, { method: req.method, path: req.path, requestId: requestIdOf(req) });
  res.status(500).json({ error: "Something went wrong" });
};

/** The PostgreSQL pool's counts for /metrics; undefined on PGlite (one connection, no pool). */
function poolStats(handle: DatabaseHandle) {
  if (handle.kind !== "postgres") return undefined;
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/** Opens the database, applies migrations and writes the reserved rows. */
export async function prepareDatabase(config: Config, log: Logger): Promise<DatabaseHandle> {
  const handle = config.databaseUrl
    ? await openDatabase({
        url: config.databaseUrl,
        poolSize: config.databasePoolSize,
        log,
        timeouts: config.databaseTimeouts,
      })
    : await openDatabase({
        dir: path.join(config.dataDir, "pglite"),
        warn: (message) => log.warn({ dir: path.join(config.dataDir, "pglite") }, message),
      });
  const started = performance.now();
  await migrateDatabase(handle, undefined, log);
  await ensureReservedRows(handle.db);
  log.info(
    { database: handle.kind, ms: Math.round(performance.now() - started) },
    "database ready",
  );
  return handle;
}

/** Starts the whole server: configuration, database, demo content, HTTP, shutdown. */
export async function start({
  vite,
  hooks,
}: {
  vite?: ViteDevServer;
  hooks: AppHooks;
}): Promise<Server> {
  const bootStarted = performance.now();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.logLevel, config.logFormat);
  // The data folder and what the site writes in it are private (docs/decisions/0171).
  setPrivateUmask();
  ensurePrivateDir(config.dataDir, (message) => log.warn({ dir: config.dataDir }, message));
  if (config.errorWebhookUrl) {
    setErrorReporter(
      createErrorReporter({
        url: config.errorWebhookUrl,
        siteUrl: config.siteUrl,
        appVersion: appVersion().version,
        log,
      }),
    );
  }
  const storage = createStorage(config);
  // Health-check files a crashed process left behind (server/storage/local.ts).
  void storage
    .removeLeftovers?.()
    .then((removed) => removed && log.info({ removed }, "removed storage probe leftovers"))
    .catch((error: unknown) => log.warn({ err: error }, "storage probe leftovers"));
  const database = await prepareDatabase(config, log);
  setDatabase(database);
  setRuntime({ config, log, storage, startedAt: new Date() });
  // `npm run backup` asks this process for the embedded database's dump (docs/decisions/0135).
  const liveBackups = serveLiveBackups(database, config.dataDir, log);
  // Writes on any instance (or straight in the database) clear this instance's caches.
  await listenForInvalidations(database);
  const backgroundWork = hooks.startBackgroundWork(database.db, log);
  // The job queue: enqueue from every instance, work where JOB_CONCURRENCY > 0.
  const jobs = new JobQueue(database.queueBackend, log, {
    work: config.jobConcurrency > 0,
    concurrency: Math.max(1, config.jobConcurrency),
  });
  await jobs.start();
  setJobQueue(jobs);
  setMetricsSources({
    jobs: async () => {
      const state = await jobs.state();
      return { queued: state.pending, running: state.active, failed: state.failed };
    },
  });
  await hooks.startJobs(jobs, log);

  // The embedded demo site: admins are not made to set up a second factor (decision 0168).
  const demoBanner = await loadDemoSite(database.db, storage, config, (msg) => log.info(msg));
  if (demoBanner) console.log(demoBanner);

  const app = createApp({ config, log, vite, hooks });
  const server = app.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  log.info(
    { url: config.siteUrl, startupMs: Math.round(performance.now() - bootStarted) },
    `FounderBridge is ready at ${config.siteUrl}`,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down: draining requests");
    // Not ready, no new connections, in-flight requests answered with Connection: close,
    // idle connections closed, event streams ended with a retry hint (docs/decisions/0062).
    const drained = await drain(server, { endStreams: closeNotificationHub });
    if (drained.cut > 0) log.warn(drained, "requests still open after 10 s were cut");
    else log.info(drained, "drained");
    await vite?.close();
    backgroundWork.stop();
    await liveBackups.close();
    // Running jobs finish (up to 10 s); a job cut short is retried after its heartbeat lapses.
    await jobs.stop();
    setJobQueue(undefined);
    await database.close();
    setDatabase(undefined);
    log.info("stopped");
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
  return server;
}
