import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { ensurePrivateDir, narrowTree } from "../data-dir";
import * as schema from "./schema";
import { lockDataFolder } from "./data-folder-lock";
import { guardPool, listenConnection } from "./postgres-connections";

export { DatabaseLockedError, lockDataFolder } from "./data-folder-lock";

export type Schema = typeof schema;
/** One type for both drivers: every query is written once. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /**
   * Subscribes to a LISTEN/NOTIFY channel; returns the unsubscribe function.
   * On PostgreSQL a lost LISTEN connection (a restart, a network drop) is
   * reopened with back-off and the channels listened to again; notifications
   * sent meanwhile are lost, so `onReconnect` is called then, for the
   * subscriber to catch up (e.g. resend state, clear caches).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Checks that the database answers (SELECT 1) within `timeoutMs`, for the
   * readiness probe. On PostgreSQL it runs on a connection of its own, never
   * queued behind the pool's traffic; concurrent pings share one.
   */
  ping(timeoutMs: number): Promise<void>;
  /**
   * What the job queue (server/jobs) connects with: the embedded PGlite
   * instance itself (one connection, shared), or the PostgreSQL address (the
   * queue keeps a small pool of its own).
   */
  queueBackend: { kind: "pglite"; client: PGlite } | { kind: "postgres"; url: string };
  close(): Promise<void>;
};

/** Where the PostgreSQL driver reports lost and restored connections (pino's shape). */
export type DatabaseLog = {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
};

/**
 * Bounds on how long a request waits for PostgreSQL: a statement's run time
 * and a lock wait (set on every pooled session), and a connection, new or
 * from the pool's queue. 0: no bound.
 */
export type DatabaseTimeouts = { statementMs?: number; lockMs?: number; connectMs?: number };

export type OpenOptions =
  | {
      url: string;
      poolSize?: number;
      applicationName?: string;
      log?: DatabaseLog;
      /** In ms, 0 or absent: none (scripts, tests); the server passes its configuration. */
      timeouts?: DatabaseTimeouts;
    }
  /**
   * `dir` undefined: in memory (tests). `loadDataDir`: start from a dumped data
   * folder (PGlite's dumpDataDir), as the tests' migrated template is copied.
   * `warn` hears that the folder was open to other users and has been narrowed
   * (default: console.warn).
   */
  | { url?: undefined; dir?: string; loadDataDir?: Blob; warn?: (message: string) => void };

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;
function checkChannel(channel: string) {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
}

async function openPglite(
  dir: string | undefined,
  warn: (message: string) => void,
  loadDataDir?: Blob,
): Promise<DatabaseHandle> {
  let unlock = () => {};
  if (dir) {
    // Private: 0700, a wider folder narrowed with a warning (docs/decisions/0171).
    ensurePrivateDir(dir, warn);
    unlock = lockDataFolder(dir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: dir, loadDataDir, extensions: { pg_trgm } });
  } catch (error) {
    unlock();
    throw error;
  }
  // PGlite makes its files 0666 whatever the umask: narrowed now and at close.
  if (dir) narrowTree(dir);
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    queueBackend: { kind: "pglite", client },
    async listen(channel, onPayload) {
      checkChannel(channel);
      const unsubscribe = await client.listen(channel, onPayload);
      return unsubscribe;
    },
    async notify(channel, payload) {
      checkChannel(channel);
      await client.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
    ping(timeoutMs) {
      // One connection only: the check waits behind whatever runs, for at most timeoutMs.
      return withTimeout(
        client.query("SELECT 1").then(() => {}),
        timeoutMs,
      );
    },
    async close() {
      if (!client.closed) await client.close();
      if (dir) narrowTree(dir);
      unlock();
    },
  };
}

/**
 * `work`, or a rejection after `ms` (work's own later failure is then ignored).
 * When the process was too busy to run anything for a while (CPU starvation),
 * its timer and the database's answer are both due at once, and timers run
 * before sockets are read: so the timeout waits one turn of the event loop
 * (setImmediate runs after the sockets are read) and gives way to an answer
 * that had arrived. A database that has not answered still fails, one turn later.
 */
export function withTimeout<T>(work: Promise<T>, ms: number, onTimeout?: () => void): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settled = false;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      setImmediate(() => {
        if (settled) return;
        onTimeout?.();
        reject(new Error(`the database did not answer within ${ms} ms`));
      });
    }, ms);
  });
  work.then(
    () => (settled = true),
    () => (settled = true),
  );
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The readiness probe's own PostgreSQL connection: opened on first use, kept,
 * and replaced when it fails or does not answer in time. A ping that fails on
 * a connection that had been open tries once more on a new one (within the
 * same time limit): a connection dropped since the last ping is not "down".
 */
function reservedConnection(url: string, applicationName: string) {
  let current: pg.Client | undefined;
  let pending: Promise<void> | undefined;
  let closed = false;

  const drop = (client: pg.Client) => {
    if (current === client) current = undefined;
    client.end().catch(() => {});
  };

  async function open(timeoutMs: number): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: url,
      application_name: applicationName,
      connectionTimeoutMillis: timeoutMs,
      statement_timeout: timeoutMs,
    });
    client.on("error", () => drop(client));
    client.on("end", () => drop(client));
    await client.connect();
    if (closed) {
      drop(client);
      throw new Error("closed");
    }
    current = client;
    return client;
  }

  async function check(timeoutMs: number) {
    const reused = current;
    if (reused) {
      try {
        await reused.query("SELECT 1");
        return;
      } catch {
        drop(reused);
      }
    }
    const client = await open(timeoutMs);
    try {
      await client.query("SELECT 1");
    } catch (error) {
      drop(client);
      throw error;
    }
  }

  return {
    ping(timeoutMs: number): Promise<void> {
      pending ??= withTimeout(check(timeoutMs), timeoutMs, () => {
        if (current) drop(current);
      }).finally(() => {
        pending = undefined;
      });
      return pending;
    },
    async close() {
      closed = true;
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}

async function openPostgres(
  url: string,
  poolSize = 10,
  applicationName = "founderbridge",
  log?: DatabaseLog,
  timeouts: DatabaseTimeouts = {},
) {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    application_name: applicationName,
    // Sent at connection start-up: the session's defaults, which SET LOCAL can still change.
    ...(timeouts.statementMs ? { statement_timeout: timeouts.statementMs } : {}),
    ...(timeouts.lockMs ? { lock_timeout: timeouts.lockMs } : {}),
    ...(timeouts.connectMs ? { connectionTimeoutMillis: timeouts.connectMs } : {}),
  });
  guardPool(pool, log);
  // Fail fast with a clear error when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  const reserved = reservedConnection(url, applicationName);
  const listening = listenConnection(url, applicationName, log);

  const handle: DatabaseHandle = {
    db,
    kind: "postgres",
    queueBackend: { kind: "postgres", url },
    async listen(channel, onPayload, onReconnect) {
      checkChannel(channel);
      return listening.listen(channel, onPayload, onReconnect);
    },
    async notify(channel, payload) {
      checkChannel(channel);
      await pool.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
    ping(timeoutMs) {
      return reserved.ping(timeoutMs);
    },
    async close() {
      await listening.close();
      await reserved.close();
      await pool.end();
    },
  };
  return handle;
}

export function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const { url, poolSize, applicationName, log, timeouts } = options;
    return openPostgres(url, poolSize, applicationName, log, timeouts);
  }
  // No address (or an empty one): the embedded database.
  const { dir, loadDataDir, warn } = options as {
    dir?: string;
    loadDataDir?: Blob;
    warn?: (message: string) => void;
  };
  return openPglite(dir, warn ?? ((message) => console.warn(message)), loadDataDir);
}

// The process's database, opened once at start-up. Kept on globalThis so that
// the dev server's module reloads reuse it (two PGlite instances must never
// open the same folder).
const globalKey = Symbol.for("founderbridge.database");
type GlobalWithDb = typeof globalThis & { [globalKey]?: DatabaseHandle };

export function setDatabase(handle: DatabaseHandle | undefined) {
  (globalThis as GlobalWithDb)[globalKey] = handle;
}

export function getDatabaseHandle(): DatabaseHandle {
  const handle = (globalThis as GlobalWithDb)[globalKey];
  if (!handle) throw new Error("The database is not open yet (server/main.ts opens it).");
  return handle;
}

/** The process's Drizzle database. */
export function db(): Database {
  return getDatabaseHandle().db;
}
