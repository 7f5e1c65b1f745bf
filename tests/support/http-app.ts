/**
 * The whole Express app (createApp of app/entry.express.ts, every middleware and React
 * Router route) on 127.0.0.1, on a test database, for HTTP-level tests. The app is
 * the production build, build/server/index.js, as `npm start` serves it: loaded by
 * Node once per test file in well under a second, where a Vite dev server per file
 * took about 6 s to transform the app on its first request. The integration
 * project's global set-up rebuilds it when the code is newer (fresh-build.ts).
 * Nothing is mocked: the auth instance is the real one, only its mail goes to an
 * array. The app reaches the database, runtime, auth and queue set here through
 * globalThis (server/db/client.ts and the others), as in production.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Express } from "express";
import { SERVER_BUILD } from "./fresh-build";
import type { TestDatabase } from "./test-database";
import { loadConfig, type Config } from "#server/config";
import { setDatabase } from "#server/db/client";
import { JobQueue, setJobQueue } from "#server/jobs/queue";
import { createLogger } from "#server/logger";
import type { MailMessage, Mailer } from "#server/mail/index";
import { setRuntime } from "#server/runtime";
import { createStorage } from "#server/storage/index";
import { createAuth, type Auth } from "#server/auth/auth";
import { setAuthServices } from "#server/auth/index";
import { listenLocal } from "./listen-local";

export const TEST_SECRET = "a-test-secret-that-is-long-enough-0123456789";

export { listenLocal };

export type TestApp = {
  url: string;
  config: Config;
  auth: Auth;
  mail: MailMessage[];
  /** The job queue the app enqueues to (nothing runs its jobs unless the test does). */
  jobs: JobQueue;
  close(): Promise<void>;
};

export async function startTestApp(options: {
  testDb: TestDatabase;
  /** Extra environment for loadConfig (e.g. the LINKEDIN_* variables). */
  env?: Record<string, string>;
  listening?: { server: Server; url: string };
  /** The anonymous full-page cache (off unless asked for; production has it on). */
  pageCache?: boolean;
}): Promise<TestApp> {
  const { server, url } = options.listening ?? (await listenLocal());
  const dataDir = mkdtempSync(path.join(tmpdir(), "founderbridge-http-"));
  const config = loadConfig({
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: new URL(url).port,
    SITE_URL: url,
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: TEST_SECRET,
    LOG_LEVEL: "silent",
    ...options.env,
  });
  const log = createLogger("silent");
  const mail: MailMessage[] = [];
  const mailer: Mailer = {
    kind: "outbox",
    send(message) {
      mail.push(message);
      return Promise.resolve();
    },
    async close() {},
  };
  setDatabase(options.testDb.handle);
  setRuntime({ config, log, storage: createStorage({ dataDir }), startedAt: new Date() });
  const auth = createAuth({
    db: options.testDb.db,
    siteUrl: config.siteUrl,
    siteName: config.siteName,
    secret: config.authSecret,
    mailer,
    linkedin: config.linkedin,
  });
  setAuthServices({ auth, mailer });
  // The job queue, enqueue only: a test runs the jobs it wants (app/features/email).
  const jobs = new JobQueue(options.testDb.handle.queueBackend, log, {
    work: false,
    concurrency: 1,
  });
  await jobs.start();
  setJobQueue(jobs);

  const { createApp, listenForInvalidations } = (await import(
    /* @vite-ignore */ pathToFileURL(SERVER_BUILD).href
  )) as {
    createApp: (options: { config: Config; log: typeof log; pageCache?: boolean }) => Express;
    listenForInvalidations: (handle: TestDatabase["handle"]) => Promise<() => Promise<void>>;
  };
  server.on("request", createApp({ config, log, pageCache: options.pageCache }));
  // As in production: writes clear the app's caches (the bundle's own module instances).
  const stopListening = await listenForInvalidations(options.testDb.handle);

  return {
    url,
    config,
    auth,
    mail,
    jobs,
    async close() {
      await stopListening();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      setAuthServices(undefined);
      await jobs.stop();
      setJobQueue(undefined);
      setRuntime(undefined);
      setDatabase(undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A browser's cookie jar, enough for these tests: one per origin (host and
 * port), expired cookies removed.
 */
export class CookieJar {
  private readonly jars = new Map<string, Map<string, string>>();

  private jar(url: string) {
    const origin = new URL(url).origin;
    let jar = this.jars.get(origin);
    if (!jar) this.jars.set(origin, (jar = new Map<string, string>()));
    return jar;
  }

  store(url: string, response: Response) {
    const jar = this.jar(url);
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const expired = attributes.some((a) => {
        const [key, val = ""] = a.trim().split("=");
        if (/^max-age$/i.test(key!)) return Number(val) <= 0;
        if (/^expires$/i.test(key!)) return new Date(val).getTime() <= Date.now();
        return false;
      });
      if (expired || value === "") jar.delete(name);
      else jar.set(name, value);
    }
  }

  header(url: string): string {
    return [...this.jar(url)].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  get(url: string, name: string): string | undefined {
    return this.jar(url).get(name);
  }
}

/** One request as a browser would send it: the jar's cookies, no redirect following. */
export async function browse(
  jar: CookieJar,
  url: string,
  init: { method?: string; body?: BodyInit; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set("cookie", cookie);
  const response = await fetch(url, { ...init, headers, redirect: "manual" });
  jar.store(url, response);
  return response;
}

/** Where a redirect goes, as an absolute address. */
export function locationOf(response: Response, from: string): string {
  const location = response.headers.get("location");
  if (!location) throw new Error(`expected a redirect from ${from}, got ${response.status}`);
  return new URL(location, from).href;
}
