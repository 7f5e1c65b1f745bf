/**
 * The page cache's entries (server/http/page-cache.ts): a render held whole
 * while it is written, kept as one entry (the page plain, in brotli and in
 * gzip, compressed once: decision 0105, with its inline scripts' hashes), and
 * an entry sent, with a CSP that names those hashes in place of the nonce.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Request, Response } from "express";
import { notePageCache } from "./metrics";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Response headers a hit repeats. Security headers are set afresh on every request. */
const REPLAYED_HEADERS = ["content-type", "cache-control", "vary", "link", "content-language"];

/** Cache-Control of a member's answer from the shared cache: nothing shared keeps it. */
const MEMBER_CACHE_CONTROL = "private, no-store";

/** The response header a page declares its keys in (space-separated); never sent. */
export const PAGE_KEYS_HEADER = "X-Page-Cache-Keys";

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

function isPublic(cacheControl: unknown): boolean {
  const value = (typeof cacheControl === "string" ? cacheControl : "").toLowerCase();
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
export function send(
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

/** A render held whole: the page, the headers a hit repeats, its keys, and how to finish it. */
export type HeldRender = {
  html: Buffer;
  headers: [string, string][];
  keys: ReadonlySet<string>;
  /** The response's own end(), to send the entry made from it. */
  end: (...args: unknown[]) => Response;
  /** The callback the renderer gave end(), if any. */
  callback: (() => void) | undefined;
};

/**
 * Wraps the response's write() and end(). At the first write it decides: a
 * page that may be kept (200, HTML, no cookie, not encoded, public) is held
 * whole and handed to `onHeld` at the end instead of being sent (one past
 * MAX_ENTRY_BYTES is sent as it comes after all); any other passes through.
 * The page's keys header is taken off either way.
 */
export function holdRender(res: Response, onHeld: (held: HeldRender) => void) {
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
    onHeld({ html, headers, keys, end, callback });
    return this;
  } as Response["end"];
}
