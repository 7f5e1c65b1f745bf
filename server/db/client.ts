import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import * as schema from "./schema";

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
  close(): Promise<void>;
};

export type OpenOptions =
  | { url: string; poolSize?: number; applicationName?: string }
  /** `dir` undefined: in memory (tests). */
  | { url?: undefined; dir?: string };

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;
function checkChannel(channel: string) {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite does not stop a second process from opening the same folder, and two
 * writers corrupt it. A lock file with our pid keeps a second process out; one
 * left behind by a killed process is taken over.
 */
export function lockDataFolder(dir: string): () => void {
  const file = path.join(dir, "founderbridge.lock");
  try {
    writeFileSync(file, String(process.pid), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const holder = Number(readFileSync(file, "utf8").trim());
    if (holder && holder !== process.pid && processIsAlive(holder)) {
      throw new DatabaseLockedError(
        `The embedded database in ${dir} is in use by process ${holder}. Stop that server first.`,
      );
    }
    writeFileSync(file, String(process.pid));
  }
  return () => {
    try {
      if (readFileSync(file, "utf8").trim() === String(process.pid)) unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
}

export class DatabaseLockedError extends Error {}

async function openPglite(dir: string | undefined): Promise<DatabaseHandle> {
  let unlock = () => {};
  if (dir) {
    mkdirSync(dir, { recursive: true });
    unlock = lockDataFolder(dir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    async listen(channel, onPayload) {
      checkChannel(channel);
      const unsubscribe = await client.listen(channel, onPayload);
      return unsubscribe;
    },
    async notify(channel, payload) {
      checkChannel(channel);
      await client.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
    async close() {
      if (!client.closed) await client.close();
      unlock();
    },
  };
}

async function openPostgres(url: string, poolSize = 10, applicationName = "founderbridge") {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    application_name: applicationName,
  });
  // A pool error (e.g. the server restarting) must not crash the process;
  // the next query reconnects.
  pool.on("error", () => {});
  // Fail fast with a clear error when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;

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
    const lost = () => {
      if (listener !== client) return;
      listener = undefined;
      client.end().catch(() => {});
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
    reconnectTimer = setTimeout(async () => {
      reconnectTimer = undefined;
      try {
        const client = await listenerClient();
        for (const channel of handlers.keys()) await client.query(`LISTEN ${channel}`);
      } catch {
        scheduleReconnect(Math.min(delay * 2, 5_000));
        return;
      }
      for (const set of reconnectHandlers.values()) for (const fn of [...set]) fn();
    }, delay);
    reconnectTimer.unref?.();
  }

  const handle: DatabaseHandle = {
    db,
    kind: "postgres",
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
    async close() {
      closing = true;
      clearTimeout(reconnectTimer);
      const current = listener;
      listener = undefined;
      await current?.end().catch(() => {});
      await pool.end();
    },
  };
  return handle;
}

export function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.poolSize, options.applicationName);
  return openPglite("dir" in options ? options.dir : undefined);
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
