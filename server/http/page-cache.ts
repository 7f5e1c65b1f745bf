/**
 * Full-page cache for anonymous reader pages (docs/decisions/0007, 0104, 0105).
 *
 * A signed-out visitor's GET or HEAD of a page whose route declared it public
 * (Cache-Control: public, see app/features/layout/cache-headers.ts) is
 * rendered once and then served from memory until a write that touches what
 * it shows drops it, its short TTL runs out, or the byte-bounded LRU evicts it.
 *
 * Each entry is the page as rendered, once plain and once each in brotli and
 * gzip, compressed once when it is kept (decision 0105): a hit does no
 * compression work and holds exactly those three buffers, whose bytes are what
 * the LRU counts. The page carries its render's CSP nonce, which a hit must
 * not reuse: a hit's CSP allows the page's inline scripts by their SHA-256
 * hashes (computed once) and its own files by 'self', in place of the nonce.
 *
 * Invalidation by key (decision 0104): a page declares what it shows in the
 * X-Page-Cache-Keys response header (post:ID, category:ID, list:all…, see
 * app/features/layout/cache-headers.ts), which is kept with the entry and never
 * sent. A write's NOTIFY names the keys it changes (migration 0015); the cache
 * marks the entries that show any of them as dropped. A payload without keys
 * (settings, navigation) drops every entry.
 *
 * Single flight and stale-while-revalidate: one render per page at a time.
 * The first request for an expired or dropped page renders it; requests
 * arriving meanwhile get the old copy (X-Page-Cache: stale), or, when there
 * is none, wait for the render and are served its result.
 *
 * Members' shared page (decision 0154): a request with a session cookie is
 * answered from the cache only when `sharedMember` says this member's page
 * differs from every other such member's only in the personal slots (an
 * approved plain member on a route of MEMBER_SHARED_ROUTES). Their page is
 * a variant of its own, the same for all of them, rendered with the auth
 * cookies taken off the request: no loader can see who asked, so nothing
 * personal can be rendered into it. The page says so to the document
 * (res.locals.sharedMemberPage), which renders the member's slots empty, at
 * their size, and fills them from one private request (/api/viewer). Those
 * answers are `private, no-store`.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import { PAGE_CACHE_SCOPES, registerCache } from "../cache/cache";
import { notePageCache, routePatternOf } from "./metrics";
import { buildEntry, holdRender, PAGE_KEYS_HEADER, send, type Entry } from "./page-cache-entry";

export {
  buildEntry,
  cachedPagePolicy,
  ENTRY_BROTLI_QUALITY,
  ENTRY_GZIP_LEVEL,
  inlineScriptHashes,
  PAGE_KEYS_HEADER,
  type Entry,
} from "./page-cache-entry";

/** Query parameters a page may be cached with; any other parameter bypasses the cache. */
const CACHEABLE_QUERY: Record<string, readonly string[]> = {
  "/": ["category", "page"],
  "/search": ["q", "page"],
};
/** The same for the paged archives under these prefixes (docs/decisions/0110). */
const CACHEABLE_QUERY_BY_PREFIX: [string, readonly string[]][] = [
  ["/categories/", ["page"]],
  ["/tag/", ["page"]],
];

/** Better Auth's cookies (session, and the state of a sign-in in progress). */
const AUTH_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\./;

/**
 * Route patterns whose page a member may be served from the shared cache
 * (decision 0154): what differs between members there is only the header's
 * account area and bell, the post's saved state and the comment box. Other
 * pages (profiles, listings with their own controls, anything not public) are
 * rendered per member.
 */
export const MEMBER_SHARED_ROUTES: ReadonlySet<string> = new Set([
  "/",
  "/post/:slug",
  "/:category/:slug",
]);

/** The longest a request waits for another's render of the same page before rendering it too. */
const SINGLE_FLIGHT_WAIT_MS = 10_000;

/** Invalidations remembered to decide whether a render that overlapped one may be kept. */
const INVALIDATION_LOG = 256;

export const PAGE_CACHE_DEFAULTS = {
  /** Bounds what triggers do not cover (view counts, relative dates): as long as a CDN keeps it. */
  ttlMs: 60_000,
  maxBytes: 64 * 1024 * 1024,
} as const;

export type PageCacheOptions = {
  ttlMs?: number;
  maxBytes?: number;
  /** The visitor's consent state (app/features/consent/page-variant.server.ts). */
  variant: (headers: IncomingHttpHeaders) => string;
  /**
   * Whether this signed-in request may get the members' shared page of this
   * path (decision 0154); absent: a request with an auth cookie is never
   * answered from the cache.
   */
  sharedMember?: (req: Request) => Promise<boolean>;
};

export type PageCache = RequestHandler & {
  clear(): void;
  /** Marks the pages that show any of these keys as dropped. */
  invalidateKeys(keys: readonly string[]): void;
  readonly size: number;
  /** The bytes the cache counts (what the LRU is bounded by). */
  readonly bytes: number;
  /** Every entry kept now (tests: the counted bytes against the held ones). */
  entries(): Entry[];
};

/** Whether the request carries any of Better Auth's cookies (a session, a sign-in under way). */
export function carriesAuthCookie(req: Request): boolean {
  return AUTH_COOKIE.test(req.headers.cookie ?? "");
}

/** The request's cookies without Better Auth's: what the members' shared page is rendered with. */
export function withoutAuthCookies(cookie: string): string {
  return cookie
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part && !/^(?:__Secure-)?better-auth\./.test(part))
    .join("; ");
}

/** The cache key of a request, or undefined when it must not be cached. */
export function pageCacheKey(req: Request): string | undefined {
  if (carriesAuthCookie(req)) return undefined;
  return pageCachePath(req);
}

/** The cache key of a request's address (whoever asks), or undefined when it must not be cached. */
export function pageCachePath(req: Request): string | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  const url = req.originalUrl;
  const q = url.indexOf("?");
  const pathname = q === -1 ? url : url.slice(0, q);
  if (pathname.startsWith("/api/") || pathname.endsWith(".data")) return undefined;
  if (q === -1) return pathname;
  const allowed =
    CACHEABLE_QUERY[pathname] ??
    CACHEABLE_QUERY_BY_PREFIX.find(([prefix]) => pathname.startsWith(prefix))?.[1] ??
    [];
  const params = new URLSearchParams(url.slice(q + 1));
  const kept: [string, string][] = [];
  for (const [name, value] of params) {
    if (!allowed.includes(name) || kept.some(([n]) => n === name)) return undefined;
    kept.push([name, value]);
  }
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return kept.length ? `${pathname}?${new URLSearchParams(kept).toString()}` : pathname;
}

/**
 * The middleware. Put it just before the page renderer, after anything that
 * answers without rendering (redirects, static files, the API).
 */
export function pageCache(options: PageCacheOptions): PageCache {
  const state: CacheState = {
    store: new LRUCache<string, Entry>({
      maxSize: options.maxBytes ?? PAGE_CACHE_DEFAULTS.maxBytes,
      sizeCalculation: (entry) => entry.size,
      ttl: options.ttlMs ?? PAGE_CACHE_DEFAULTS.ttlMs,
      // An expired page stays until the sweep, to be served while it is rendered again.
      noDeleteOnStaleGet: true,
    }),
    rendering: new Map(),
    invalidations: invalidationLog(),
  };
  const { store, invalidations } = state;

  const middleware: RequestHandler = (req, res, next) => {
    if (!carriesAuthCookie(req)) {
      const path = pageCachePath(req);
      if (path === undefined) return next();
      return serve(state, req, res, next, `${path}\n${options.variant(req.headers)}`);
    }
    const sharedMember = options.sharedMember;
    const path = sharedMember ? pageCachePath(req) : undefined;
    if (!sharedMember || path === undefined) return next();
    const route = routePatternOf(req.path);
    if (route === undefined || !MEMBER_SHARED_ROUTES.has(route)) return next();
    sharedMember(req).then(
      (shared) => {
        if (!shared) return next();
        // Rendered without the member: the loaders see a reader, the document the member's slots.
        res.locals.sharedMemberPage = true;
        const cookie = withoutAuthCookies(req.headers.cookie ?? "");
        if (cookie) req.headers.cookie = cookie;
        else delete req.headers.cookie;
        serve(state, req, res, next, `${path}\n${options.variant(req.headers)}\nmember`);
      },
      (error: unknown) => next(error),
    );
  };

  const clear = () => {
    invalidations.note("all");
    store.clear();
  };
  const invalidateKeys = (list: readonly string[]) => {
    const dropped = new Set(list);
    invalidations.note(dropped);
    for (const entry of store.values()) {
      if (entry.dropped) continue;
      for (const key of entry.keys) {
        if (dropped.has(key)) {
          entry.dropped = true;
          break;
        }
      }
    }
  };
  const cache = Object.defineProperties(middleware, {
    clear: { value: clear },
    invalidateKeys: { value: invalidateKeys },
    size: { get: () => store.size },
    bytes: { get: () => store.calculatedSize },
    entries: { value: () => [...store.values()] },
  }) as PageCache;
  registerCache({
    name: "page-cache",
    // Not "comments": a new comment would empty every instance's cache; visitors see the count
    // and the server-rendered comments at most 60 s late, as through a CDN (decision 0017).
    scopes: PAGE_CACHE_SCOPES,
    clear,
    invalidateKeys,
    purgeStale: () => void store.purgeStale(),
  });
  return cache;
}

type CacheState = {
  store: LRUCache<string, Entry>;
  /** Single flight: the render of each key under way, settled when its answer is out. */
  rendering: Map<string, Promise<void>>;
  invalidations: ReturnType<typeof invalidationLog>;
};

/** Recent invalidations, numbered: a render that overlapped one touching its page is not kept. */
function invalidationLog() {
  let sequence = 0;
  const recent: { seq: number; keys: ReadonlySet<string> | "all" }[] = [];
  return {
    /** The number of the last invalidation: where a render starts from. */
    get sequence() {
      return sequence;
    },
    note(keys: ReadonlySet<string> | "all") {
      sequence += 1;
      recent.push({ seq: sequence, keys });
      if (recent.length > INVALIDATION_LOG) recent.shift();
    },
    /** Whether a page rendered from `started` on, showing `keys`, was touched by no write since. */
    stillCurrent(started: number, keys: ReadonlySet<string>): boolean {
      if (started === sequence) return true;
      if (!recent.length || recent[0]!.seq > started + 1) return false;
      for (const { seq, keys: dropped } of recent) {
        if (seq <= started) continue;
        if (dropped === "all") return false;
        for (const key of dropped) if (keys.has(key)) return false;
      }
      return true;
    },
  };
}

function serve(state: CacheState, req: Request, res: Response, next: NextFunction, key: string) {
  const { store, rendering } = state;
  const fresh = store.get(key);
  if (fresh && !fresh.dropped) return send(req, res, fresh, "hit");

  // Someone renders this page now: take the old copy if there is one, else wait for that
  // render and serve its page.
  const pending = rendering.get(key);
  if (pending) {
    const old = fresh ?? store.get(key, { allowStale: true });
    if (old) return send(req, res, old, "stale");
    const waited = Promise.race([
      pending,
      new Promise<void>((resolve) => setTimeout(resolve, SINGLE_FLIGHT_WAIT_MS).unref()),
    ]);
    void waited.then(() => {
      if (res.headersSent || res.destroyed) return;
      const rendered = store.get(key);
      if (rendered && !rendered.dropped) return send(req, res, rendered, "hit");
      // Not kept (an error, a private answer, a write meanwhile): render it here.
      miss(state, req, res, next, key);
    });
    return;
  }
  miss(state, req, res, next, key);
}

/** Renders the page; a page that may be kept is held, kept unless a write overlapped, and sent. */
function miss(state: CacheState, req: Request, res: Response, next: NextFunction, key: string) {
  const { store, rendering, invalidations } = state;
  res.setHeader("X-Page-Cache", "miss");
  notePageCache("miss");
  if (req.method !== "GET") {
    res.removeHeader(PAGE_KEYS_HEADER);
    return next();
  }

  const started = invalidations.sequence;
  holdRender(res, ({ html, headers, keys, end, callback }) => {
    buildEntry(html, headers, keys).then(
      (entry) => {
        if (invalidations.stillCurrent(started, keys)) store.set(key, entry);
        if (res.destroyed) return;
        send(req, res, entry, "miss", end);
        if (callback) process.nextTick(callback);
      },
      (error: unknown) => {
        if (!res.destroyed) res.destroy(error as Error);
      },
    );
  });

  const settled = new Promise<void>((resolve) => res.once("close", resolve));
  rendering.set(key, settled);
  void settled.then(() => {
    if (rendering.get(key) === settled) rendering.delete(key);
    // Not rendered again (a 404 now, an error): the old copy is not served any longer.
    const old = store.get(key, { allowStale: true });
    if (old && (old.dropped || store.getRemainingTTL(key) <= 0)) store.delete(key);
  });
  next();
}
