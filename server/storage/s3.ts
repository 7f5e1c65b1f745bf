/**
 * The S3-compatible driver: AWS S3, Cloudflare R2, MinIO, Backblaze B2,
 * DigitalOcean Spaces, s3rver… through AWS's own client, `@aws-sdk/client-s3`,
 * with the standard credential chain when no keys are given (environment,
 * shared config and credentials files, web identity, ECS and EC2 instance
 * roles; refreshed before they expire): docs/decisions/0137, superseding 0008.
 * The SDK is loaded on first use, so a site on local disk never loads it.
 */
import { randomBytes } from "node:crypto";
import type * as S3Sdk from "@aws-sdk/client-s3";
import type { S3Client } from "@aws-sdk/client-s3";
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
  /**
   * Static keys (both or neither). Unset: the standard AWS credential chain
   * (AWS_ACCESS_KEY_ID…, AWS_PROFILE, AWS_WEB_IDENTITY_TOKEN_FILE, the
   * instance's or task's role), refreshed before expiry.
   */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
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

/** The one method of the SDK's client the driver uses (tests pass a fake). */
export type S3Sender = { send(command: object): Promise<unknown> };

export type S3StorageOptions = S3Settings & {
  /** For tests: the client to send commands with. */
  client?: S3Sender;
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

/** The SDK's error as an S3Error: the service's status and code, for the health page and logs. */
function s3Error(action: string, error: unknown): S3Error {
  if (error instanceof S3Error) return error;
  const e = error as {
    name?: string;
    Code?: string;
    message?: string;
    $metadata?: { httpStatusCode?: number };
  };
  const status = e.$metadata?.httpStatusCode ?? 0;
  const code = e.Code ?? e.name;
  return new S3Error(
    `S3 ${action} failed: ${status || "no answer"}${code ? ` ${code}` : ""}${e.message && e.message !== code ? `: ${e.message}` : ""}`,
    status,
    code,
  );
}

/** RFC 3986 encoding for the bucket's public address. */
function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

type Sdk = typeof S3Sdk;

/** The SDK's client for these settings (static keys, or the credential chain). */
export async function createS3Client(settings: S3Settings): Promise<S3Client> {
  const { S3Client } = await import("@aws-sdk/client-s3");
  const credentials =
    settings.accessKeyId && settings.secretAccessKey
      ? {
          accessKeyId: settings.accessKeyId,
          secretAccessKey: settings.secretAccessKey,
          ...(settings.sessionToken ? { sessionToken: settings.sessionToken } : {}),
        }
      : (await import("@aws-sdk/credential-providers")).fromNodeProviderChain();
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle ?? Boolean(settings.endpoint),
    credentials,
    // Checksums only where S3 requires them (DeleteObjects): many S3-compatible
    // services refuse the CRC headers the SDK otherwise adds to every upload.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
}

export function createS3Storage(options: S3StorageOptions): S3Storage {
  const publicBase = publicBaseOf(options);
  const root = (options.prefix ?? "").replace(/^\/+|\/+$/g, "");
  if (root) assertValidKey(root);
  const bucket = bucketAccess(options, root);
  const { objectOf, run } = bucket;
  const Bucket = options.bucket;

  const deleteOne = (object: string) =>
    run("DeleteObject", (sdk) => new sdk.DeleteObjectCommand({ Bucket, Key: object }));

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
      await run(
        "PutObject",
        (sdk) =>
          new sdk.PutObjectCommand({
            Bucket,
            Key: objectOf(key),
            Body: bytes,
            ContentType: contentType,
            CacheControl: CACHE_CONTROL,
          }),
      );
      return { key, url: urlOf(key) };
    },

    url: urlOf,

    async list(prefix = "", limit) {
      assertValidPrefix(prefix);
      return listKeys(bucket, prefix, normaliseListLimit(limit));
    },

    async delete(key) {
      assertValidKey(key);
      // S3 answers 204 for a missing object too: deleting is idempotent.
      await deleteOne(objectOf(key));
    },

    async deletePrefix(prefix) {
      assertValidDeletePrefix(prefix);
      const keys = await listKeys(bucket, prefix, UNLIMITED);
      for (let i = 0; i < keys.length; i += MAX_KEYS_PER_DELETE) {
        const batch = keys.slice(i, i + MAX_KEYS_PER_DELETE);
        try {
          await deleteBatch(bucket, batch);
        } catch (error) {
          // A service without DeleteObjects (501), or one that fails on it
          // (s3rver races when a batch empties a folder): one DELETE per key.
          if (!(error instanceof S3Error && error.status >= 500)) throw error;
          for (const key of batch) await deleteOne(objectOf(key));
        }
      }
      return keys.length;
    },

    check: () => probeBucket(bucket, deleteOne),
  };
}

/** Where browsers fetch objects: the public URL, else the bucket's address at the endpoint. */
function publicBaseOf(options: S3Settings): string {
  const endpoint = new URL(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`);
  const pathStyle = options.forcePathStyle ?? Boolean(options.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, "");
  /** The bucket's address at the endpoint, without a trailing slash. */
  const bucketUrl = pathStyle
    ? `${endpoint.origin}${basePath}/${encodeRfc3986(options.bucket)}`
    : `${endpoint.protocol}//${options.bucket}.${endpoint.host}${basePath}`;
  return (options.publicUrl ?? bucketUrl).replace(/\/+$/, "");
}

/** The bucket as the driver reaches it: its name, the folder for every key, and `run`. */
type BucketAccess = {
  Bucket: string;
  root: string;
  /** The object name of a key inside the bucket. */
  objectOf: (key: string) => string;
  /** Sends one command; the SDK's errors become S3Errors. */
  run: <T = unknown>(action: string, make: (sdk: Sdk) => object) => Promise<T>;
};

/** The SDK and its client are loaded on the first command (a site on local disk never loads them). */
function bucketAccess(options: S3StorageOptions, root: string): BucketAccess {
  let ready: Promise<{ sdk: Sdk; client: S3Sender }> | undefined;
  const sdkAndClient = () =>
    (ready ??= Promise.all([
      import("@aws-sdk/client-s3"),
      options.client ?? createS3Client(options),
    ]).then(([sdk, client]: [Sdk, S3Sender]) => ({ sdk, client })));
  return {
    Bucket: options.bucket,
    root,
    objectOf: (key) => (root ? `${root}/${key}` : key),
    run: async <T>(action: string, make: (sdk: Sdk) => object): Promise<T> => {
      const { sdk, client } = await sdkAndClient();
      try {
        return (await client.send(make(sdk))) as T;
      } catch (error) {
        throw s3Error(action, error);
      }
    },
  };
}

/** Lists keys as list() does, so that the two agree on what a prefix holds. */
async function listKeys(
  { Bucket, root, objectOf, run }: BucketAccess,
  prefix: string,
  max: number,
): Promise<string[]> {
  const keys: string[] = [];
  let marker: string | undefined;
  // ListObjects (version 1, paged by marker): every S3-compatible service has it.
  while (keys.length < max) {
    const page = await run<{
      Contents?: { Key?: string }[];
      IsTruncated?: boolean;
      NextMarker?: string;
    }>(
      "ListObjects",
      (sdk) =>
        new sdk.ListObjectsCommand({
          Bucket,
          MaxKeys: Math.min(MAX_KEYS_PER_PAGE, max - keys.length),
          ...(root || prefix ? { Prefix: objectOf(prefix) } : {}),
          ...(marker ? { Marker: marker } : {}),
        }),
    );
    const objects = (page.Contents ?? []).map((o) => o.Key ?? "").filter(Boolean);
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
    marker = page.NextMarker ?? objects.at(-1);
    if (!page.IsTruncated || !marker) break;
  }
  // S3 lists in byte order, which for key characters is JavaScript's order too.
  return keys.sort().slice(0, max);
}

/**
 * DeleteObjects for up to 1000 keys. The service answers 200 even when some
 * keys fail, naming them in Errors, so those are thrown. Quiet mode: only
 * failures are reported.
 */
async function deleteBatch({ Bucket, objectOf, run }: BucketAccess, keys: string[]) {
  const result = await run<{ Errors?: { Key?: string; Code?: string; Message?: string }[] }>(
    "DeleteObjects",
    (sdk) =>
      new sdk.DeleteObjectsCommand({
        Bucket,
        Delete: { Quiet: true, Objects: keys.map((key) => ({ Key: objectOf(key) })) },
      }),
  );
  const errors = result.Errors ?? [];
  if (errors.length > 0) {
    const first = errors[0]!;
    throw new S3Error(
      `S3 DeleteObjects failed for ${errors.length} of ${keys.length} objects, first ${first.Key ?? "?"}: ${first.Code ?? "?"} ${first.Message ?? ""}`.trim(),
      200,
      first.Code,
    );
  }
}

/** The health check: a probe object written, read back and removed. */
async function probeBucket(
  { Bucket, objectOf, run }: BucketAccess,
  deleteOne: (object: string) => Promise<unknown>,
): Promise<void> {
  const key = objectOf(`${PROBE_PREFIX}${randomBytes(8).toString("hex")}`);
  const expected = randomBytes(16);
  try {
    await run(
      "PutObject",
      (sdk) =>
        new sdk.PutObjectCommand({
          Bucket,
          Key: key,
          Body: expected,
          ContentType: "application/octet-stream",
        }),
    );
    const got = await run<{ Body?: { transformToByteArray(): Promise<Uint8Array> } }>(
      "GetObject",
      (sdk) => new sdk.GetObjectCommand({ Bucket, Key: key }),
    );
    const actual = Buffer.from((await got.Body?.transformToByteArray()) ?? []);
    if (!actual.equals(expected)) throw new Error("S3 storage returned different bytes");
  } finally {
    await deleteOne(key).catch(() => undefined);
  }
}
