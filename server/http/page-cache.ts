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
import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import { PAGE_CACHE_SCOPES, registerCache } from "../cache/cache";
import { notePageCache, routePatternOf } from "./metrics";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

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

/** Response headers a hit repeats. Security headers are set afresh on every request. */
const REPLAYED_HEADERS = ["content-type", "cache-control", "vary", "link", "content-language"];

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

/** Cache-Control of a member's answer from the shared cache: nothing shared keeps it. */
const MEMBER_CACHE_CONTROL = "private, no-store";

/** The response header a page declares its keys in (space-separated); never sent. */
export const PAGE_KEYS_HEADER = "X-Page-Cache-Keys";

/** The longest a request waits for another's render of the same page before rendering it too. */
const SINGLE_FLIGHT_WAIT_MS = 10_000;

/** A page larger than this is not kept. */
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;

/**
 * Compression of a kept page, made once per render (decision 0105). On a 92 KB
 * article: brotli 6 is 17.6 KB for 3.2 ms (9: 17.5 KB for 25 ms; 11: 15.9 KB
 * for 154 ms, too dear when a write re-renders pages every few seconds); gzip 6
 * is 19.7 KB for 1.8 ms (9 saves 50 bytes).
 */
export const ENTRY_BROTLI_QUALITY = 6;
export const ENTRY_GZIP_LEVEL = 6;

/** Invalidations remembered to decide whether a render that overlapped one may be kept. */
const INVALIDATION_LOG = 256;

export const PAGE_CACHE_DEFAULTS = {
  /** Bounds what triggers do not cover (view counts, relative dates): as long as a CDN keeps it. */
  ttlMs: 60_000,
  maxBytes: 64 * 1024 * 1024,
} as const;

export type Entry = {
  plain: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** The script-src sources that allow this page's inline scripts, e.g. "'sha256-…' 'sha256-…'". */
  scriptHashes: string;
  headers: [string, string][];
  /** What the page shows (decision 0104). */
  keys: ReadonlySet<string>;
  /** Dropped by a write: served only to requests that arrive while it is rendered again. */
  dropped: boolean;
  size: number;
};

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

function isPublic(cacheControl: unknown): boolean {
  const value = String(cacheControl ?? "").toLowerCase();
  return /\bpublic\b/.test(value) && !/\b(private|no-store|no-cache)\b/.test(value);
}

/** Script types a browser runs (a JSON-LD or JSON block is data: no CSP source needed). */
const DATA_SCRIPT = /\btype\s*=\s*["']?application\/(?:ld\+)?json/i;

/** The hash sources of the page's inline scripts, each once. */
export function inlineScriptHashes(html: string): string {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1]!;
    if (/\bsrc\s*=/i.test(attributes) || DATA_SCRIPT.test(attributes)) continue;
    const digest = createHash("sha256").update(match[2]!, "utf8").digest("base64");
    hashes.add(`'sha256-${digest}'`);
  }
  return [...hashes].join(" ");
}

/**
 * The CSP of a hit: the request's nonce (which the cached page does not carry)
 * and 'strict-dynamic' give way to the page's script hashes and 'self'.
 */
export function cachedPagePolicy(policy: string, nonce: string, scriptHashes: string): string {
  return policy.replace(
    ` 'nonce-${nonce}' 'strict-dynamic'`,
    scriptHashes ? ` ${scriptHashes}` : "",
  );
}

/**
 * A copy in a memory block of exactly its size. Buffer.concat, copies and zlib
 * results may be views of a larger block (the shared pool, a zlib chunk) that
 * a kept view would keep alive whole: the cache would count less than it holds.
 */
function exact(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.length) return buffer;
  const own = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(own);
  return own;
}

export async function buildEntry(
  html: Buffer,
  headers: [string, string][],
  keys: ReadonlySet<string>,
): Promise<Entry> {
  const plain = exact(html);
  const [br, gz] = await Promise.all([
    brotliAsync(plain, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: ENTRY_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
        // A 256 KB window, not 4 MB: each encoder allocates and touches far less (decision 0105).
        [constants.BROTLI_PARAM_LGWIN]: 18,
      },
    }),
    gzipAsync(plain, { level: ENTRY_GZIP_LEVEL }),
  ]);
  const scriptHashes = inlineScriptHashes(plain.toString("utf8"));
  let overhead = 256 + scriptHashes.length;
  for (const [name, value] of headers) overhead += name.length + value.length;
  for (const key of keys) overhead += key.length + 16;
  const entry = {
    plain,
    gzip: exact(gz),
    br: exact(br),
    scriptHashes,
    headers,
    keys,
    dropped: false,
    size: 0,
  };
  entry.size = entry.plain.length + entry.gzip.length + entry.br.length + overhead;
  return entry;
}

type Encoding = "br" | "gzip" | "identity";

function encodingFor(req: Request): Encoding {
  // Browsers list gzip first ("gzip, deflate, br, zstd") but brotli is smaller: ours first.
  if (!req.headers["accept-encoding"]) return "identity";
  if (req.acceptsEncodings("br") === "br") return "br";
  if (req.acceptsEncodings("gzip") === "gzip") return "gzip";
  return "identity";
}

/**
 * Sends an entry. A hit's CSP names the page's script hashes; the request that
 * rendered it (rewritePolicy false) keeps its own nonce, which the page carries.
 */
function send(
  req: Request,
  res: Response,
  entry: Entry,
  how: "hit" | "stale" | "miss",
  end: (...args: unknown[]) => unknown = res.end.bind(res) as (...args: unknown[]) => unknown,
) {
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  if (res.locals.sharedMemberPage === true) res.setHeader("Cache-Control", MEMBER_CACHE_CONTROL);
  res.vary("Accept-Encoding");
  res.setHeader("X-Page-Cache", how);
  if (how !== "miss") {
    notePageCache(how);
    const policy = res.getHeader("content-security-policy");
    if (typeof policy === "string") {
      const nonce = String(res.locals.cspNonce ?? "");
      res.setHeader("Content-Security-Policy", cachedPagePolicy(policy, nonce, entry.scriptHashes));
    }
  }
  const encoding = encodingFor(req);
  const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : entry.plain;
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.status(200);
  if (req.method === "HEAD") end.call(res);
  else end.call(res, body);
}

function toBuffer(chunk: unknown, encoding: unknown): Buffer | undefined {
  if (chunk == null || typeof chunk === "function") return undefined;
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === "string") {
    return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  }
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
  return undefined;
}

/**
 * The middleware. Put it just before the page renderer, after anything that
 * answers without rendering (redirects, static files, the API).
 */
export function pageCache(options: PageCacheOptions): PageCache {
  const store = new LRUCache<string, Entry>({
    maxSize: options.maxBytes ?? PAGE_CACHE_DEFAULTS.maxBytes,
    sizeCalculation: (entry) => entry.size,
    ttl: options.ttlMs ?? PAGE_CACHE_DEFAULTS.ttlMs,
    // An expired page stays until the sweep, to be served while it is rendered again.
    noDeleteOnStaleGet: true,
  });
  /** Single flight: the render of each key under way, settled when its answer is out. */
  const rendering = new Map<string, Promise<void>>();
  /** Recent invalidations, numbered: a render that overlapped one touching its page is not kept. */
  let sequence = 0;
  const recent: { seq: number; keys: ReadonlySet<string> | "all" }[] = [];

  function noteInvalidation(keys: ReadonlySet<string> | "all") {
    sequence += 1;
    recent.push({ seq: sequence, keys });
    if (recent.length > INVALIDATION_LOG) recent.shift();
  }

  /** Whether a page rendered from `started` on, showing `keys`, was touched by no write since. */
  function stillCurrent(started: number, keys: ReadonlySet<string>): boolean {
    if (started === sequence) return true;
    if (!recent.length || recent[0]!.seq > started + 1) return false;
    for (const { seq, keys: dropped } of recent) {
      if (seq <= started) continue;
      if (dropped === "all") return false;
      for (const key of dropped) if (keys.has(key)) return false;
    }
    return true;
  }

  const middleware: RequestHandler = (req, res, next) => {
    if (!carriesAuthCookie(req)) {
      const path = pageCachePath(req);
      if (path === undefined) return next();
      return serve(req, res, next, `${path}\n${options.variant(req.headers)}`);
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
        serve(req, res, next, `${path}\n${options.variant(req.headers)}\nmember`);
      },
      (error: unknown) => next(error),
    );
  };

  function serve(req: Request, res: Response, next: NextFunction, key: string) {
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
        miss(req, res, next, key);
      });
      return;
    }
    miss(req, res, next, key);
  }

  function miss(req: Request, res: Response, next: NextFunction, key: string) {
    res.setHeader("X-Page-Cache", "miss");
    notePageCache("miss");
    if (req.method !== "GET") {
      res.removeHeader(PAGE_KEYS_HEADER);
      return next();
    }

    const started = sequence;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    let chunks: Buffer[] = [];
    let bytes = 0;
    /** Decided at the first write: kept pages are held whole, compressed once, then sent. */
    let mode: "hold" | "pass" | undefined;
    let keys: ReadonlySet<string> = new Set();

    const decide = () => {
      if (mode) return;
      const keysHeader = res.getHeader(PAGE_KEYS_HEADER);
      keys = new Set(
        String(keysHeader ?? "")
          .split(/\s+/)
          .filter(Boolean),
      );
      res.removeHeader(PAGE_KEYS_HEADER);
      const keepable =
        res.statusCode === 200 &&
        String(res.getHeader("content-type") ?? "").startsWith("text/html") &&
        res.getHeader("set-cookie") === undefined &&
        res.getHeader("content-encoding") === undefined &&
        isPublic(res.getHeader("cache-control"));
      mode = keepable ? "hold" : "pass";
    };
    const restore = () => {
      res.write = write as Response["write"];
      res.end = end as Response["end"];
    };

    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      decide();
      if (mode === "hold") {
        const buffer = toBuffer(chunk, rest[0]);
        const callback = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
        if (buffer) {
          // Copied: the writer may reuse its chunk.
          chunks.push(Buffer.from(buffer));
          bytes += buffer.length;
        }
        if (callback) process.nextTick(callback);
        if (bytes <= MAX_ENTRY_BYTES) return true;
        // Too large to keep: send what was held and stream the rest.
        mode = "pass";
        const held = Buffer.concat(chunks);
        chunks = [];
        return write.call(this, held);
      }
      return write.call(this, chunk, ...rest);
    } as Response["write"];

    res.end = function (this: Response, ...args: unknown[]) {
      decide();
      if (mode !== "hold") {
        restore();
        return end.apply(this, args);
      }
      const buffer = toBuffer(args[0], args[1]);
      if (buffer) chunks.push(buffer);
      const callback = args.find((arg) => typeof arg === "function") as (() => void) | undefined;
      const html = Buffer.concat(chunks);
      chunks = [];
      restore();
      const headers: [string, string][] = [];
      for (const name of REPLAYED_HEADERS) {
        const value = res.getHeader(name);
        if (value !== undefined) headers.push([name, String(value)]);
      }
      buildEntry(html, headers, keys).then(
        (entry) => {
          if (stillCurrent(started, keys)) store.set(key, entry);
          if (res.destroyed) return;
          send(req, res, entry, "miss", end);
          if (callback) process.nextTick(callback);
        },
        (error: unknown) => {
          if (!res.destroyed) res.destroy(error as Error);
        },
      );
      return this;
    } as Response["end"];

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

  const clear = () => {
    noteInvalidation("all");
    store.clear();
  };
  const invalidateKeys = (list: readonly string[]) => {
    const dropped = new Set(list);
    noteInvalidation(dropped);
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
