/**
 * The S3-compatible driver: AWS S3, Cloudflare R2, MinIO, Backblaze B2,
 * DigitalOcean Spaces, s3rver… Four operations are all the site needs (put,
 * get, delete, list), so it speaks the S3 REST API itself with Signature
 * Version 4 over fetch rather than pull in the AWS SDK (see
 * docs/decisions/0008-s3-storage-driver.md).
 */
import { createHash, createHmac, randomBytes } from "node:crypto";
import {
  assertContentTypeMatchesKey,
  assertValidDeletePrefix,
  assertValidKey,
  assertValidPrefix,
  normaliseListLimit,
  UNLIMITED,
  type Storage,
} from "./storage";

export type S3Settings = {
  bucket: string;
  /** Signing region, e.g. `eu-west-2`; `auto` for R2, `us-east-1` for most emulators. */
  region: string;
  /** The service's address, e.g. `https://<account>.r2.cloudflarestorage.com`; unset: AWS S3. */
  endpoint?: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials only. */
  sessionToken?: string | undefined;
  /**
   * Where browsers fetch objects (a CDN or the bucket's public address); unset:
   * the bucket's own address at the endpoint.
   */
  publicUrl?: string | undefined;
  /** A folder inside the bucket for every key, e.g. `founderbridge/`; unset: the bucket's root. */
  prefix?: string | undefined;
  /**
   * `endpoint/bucket/key` instead of `bucket.endpoint/key`. Most non-AWS services
   * and emulators want it; default: on with an endpoint, off for AWS.
   */
  forcePathStyle?: boolean | undefined;
};

export type S3StorageOptions = S3Settings & {
  /** For tests: the fetch to send requests with. */
  fetch?: typeof fetch;
};

export type S3Storage = Storage & {
  readonly driver: "s3";
  readonly bucket: string;
};

/** Browsers may cache objects for a week, as the local driver's files. */
const CACHE_CONTROL = "public, max-age=604800";
/** Written and removed by check(); a name that put() refuses and list() skips. */
const PROBE_PREFIX = ".health/probe-";
const MAX_KEYS_PER_PAGE = 1000;
/** DeleteObjects takes at most this many keys per request. */
const MAX_KEYS_PER_DELETE = 1000;

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export class S3Error extends Error {
  override name = "S3Error";
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) =>
  createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

const encodePath = (key: string) => key.split("/").map(encodeRfc3986).join("/");

function xmlText(value: string): string {
  return value
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&amp;/g, "&");
}

/** Every `<tag>…</tag>` text inside `xml`, entities decoded. */
function xmlValues(xml: string, tag: string): string[] {
  const pattern = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, "g");
  return [...xml.matchAll(pattern)].map((m) => xmlText(m[1]!));
}

/** The SigV4 `Authorization` header and the headers it signs, for one request. */
export function signRequest(input: {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string | undefined;
  now?: Date;
}): Record<string, string> {
  const amzDate = (input.now ?? new Date()).toISOString().replace(/[-:]|\.\d{3}/g, "");
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v])),
    host: input.url.host,
    "x-amz-content-sha256": input.payloadHash,
    "x-amz-date": amzDate,
    ...(input.sessionToken ? { "x-amz-security-token": input.sessionToken } : {}),
  };
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]!.trim()}\n`).join("");
  const signedHeaders = names.join(";");
  const query = [...input.url.searchParams]
    .map(([k, v]) => [encodeRfc3986(k), encodeRfc3986(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const canonicalRequest = [
    input.method,
    input.url.pathname,
    query,
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join("\n");
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), "s3"),
    "aws4_request",
  );
  const signature = createHmac("sha256", signingKey).update(stringToSign).digest("hex");
  delete headers.host; // fetch sets it, from the same URL
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

export function createS3Storage(options: S3StorageOptions): S3Storage {
  const send = options.fetch ?? fetch;
  const endpoint = new URL(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`);
  const pathStyle = options.forcePathStyle ?? Boolean(options.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, "");
  /** The bucket's address at the endpoint, without a trailing slash. */
  const bucketUrl = pathStyle
    ? `${endpoint.origin}${basePath}/${encodeRfc3986(options.bucket)}`
    : `${endpoint.protocol}//${options.bucket}.${endpoint.host}${basePath}`;
  const publicBase = (options.publicUrl ?? bucketUrl).replace(/\/+$/, "");
  const root = (options.prefix ?? "").replace(/^\/+|\/+$/g, "");
  if (root) assertValidKey(root);
  /** The object name of a key inside the bucket. */
  const objectOf = (key: string) => (root ? `${root}/${key}` : key);

  /** One signed request for `object` (an object name, or "" for the bucket). */
  async function request(
    method: "GET" | "PUT" | "POST" | "DELETE",
    object: string,
    init: { query?: Record<string, string>; body?: Uint8Array; headers?: Record<string, string> },
  ): Promise<Response> {
    const url = new URL(`${bucketUrl}/${encodePath(object)}`);
    for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
    const headers = signRequest({
      method,
      url,
      headers: init.headers ?? {},
      payloadHash: sha256Hex(init.body ?? ""),
      region: options.region,
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      sessionToken: options.sessionToken,
    });
    const response = await send(url, {
      method,
      headers,
      // A copy typed as fetch wants it (at most a few MB).
      body: init.body ? new Uint8Array(init.body) : undefined,
      redirect: "error",
    });
    if (!response.ok) {
      const text = await response.text().catch(() => "");
      const code = xmlValues(text, "Code")[0];
      const message = xmlValues(text, "Message")[0];
      throw new S3Error(
        `S3 ${method} ${url.pathname} failed: ${response.status}${code ? ` ${code}` : ""}${message ? `: ${message}` : ""}`,
        response.status,
        code,
      );
    }
    return response;
  }

  /** Lists keys as list() does, so that the two agree on what a prefix holds. */
  async function listKeys(prefix: string, max: number): Promise<string[]> {
    const keys: string[] = [];
    let marker: string | undefined;
    // ListObjects (version 1, paged by marker): every S3-compatible service has it.
    while (keys.length < max) {
      const response = await request("GET", "", {
        query: {
          "max-keys": String(Math.min(MAX_KEYS_PER_PAGE, max - keys.length)),
          ...(root || prefix ? { prefix: objectOf(prefix) } : {}),
          ...(marker ? { marker } : {}),
        },
      });
      const xml = await response.text();
      const objects = xmlValues(xml, "Key");
      for (const object of objects) {
        if (root && !object.startsWith(`${root}/`)) continue;
        const key = root ? object.slice(root.length + 1) : object;
        // As the local driver: only keys that put() could have written (no probes).
        try {
          assertValidKey(key);
          keys.push(key);
        } catch {
          continue;
        }
      }
      marker = xmlValues(xml, "NextMarker")[0] ?? objects.at(-1);
      if (xmlValues(xml, "IsTruncated")[0] !== "true" || !marker) break;
    }
    // S3 lists in byte order, which for key characters is JavaScript's order too.
    return keys.sort().slice(0, max);
  }

  /**
   * DeleteObjects (POST ?delete) for up to 1000 keys. The service answers 200
   * even when some keys fail, naming them in <Error> elements, so those are
   * read and thrown. Quiet mode: only failures are reported.
   */
  async function deleteBatch(keys: string[]): Promise<void> {
    const body = new TextEncoder().encode(
      `<?xml version="1.0" encoding="UTF-8"?><Delete><Quiet>true</Quiet>${keys
        .map((key) => `<Object><Key>${escapeXml(objectOf(key))}</Key></Object>`)
        .join("")}</Delete>`,
    );
    const response = await request("POST", "", {
      query: { delete: "" },
      body,
      headers: {
        "content-type": "application/xml",
        // AWS refuses DeleteObjects without a checksum of the body.
        "content-md5": createHash("md5").update(body).digest("base64"),
      },
    });
    const xml = await response.text();
    const errors = [...xml.matchAll(/<Error>([\s\S]*?)<\/Error>/g)].map((m) => m[1]!);
    if (errors.length > 0) {
      const first = errors[0]!;
      const code = xmlValues(first, "Code")[0];
      throw new S3Error(
        `S3 DeleteObjects failed for ${errors.length} of ${keys.length} objects, first ${xmlValues(first, "Key")[0] ?? "?"}: ${code ?? "?"} ${xmlValues(first, "Message")[0] ?? ""}`.trim(),
        200,
        code,
      );
    }
  }

  const urlOf = (key: string) => {
    assertValidKey(key);
    // Key characters are all URL-safe (see the key rules), so no escaping is needed.
    return `${publicBase}/${objectOf(key)}`;
  };

  return {
    driver: "s3",
    bucket: options.bucket,

    async put(key, bytes, contentType) {
      assertValidKey(key);
      assertContentTypeMatchesKey(key, contentType);
      await request("PUT", objectOf(key), {
        body: bytes,
        headers: { "content-type": contentType, "cache-control": CACHE_CONTROL },
      });
      return { key, url: urlOf(key) };
    },

    url: urlOf,

    async list(prefix = "", limit) {
      assertValidPrefix(prefix);
      return listKeys(prefix, normaliseListLimit(limit));
    },

    async delete(key) {
      assertValidKey(key);
      // S3 answers 204 for a missing object too: deleting is idempotent.
      await request("DELETE", objectOf(key), {});
    },

    async deletePrefix(prefix) {
      assertValidDeletePrefix(prefix);
      const keys = await listKeys(prefix, UNLIMITED);
      for (let i = 0; i < keys.length; i += MAX_KEYS_PER_DELETE) {
        const batch = keys.slice(i, i + MAX_KEYS_PER_DELETE);
        try {
          await deleteBatch(batch);
        } catch (error) {
          // A service without DeleteObjects (501), or one that fails on it
          // (s3rver races when a batch empties a folder): one DELETE per key.
          if (!(error instanceof S3Error && error.status >= 500)) throw error;
          for (const key of batch) await request("DELETE", objectOf(key), {});
        }
      }
      return keys.length;
    },

    async check() {
      const key = objectOf(`${PROBE_PREFIX}${randomBytes(8).toString("hex")}`);
      const expected = randomBytes(16);
      try {
        await request("PUT", key, {
          body: expected,
          headers: { "content-type": "application/octet-stream" },
        });
        const actual = Buffer.from(await (await request("GET", key, {})).arrayBuffer());
        if (!actual.equals(expected)) throw new Error("S3 storage returned different bytes");
      } finally {
        await request("DELETE", key, {}).catch(() => undefined);
      }
    },
  };
}
