import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { ensurePrivateDir, narrowTree } from "../data-dir";
import { currentNotes, noteDatabaseError } from "./errors";
import * as schema from "./schema";
import { lockDataFolder } from "./data-folder-lock";

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

/** The driver's error, as it goes in a log line (no query text, no values). */
function errorDetails(error: unknown) {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return { code: typeof code === "string" ? code : undefined, message: String(message ?? error) };
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Makes a pooled client safe to lose and tells the request about it. A client
 * emits "error" when its connection drops (pg_terminate_backend, a restart,
 * a network cut); the pool listens only while the client is idle, so a client
 * checked out (inside a transaction) had no listener and the error crashed the
 * process. Every client now has one for its whole life; the request in flight
 * gets the failed query's error, and the pool drops the dead client when it
 * is released and opens a new one on demand. Each query's error is noted on
 * the request that ran it (server/db/errors.ts), so its 5xx becomes a 503.
 */
function guardPooledClient(client: pg.PoolClient, onLost: (error: unknown) => void) {
  let lost = false;
  client.on("error", (error) => {
    if (lost) return;
    lost = true;
    onLost(error);
  });
  const query = client.query.bind(client) as QueryFn;
  (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
    const last = args.at(-1);
    if (typeof last === "function") {
      // The callback runs from the socket's events, outside the request: bind its notes now.
      const notes = currentNotes();
      args[args.length - 1] = (error: unknown, result: unknown) => {
        if (error) noteDatabaseError(error, notes);
        (last as (error: unknown, result: unknown) => void)(error, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        noteDatabaseError(error);
        // Drizzle sends BEGIN on a checked-out client before its try/finally: when BEGIN
        // fails (the connection just dropped) it never releases the client, and the pool
        // would keep the dead one for good, one slot fewer each time. Release it here.
        if (isBegin(args[0])) {
          try {
            client.release(error instanceof Error ? error : true);
          } catch {
            // Released already.
          }
        }
      });
    }
    return result;
  };
}

function isBegin(query: unknown): boolean {
  const text = typeof query === "string" ? query : (query as { text?: unknown } | null)?.text;
  return typeof text === "string" && /^\s*begin\b/i.test(text);
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
  // Connections lost since the last one that opened: logged once each, and
  // once more when the pool has a working connection again.
  let lostSinceConnect = 0;
  pool.on("connect", (client) => {
    guardPooledClient(client, (error) => {
      lostSinceConnect += 1;
      log?.warn(
        { err: errorDetails(error) },
        "database connection lost; the pool opens a new one when needed",
      );
    });
    if (lostSinceConnect > 0) {
      log?.info({ lost: lostSinceConnect }, "database connection restored");
      lostSinceConnect = 0;
    }
  });
  // The pool re-emits an idle client's error here; the client's own listener
  // above has logged it. Without a listener the process would crash.
  pool.on("error", () => {});
  // Fail fast with a clear error when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  const reserved = reservedConnection(url, applicationName);

  // One dedicated connection carries every LISTEN of this process. When it is
  // lost it is reopened (100 ms, doubling up to 5 s) and listens again.
  let listener: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let closing = false;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const reconnectHandlers = new Map<string, Set<() => void>>();

  async function connectListener() {
    const client = new pg.Client({ connectionString: url, application_name: applicationName });
    const lost = (error?: unknown) => {
      if (listener !== client) return;
      listener = undefined;
      client.end().catch(() => {});
      log?.warn(
        { err: errorDetails(error ?? "connection ended") },
        "database LISTEN connection lost; reconnecting",
      );
      scheduleReconnect(100);
    };
    client.on("error", lost);
    client.on("end", lost);
    client.on("notification", (msg) => {
      for (const fn of handlers.get(msg.channel) ?? []) fn(msg.payload ?? "");
    });
    await client.connect();
    return client;
  }

  function listenerClient(): Promise<pg.Client> {
    if (listener) return Promise.resolve(listener);
    connecting ??= connectListener()
      .then((client) => (listener = client))
      .finally(() => {
        connecting = undefined;
      });
    return connecting;
  }

  function scheduleReconnect(delay: number) {
    if (reconnectTimer || closing || handlers.size === 0) return;
    const reconnect = async () => {
      reconnectTimer = undefined;
      try {
        const client = await listenerClient();
        for (const channel of handlers.keys()) await client.query(`LISTEN ${channel}`);
      } catch {
        scheduleReconnect(Math.min(delay * 2, 5_000));
        return;
      }
      log?.info(
        { channels: [...handlers.keys()] },
        "database LISTEN connection restored; caches guarded by it are dropped",
      );
      for (const set of reconnectHandlers.values()) for (const fn of [...set]) fn();
    };
    reconnectTimer = setTimeout(() => {
      reconnect().catch((error: unknown) => {
        log?.warn({ err: errorDetails(error) }, "restoring the database LISTEN connection failed");
      });
    }, delay);
    reconnectTimer.unref?.();
  }

  const handle: DatabaseHandle = {
    db,
    kind: "postgres",
    queueBackend: { kind: "postgres", url },
    async listen(channel, onPayload, onReconnect) {
      checkChannel(channel);
      const client = await listenerClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`LISTEN ${channel}`);
      }
      set.add(onPayload);
      let resyncs = reconnectHandlers.get(channel);
      if (onReconnect) {
        if (!resyncs) reconnectHandlers.set(channel, (resyncs = new Set()));
        resyncs.add(onReconnect);
      }
      return async () => {
        set.delete(onPayload);
        if (onReconnect) resyncs?.delete(onReconnect);
        if (set.size === 0) {
          handlers.delete(channel);
          reconnectHandlers.delete(channel);
          await listener?.query(`UNLISTEN ${channel}`).catch(() => {});
        }
      };
    },
    async notify(channel, payload) {
      checkChannel(channel);
      await pool.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
    ping(timeoutMs) {
      return reserved.ping(timeoutMs);
    },
    async close() {
      closing = true;
      clearTimeout(reconnectTimer);
      const current = listener;
      listener = undefined;
      await current?.end().catch(() => {});
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
