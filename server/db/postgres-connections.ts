/**
 * The PostgreSQL driver's connections beside the queries (client.ts opens the
 * pool): every pooled client guarded against a lost connection, and the one
 * connection that carries every LISTEN of the process, reopened when lost.
 */
import pg from "pg";
import type { DatabaseLog } from "./client";
import { currentNotes, noteDatabaseError } from "./errors";

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

/** Every client the pool opens is guarded; a lost one is logged, and so is the recovery. */
export function guardPool(pool: pg.Pool, log: DatabaseLog | undefined) {
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
}

/**
 * The LISTEN connection: opened on the first `listen`, shared by every
 * channel; `close` ends it for good.
 */
export function listenConnection(url: string, applicationName: string, log?: DatabaseLog) {
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

  return {
    /** Listens on `channel` (checked by the caller); answers the unsubscribe function. */
    async listen(
      channel: string,
      onPayload: (payload: string) => void,
      onReconnect?: () => void,
    ): Promise<() => Promise<void>> {
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
    async close() {
      closing = true;
      clearTimeout(reconnectTimer);
      const current = listener;
      listener = undefined;
      await current?.end().catch(() => {});
    },
  };
}
