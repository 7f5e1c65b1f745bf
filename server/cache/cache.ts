/**
 * In-process TTL caches with the spec's lifetimes (docs/product/reading.md#caching), dropped on
 * every instance when the data behind them changes.
 *
 * Each cache belongs to one or more scopes ("posts", "categories",
 * "settings"). A write anywhere — this process, another instance, an admin
 * with psql — makes the database send NOTIFY cache_invalidate '<scope>' (the
 * triggers of migration 0002), and every instance listening clears the caches
 * of that scope. invalidate() does the same by hand.
 *
 * A payload may name what changed after a "|": "posts|post:12 category:3
 * list:all" (decision 0104). Caches that can drop entries by key (the page
 * cache, whose pages declare the keys they show) drop only those; the others
 * clear the whole scope as before.
 */
import { LRUCache } from "lru-cache";

/**
 * "comments" is sent when only posts.comment_count changed (a comment added or
 * deleted): it reaches the caches a member reads a post's count from, not the
 * lists or the visitors' page cache (migration 0011, decision 0017).
 */
export type CacheScope =
  "posts" | "categories" | "settings" | "redirects" | "banned_words" | "comments";

/** Every scope but "comments": what the visitors' page cache is cleared by. */
export const PAGE_CACHE_SCOPES: CacheScope[] = [
  "posts",
  "categories",
  "settings",
  "redirects",
  "banned_words",
];

export const MINUTE = 60_000;

/** docs/product/reading.md#categories: published posts list 3 minutes, a single post 5, categories 10, most viewed 5. */
export const CACHE_TTL = {
  postList: 3 * MINUTE,
  post: 5 * MINUTE,
  categories: 10 * MINUTE,
  mostViewed: 5 * MINUTE,
  settings: 10 * MINUTE,
} as const;

/** docs/product/reading.md: expired entries are cleaned every 60 seconds. */
export const SWEEP_INTERVAL_MS = 60_000;

export const INVALIDATION_CHANNEL = "cache_invalidate";

/** A cache the invalidations reach; scopes "all": every invalidation clears it. */
export type RegisteredCache = {
  name: string;
  scopes: CacheScope[] | "all";
  clear(): void;
  purgeStale(): void;
  /** Drops only the entries that show any of these keys (else clear() is called). */
  invalidateKeys?(keys: readonly string[]): void;
};
type AnyCache = RegisteredCache;

const registry = new Set<AnyCache>();
let sweeper: ReturnType<typeof setInterval> | undefined;

/** Drops expired entries from every cache (run every SWEEP_INTERVAL_MS). */
export function sweepExpired() {
  for (const cache of registry) cache.purgeStale();
}

function ensureSweeper() {
  if (sweeper) return;
  sweeper = setInterval(sweepExpired, SWEEP_INTERVAL_MS);
  sweeper.unref();
}

export type TtlCache<V extends object> = {
  /** The cached value, or the loader's (one load at a time per key). */
  get(key: string, load: () => Promise<V>): Promise<V>;
  clear(): void;
  readonly size: number;
};

export function createCache<V extends object>(options: {
  name: string;
  ttl: number;
  scopes: CacheScope[];
  max?: number;
  /** The clock (tests). */
  now?: () => number;
}): TtlCache<V> {
  const store = new LRUCache<string, V>({
    max: options.max ?? 500,
    ttl: options.ttl,
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
  });
  const inflight = new Map<string, Promise<V>>();
  // Bumped by clear(): a load that started before an invalidation is not stored.
  let generation = 0;
  const cache: TtlCache<V> & AnyCache = {
    name: options.name,
    scopes: options.scopes,
    async get(key, load) {
      const hit = store.get(key);
      if (hit !== undefined) return hit;
      const pending = inflight.get(key);
      if (pending) return pending;
      const started = generation;
      const promise = load()
        .then((value) => {
          if (started === generation) store.set(key, value);
          return value;
        })
        .finally(() => inflight.delete(key));
      inflight.set(key, promise);
      return promise;
    },
    clear() {
      generation += 1;
      store.clear();
      inflight.clear();
    },
    purgeStale() {
      store.purgeStale();
    },
    get size() {
      return store.size;
    },
  };
  registry.add(cache);
  ensureSweeper();
  return cache;
}

/** Registers a cache not made by createCache (the page cache) for invalidation and sweeping. */
export function registerCache(cache: RegisteredCache) {
  registry.add(cache);
  ensureSweeper();
}

/**
 * Clears every cache of the given scopes in this process; with keys, a cache
 * that can drop entries by key drops only those (decision 0104).
 */
export function invalidateLocal(scopes: readonly string[], keys?: readonly string[]) {
  for (const cache of registry) {
    if (cache.scopes === "all" || cache.scopes.some((scope) => scopes.includes(scope))) {
      if (keys?.length && cache.invalidateKeys) cache.invalidateKeys(keys);
      else cache.clear();
    }
  }
}

/** "posts|post:1 list:all" → scopes ["posts"], keys ["post:1", "list:all"]; "posts,settings" → no keys. */
export function parseInvalidation(payload: string): { scopes: string[]; keys?: string[] } {
  const bar = payload.indexOf("|");
  const scopes = (bar === -1 ? payload : payload.slice(0, bar))
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (bar === -1) return { scopes };
  const keys = payload
    .slice(bar + 1)
    .split(/\s+/)
    .filter(Boolean);
  return keys.length ? { scopes, keys } : { scopes };
}

/** Clears every cache in this process (tests, and after a lost LISTEN connection). */
export function clearAllCaches() {
  for (const cache of registry) cache.clear();
}

type Notifier = {
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
};

/**
 * Subscribes this process to the invalidation channel. The payload is a
 * scope, or several separated by commas. When the listening connection had
 * to be reopened, invalidations sent meanwhile were lost: everything is
 * cleared then. Listening starts from empty caches too: what they hold was
 * read before this subscription (from another database, in a test worker
 * that serves one database per file: decision 0240), so no invalidation would
 * reach it.
 */
export function listenForInvalidations(handle: Notifier): Promise<() => Promise<void>> {
  clearAllCaches();
  return handle.listen(
    INVALIDATION_CHANNEL,
    (payload) => {
      const { scopes, keys } = parseInvalidation(payload);
      invalidateLocal(scopes, keys);
    },
    clearAllCaches,
  );
}
