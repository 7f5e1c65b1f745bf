/**
 * The metadata endpoint's fetcher (docs/product/authoring.md#link-lookup): title, description and
 * image of a page, from Open Graph, Twitter and <title> tags.
 *
 * An outbound fetch on a user's behalf is a server-side request forgery
 * risk, so: http(s) only; the host name is resolved first and every address
 * must be public (no loopback, private, link-local — cloud metadata lives at
 * 169.254.169.254 — CGNAT, multicast, unspecified, IPv6 ULA, IPv4-mapped
 * forms of those); the connection goes to the address that was checked (no
 * second DNS answer can swap it); every redirect is checked again; at most 3
 * redirects, 5 seconds and 1 MB; HTML only. The same fetcher (fetchChecked)
 * asks Vimeo's oEmbed endpoint for a video's still at save time
 * (video-thumbnail.server.ts), JSON only; postChecked sends webhooks with the
 * same address checks.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPublicAddress } from "./public-address.server";
import { parseMetadata, type PageMetadata } from "./page-metadata";

export { embeddedIpv4, ipv6Groups, isPublicAddress } from "./public-address.server";
export { parseMetadata, type PageMetadata } from "./page-metadata";

export type FetchOptions = {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Addresses allowed although not public — tests only (a local HTTP server). Production passes none. */
  allowAddresses?: readonly string[];
  /** DNS resolution (tests point names at chosen addresses). */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
};

export class MetadataError extends Error {
  override name = "MetadataError";
  constructor(
    message: string,
    readonly status: 400 | 422 | 502 | 504 = 400,
  ) {
    super(message);
  }
}

const DEFAULTS = { timeoutMs: 5000, maxBytes: 1024 * 1024, maxRedirects: 3 };

const defaultResolve = async (hostname: string) =>
  dnsLookup(hostname, { all: true, verbatim: true });

/** The checked address to connect to, or an error. */
async function checkedAddress(
  url: URL,
  options: FetchOptions,
): Promise<{ address: string; family: number }> {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new MetadataError("Only http and https URLs are allowed");
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // Names that always mean this machine, whatever DNS says (RFC 6761).
  if (/(^|\.)localhost\.?$/i.test(host)) throw new MetadataError("This address is not allowed");
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await (options.resolve ?? defaultResolve)(host);
    } catch {
      throw new MetadataError("The address could not be resolved", 422);
    }
  }
  if (addresses.length === 0) throw new MetadataError("The address could not be resolved", 422);
  const allowed = (a: string) => isPublicAddress(a) || (options.allowAddresses ?? []).includes(a);
  // Every answer must be public: a name must not mix public and private addresses.
  if (!addresses.every((a) => allowed(a.address))) {
    throw new MetadataError("This address is not allowed");
  }
  return addresses[0]!;
}

type RawResponse = {
  status: number;
  location: string | null;
  contentType: string;
  body: string;
  /** The bytes read (at most maxBytes), and the whole body's declared length. */
  bytes: Buffer;
  contentLength: number | null;
};

/** What a fetch accepts: the Accept header, and the content types whose body is read. */
type Wanted = { accept: string; contentType: RegExp };

const HTML: Wanted = {
  accept: "text/html,application/xhtml+xml;q=0.9",
  contentType: /^(text\/html|application\/xhtml\+xml)\b/i,
};

/** A POST's body and headers (postChecked); a GET without. */
type Sending = { body: string; headers: Record<string, string> };

function requestOnce(
  url: URL,
  pinned: { address: string; family: number },
  options: Required<Pick<FetchOptions, "maxBytes">> & Wanted,
  signal: AbortSignal,
  sending?: Sending,
): Promise<RawResponse> {
  const lookup: LookupFunction = (_hostname, opts, callback) => {
    if ((opts as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        pinned,
      ]);
    } else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: sending ? "POST" : "GET",
        lookup,
        signal,
        headers: {
          "User-Agent": "FounderBridgeBot/1.0 (+link preview)",
          Accept: options.accept,
          "Accept-Encoding": "identity",
          ...(sending
            ? { ...sending.headers, "Content-Length": String(Buffer.byteLength(sending.body)) }
            : {}),
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const location = res.headers.location ?? null;
        const contentType = String(res.headers["content-type"] ?? "");
        const declared = Number(res.headers["content-length"]);
        const contentLength = Number.isSafeInteger(declared) && declared >= 0 ? declared : null;
        const empty = {
          status,
          location,
          contentType,
          body: "",
          bytes: Buffer.alloc(0),
          contentLength,
        };
        if (status >= 300 && status < 400) {
          res.resume();
          resolve(empty);
          return;
        }
        if (!options.contentType.test(contentType)) {
          res.destroy();
          resolve(empty);
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let done = false;
        const finish = () => {
          if (done) return;
          done = true;
          const bytes = Buffer.concat(chunks);
          resolve({
            status,
            location,
            contentType,
            body: bytes.toString("utf8"),
            bytes,
            contentLength,
          });
        };
        res.on("data", (chunk: Buffer) => {
          if (done) return;
          const room = options.maxBytes - size;
          chunks.push(chunk.subarray(0, Math.max(0, room)));
          size += chunk.length;
          if (size >= options.maxBytes) {
            finish();
            res.destroy();
          }
        });
        res.on("end", finish);
        res.on("error", (error) => (done ? undefined : reject(error)));
      },
    );
    req.on("error", reject);
    req.end(sending?.body);
  });
}

/**
 * GETs an address on a user's behalf, checking every hop (see above), and
 * returns the body of a 2xx answer of the wanted content type, and the
 * address it finally came from.
 */
export async function fetchChecked(
  rawUrl: string,
  options: FetchOptions & Partial<Wanted> = {},
): Promise<{
  body: string;
  url: URL;
  bytes: Buffer;
  contentType: string;
  contentLength: number | null;
}> {
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? DEFAULTS.maxBytes;
  const maxRedirects = options.maxRedirects ?? DEFAULTS.maxRedirects;
  const wanted: Wanted = {
    accept: options.accept ?? HTML.accept,
    contentType: options.contentType ?? HTML.contentType,
  };
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new MetadataError("A valid URL is required");
  }
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    for (let hop = 0; ; hop++) {
      const pinned = await checkedAddress(url, options);
      if (signal.aborted) throw signal.reason;
      const res = await requestOnce(url, pinned, { maxBytes, ...wanted }, signal);
      if (res.status >= 300 && res.status < 400 && res.location) {
        if (hop >= maxRedirects) throw new MetadataError("Too many redirects", 502);
        try {
          url = new URL(res.location, url);
        } catch {
          throw new MetadataError("The page redirected to an address that is not valid", 502);
        }
        continue;
      }
      if (res.status < 200 || res.status >= 300) {
        throw new MetadataError(`The page answered ${res.status}`, 502);
      }
      if (!wanted.contentType.test(res.contentType)) {
        throw new MetadataError(
          options.contentType === undefined
            ? "The address is not an HTML page"
            : "The address did not answer with the expected content",
          422,
        );
      }
      return {
        body: res.body,
        url,
        bytes: res.bytes,
        contentType: res.contentType,
        contentLength: res.contentLength,
      };
    }
  } catch (error) {
    if (error instanceof MetadataError) throw error;
    if (signal.aborted) throw new MetadataError("The page took too long to answer", 504);
    throw new MetadataError("The page could not be fetched", 502);
  }
}

/**
 * POSTs a body to an address (webhooks), with the same address checks as
 * fetchChecked: the host is resolved, every address must be public, and the
 * connection goes to the checked address. Redirects are not followed (a
 * 3xx is the answer). Resolves with any HTTP answer (status and the first
 * `maxBytes` of its body, as text); throws MetadataError when the address
 * is refused, cannot be reached or takes longer than the time limit.
 */
export async function postChecked(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  options: FetchOptions = {},
): Promise<{ status: number; body: string }> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 2048;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new MetadataError("A valid URL is required");
  }
  const signal = AbortSignal.timeout(timeoutMs);
  const pinned = await checkedAddress(url, options);
  try {
    const res = await requestOnce(
      url,
      pinned,
      { maxBytes, accept: "*/*", contentType: /(?:)/ },
      signal,
      { body, headers },
    );
    return { status: res.status, body: res.body };
  } catch {
    if (signal.aborted) throw new MetadataError("The address took too long to answer", 504);
    throw new MetadataError("The address could not be reached", 502);
  }
}

/**
 * Why an address would be refused when fetched (not http(s), localhost, or a
 * name or IP that is not public), or null. A name that does not resolve now is
 * not refused here: the fetch checks again when it runs. For saving an address
 * that is fetched later (webhooks), so the admin hears of it at once.
 */
export async function refusedAddress(
  rawUrl: string,
  options: FetchOptions = {},
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return "A valid URL is required";
  }
  try {
    await checkedAddress(url, options);
    return null;
  } catch (error) {
    if (error instanceof MetadataError && error.status === 400) return error.message;
    return null;
  }
}

/** Fetches the page (checking every hop) and reads its metadata. */
export async function fetchMetadata(
  rawUrl: string,
  options: FetchOptions = {},
): Promise<PageMetadata> {
  const { body, url } = await fetchChecked(rawUrl, options);
  return parseMetadata(body, url);
}
