/**
 * Full-page cache for anonymous reader pages (docs/decisions/0007).
 *
 * A signed-out visitor's GET or HEAD of a page whose route declared it public
 * (Cache-Control: public, see app/features/layout/cache-headers.ts) is
 * rendered once and then served from memory until a write invalidates it
 * (any cache_invalidate NOTIFY clears the whole cache, except a comment
 * count's), its short TTL runs out, or the byte-bounded LRU evicts it.
 *
 * The CSP nonce differs on every response, so an entry keeps the page as the
 * parts between the nonce's occurrences, both plain and as raw-deflate chunks
 * that each end on a byte boundary (Z_SYNC_FLUSH). A hit joins the parts around
 * this request's nonce; for gzip it puts the nonce between the chunks as a
 * stored (uncompressed) deflate block and writes the gzip header and trailer
 * (CRC-32 and length of the plain page) around them. No compression work on a
 * hit, and every hit carries a fresh nonce that matches its CSP header.
 *
 * Single flight (issue 14): one render per page at a time. Requests for a page
 * being rendered get its expired copy when there is one (X-Page-Cache: stale;
 * an invalidation empties the store, so that copy is only older, never
 * outdated by a write), or wait for the render and are served its result.
 */
import type { IncomingHttpHeaders } from "node:http";
import { constants, crc32, deflateRawSync } from "node:zlib";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import { PAGE_CACHE_SCOPES, registerCache } from "../cache/cache";

/** Query parameters a page may be cached with; any other parameter bypasses the cache. */
const CACHEABLE_QUERY: Record<string, readonly string[]> = {
  "/": ["category", "page"],
  "/search": ["q", "page"],
};
/** The same for the paged archives under these prefixes (issue 21 §1). */
const CACHEABLE_QUERY_BY_PREFIX: [string, readonly string[]][] = [
  ["/categories/", ["page"]],
  ["/tag/", ["page"]],
];

/** Better Auth's cookies (session, and the state of a sign-in in progress). */
const AUTH_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\./;

/** Response headers a hit repeats. Security headers are set afresh on every request. */
const REPLAYED_HEADERS = ["content-type", "cache-control", "vary", "link", "content-language"];

/** The longest a request waits for another's render of the same page before rendering it too. */
const SINGLE_FLIGHT_WAIT_MS = 10_000;

/** A page larger than this is not kept. */
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;

export const PAGE_CACHE_DEFAULTS = {
  /** Bounds what triggers do not cover (view counts, relative dates): as long as a CDN keeps it. */
  ttlMs: 60_000,
  maxBytes: 64 * 1024 * 1024,
} as const;

type Entry = {
  /** The page's parts around its nonce (n parts for n - 1 occurrences). */
  plain: Buffer[];
  /** Each part as raw deflate, non-final, ending on a byte boundary. */
  deflated: Buffer[];
  headers: [string, string][];
  size: number;
};

export type PageCacheOptions = {
  ttlMs?: number;
  maxBytes?: number;
  /** The visitor's consent state (app/features/consent/page-variant.server.ts). */
  variant: (headers: IncomingHttpHeaders) => string;
};

export type PageCache = RequestHandler & {
  clear(): void;
  readonly size: number;
  readonly bytes: number;
};

/** The cache key of a request, or undefined when it must not be cached. */
export function pageCacheKey(req: Request): string | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  if (AUTH_COOKIE.test(req.headers.cookie ?? "")) return undefined;
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

function buildEntry(html: Buffer, nonce: string, headers: [string, string][]): Entry {
  const parts = nonce ? html.toString("utf8").split(nonce) : [html.toString("utf8")];
  const plain = parts.map((part) => Buffer.from(part, "utf8"));
  const deflated = plain.map((part) =>
    deflateRawSync(part, { level: 6, finishFlush: constants.Z_SYNC_FLUSH }),
  );
  const sum = (list: Buffer[]) => list.reduce((n, b) => n + b.length, 0);
  return {
    plain,
    deflated,
    headers,
    size: sum(plain) + sum(deflated) + 512,
  };
}

/** The page with this request's nonce in every place the original one was. */
export function plainBody(entry: Entry, nonce: string): Buffer {
  const list: Buffer[] = [];
  const n = Buffer.from(nonce, "utf8");
  entry.plain.forEach((part, i) => {
    if (i > 0) list.push(n);
    list.push(part);
  });
  return Buffer.concat(list);
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final stored block. */
const DEFLATE_END = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/** The page as gzip, with this request's nonce in stored blocks between the deflated parts. */
export function gzipBody(entry: Entry, nonce: string): Buffer {
  const n = Buffer.from(nonce, "utf8");
  const stored = Buffer.alloc(5 + n.length);
  stored[0] = 0x00; // BFINAL 0, BTYPE 00 (stored); the stream is byte-aligned here
  stored.writeUInt16LE(n.length, 1);
  stored.writeUInt16LE(~n.length & 0xffff, 3);
  n.copy(stored, 5);
  const list: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  entry.deflated.forEach((part, i) => {
    if (i > 0) {
      list.push(stored);
      crc = crc32(n, crc);
      length += n.length;
    }
    list.push(part);
    crc = crc32(entry.plain[i]!, crc);
    length += entry.plain[i]!.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  list.push(DEFLATE_END, trailer);
  return Buffer.concat(list);
}

function acceptsGzip(req: Request): boolean {
  const header = req.headers["accept-encoding"];
  if (!header || !/\bgzip\b/i.test(String(header))) return false;
  return req.acceptsEncodings("gzip", "identity") === "gzip";
}

function serve(req: Request, res: Response, entry: Entry, how: "hit" | "stale" = "hit") {
  const nonce = String(res.locals.cspNonce ?? "");
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.vary("Accept-Encoding");
  res.setHeader("X-Page-Cache", how);
  const gzip = acceptsGzip(req);
  const body = gzip ? gzipBody(entry, nonce) : plainBody(entry, nonce);
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", body.length);
  res.status(200);
  if (req.method === "HEAD") res.end();
  else res.end(body);
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
  // Bumped by clear(): a page whose rendering began before a write is not kept.
  let generation = 0;
  /** Single flight: the render of each key under way, settled when its answer is out. */
  const rendering = new Map<string, Promise<void>>();

  const middleware: RequestHandler = (req, res, next) => {
    const path = pageCacheKey(req);
    if (path === undefined) return next();
    const key = `${path}\n${options.variant(req.headers)}`;
    const entry = store.get(key);
    if (entry) return serve(req, res, entry);

    // Someone renders this page now: take the expired copy if there is one (it was never
    // invalidated: a write clears the store), else wait for that render and serve its page.
    const pending = rendering.get(key);
    if (pending) {
      const stale = store.get(key, { allowStale: true });
      if (stale) return serve(req, res, stale, "stale");
      const waited = Promise.race([
        pending,
        new Promise<void>((resolve) => setTimeout(resolve, SINGLE_FLIGHT_WAIT_MS).unref()),
      ]);
      void waited.then(() => {
        if (res.headersSent || res.destroyed) return;
        const rendered = store.get(key);
        if (rendered) return serve(req, res, rendered);
        // Not kept (an error, a private answer, a write meanwhile): render it here.
        miss(req, res, next, key);
      });
      return;
    }
    miss(req, res, next, key);
  };

  function miss(req: Request, res: Response, next: NextFunction, key: string) {
    res.setHeader("X-Page-Cache", "miss");
    if (req.method !== "GET") return next();

    const nonce = String(res.locals.cspNonce ?? "");
    const started = generation;
    const chunks: Buffer[] = [];
    let bytes = 0;
    let tooLarge = false;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (tooLarge || chunk == null || typeof chunk === "function") return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : chunk instanceof Uint8Array
            ? Buffer.from(chunk)
            : undefined;
      if (!buffer) return;
      bytes += buffer.length;
      if (bytes > MAX_ENTRY_BYTES) {
        tooLarge = true;
        chunks.length = 0;
      } else chunks.push(buffer);
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as Response["write"];
    const keep = () => {
      if (tooLarge || started !== generation || res.statusCode !== 200) return;
      if (!String(res.getHeader("content-type") ?? "").startsWith("text/html")) return;
      if (res.getHeader("set-cookie") !== undefined) return;
      if (!isPublic(res.getHeader("cache-control"))) return;
      const headers: [string, string][] = [];
      for (const name of REPLAYED_HEADERS) {
        const value = res.getHeader(name);
        if (value !== undefined) headers.push([name, String(value)]);
      }
      store.set(key, buildEntry(Buffer.concat(chunks), nonce, headers));
    };
    res.end = function (this: Response, ...args: unknown[]) {
      collect(args[0], args[1]);
      // The whole page is known now; kept before it is sent so the next request finds it.
      if (!res.writableEnded) keep();
      return (end as (...args: unknown[]) => Response).apply(this, args);
    } as Response["end"];

    const settled = new Promise<void>((resolve) => res.once("close", resolve));
    rendering.set(key, settled);
    void settled.then(() => {
      if (rendering.get(key) === settled) rendering.delete(key);
    });
    next();
  }

  const clear = () => {
    generation += 1;
    store.clear();
  };
  const cache = Object.defineProperties(middleware, {
    clear: { value: clear },
    size: { get: () => store.size },
    bytes: { get: () => store.calculatedSize },
  }) as PageCache;
  registerCache({
    name: "page-cache",
    // Not "comments": a new comment would empty every instance's cache; visitors see the count
    // and the server-rendered comments at most 60 s late, as through a CDN (decision 0017).
    scopes: PAGE_CACHE_SCOPES,
    clear,
    purgeStale: () => void store.purgeStale(),
  });
  return cache;
}
