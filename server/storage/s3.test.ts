/**
 * The S3 driver: the storage contract against a real S3-compatible server
 * (the S3_TEST_* settings when present, otherwise s3rver started here on
 * 127.0.0.1), and its signing, addresses and errors in isolation.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage, S3Error, signRequest, type S3Settings } from "./s3";
import { StorageKeyError } from "./storage";
import { describeStorageContract } from "#tests/support/storage-contract";

const env = process.env;
const external = Boolean(
  env.S3_TEST_BUCKET && env.S3_TEST_ACCESS_KEY_ID && env.S3_TEST_SECRET_ACCESS_KEY,
);

let settings: S3Settings;
let emulator: S3rver | undefined;
let emulatorDir: string | undefined;
/** One folder per run, one sub-folder per test: a shared bucket stays usable. */
const runFolder = `fb-contract-${Date.now()}-${randomBytes(3).toString("hex")}`;
let storeCount = 0;

beforeAll(async () => {
  if (external) {
    settings = {
      bucket: env.S3_TEST_BUCKET!,
      region: env.S3_TEST_REGION ?? "us-east-1",
      endpoint: env.S3_TEST_ENDPOINT || undefined,
      accessKeyId: env.S3_TEST_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_TEST_SECRET_ACCESS_KEY!,
      publicUrl: env.S3_TEST_PUBLIC_URL || undefined,
      forcePathStyle: env.S3_TEST_FORCE_PATH_STYLE
        ? env.S3_TEST_FORCE_PATH_STYLE === "true"
        : undefined,
    };
    return;
  }
  emulatorDir = await mkdtemp(path.join(tmpdir(), "fb-s3rver-"));
  emulator = new S3rver({
    address: "127.0.0.1",
    port: Number(env.S3RVER_PORT ?? 0),
    silent: true,
    directory: emulatorDir,
    configureBuckets: [{ name: "founderbridge-test", configs: [] }],
  });
  const { port } = await emulator.run();
  settings = {
    bucket: "founderbridge-test",
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    // s3rver checks signatures against these.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  };
}, 30_000);

afterAll(async () => {
  if (external) {
    // Leave the shared bucket as it was.
    const all = await rawList(`${runFolder}/`);
    const cleaner = createS3Storage({ ...settings });
    await Promise.all(all.map((name) => cleaner.delete(name).catch(() => undefined)));
  }
  await emulator?.close();
  if (emulatorDir) await rm(emulatorDir, { recursive: true, force: true });
});

/** Every object name under `prefix`, straight from the service (nothing hidden). */
async function rawList(prefix: string): Promise<string[]> {
  const base = settings.endpoint
    ? `${settings.endpoint.replace(/\/+$/, "")}/${settings.bucket}/`
    : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com/`;
  const url = new URL(base);
  url.searchParams.set("list-type", "2");
  url.searchParams.set("prefix", prefix);
  const headers = signRequest({
    method: "GET",
    url,
    headers: {},
    payloadHash: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    region: settings.region,
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
  });
  const xml = await (await fetch(url, { headers })).text();
  return [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1]!).sort();
}

describeStorageContract(external ? "S3 (S3_TEST_* settings)" : "S3 (s3rver)", async () => {
  const folder = `${runFolder}/${++storeCount}`;
  return {
    storage: createS3Storage({ ...settings, prefix: folder }),
    async fetchPublic(url) {
      const response = await fetch(url);
      if (response.status === 404 || response.status === 403) return null;
      expect(response.status).toBe(200);
      return {
        bytes: new Uint8Array(await response.arrayBuffer()),
        contentType: response.headers.get("content-type"),
      };
    },
    allObjects: async () =>
      (await rawList(`${folder}/`)).map((name) => name.slice(folder.length + 1)),
  };
});

describe("S3 storage against the service", () => {
  it("without a prefix, keys are object names at the bucket's root", async () => {
    const storage = createS3Storage(settings);
    const key = `${runFolder}/root/x.webp`;
    const { url } = await storage.put(key, new Uint8Array([1, 2, 3]), "image/webp");
    expect(await rawList(`${runFolder}/root/`)).toEqual([key]);
    expect(new Uint8Array(await (await fetch(url)).arrayBuffer())).toEqual(
      new Uint8Array([1, 2, 3]),
    );
    await storage.delete(key);
    expect(await rawList(`${runFolder}/root/`)).toEqual([]);
  });

  it("fails with the service's error on unknown credentials or a missing bucket", async () => {
    const unknownKey = createS3Storage({ ...settings, accessKeyId: "NOT-A-KEY-ID" });
    const error = await unknownKey.check().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3Error);
    expect((error as S3Error).status).toBe(403);
    expect((error as S3Error).code).toBe("InvalidAccessKeyId");

    const noBucket = createS3Storage({ ...settings, bucket: `missing-${runFolder}` });
    await expect(noBucket.list()).rejects.toMatchObject({ name: "S3Error", status: 404 });
  });
});

// s3rver does not check version 4 signatures; a real service does.
it.runIf(external)("a wrong secret is refused with SignatureDoesNotMatch", async () => {
  const wrongSecret = createS3Storage({ ...settings, secretAccessKey: "not-the-secret" });
  await expect(wrongSecret.check()).rejects.toMatchObject({
    status: 403,
    code: "SignatureDoesNotMatch",
  });
});

describe("S3 signing (AWS's documented examples)", () => {
  const credentials = {
    region: "us-east-1",
    accessKeyId: "AKIAIOSFODNN7EXAMPLE",
    secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    now: new Date("2013-05-24T00:00:00Z"),
  };
  const emptyHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

  it("signs GET Object", () => {
    const headers = signRequest({
      ...credentials,
      method: "GET",
      url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
      headers: { Range: "bytes=0-9" },
      payloadHash: emptyHash,
    });
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, " +
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, " +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
    expect(headers["x-amz-date"]).toBe("20130524T000000Z");
    expect(headers.host).toBeUndefined();
  });

  it("signs GET Bucket with a sorted query", () => {
    const headers = signRequest({
      ...credentials,
      method: "GET",
      url: new URL("https://examplebucket.s3.amazonaws.com/?prefix=J&max-keys=2"),
      headers: {},
      payloadHash: emptyHash,
    });
    expect(headers.authorization).toMatch(
      /Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7$/,
    );
  });
});

describe("S3 storage addresses and failures (no service)", () => {
  const base = { bucket: "media", region: "eu-west-2", accessKeyId: "a", secretAccessKey: "s" };

  it.each([
    [{}, "https://media.s3.eu-west-2.amazonaws.com/p/x.webp"],
    [{ forcePathStyle: true }, "https://s3.eu-west-2.amazonaws.com/media/p/x.webp"],
    [{ endpoint: "http://127.0.0.1:9000" }, "http://127.0.0.1:9000/media/p/x.webp"],
    [
      { endpoint: "https://acc.r2.cloudflarestorage.com", forcePathStyle: false },
      "https://media.acc.r2.cloudflarestorage.com/p/x.webp",
    ],
    [{ publicUrl: "https://cdn.example.com/" }, "https://cdn.example.com/p/x.webp"],
    [
      { publicUrl: "https://cdn.example.com", prefix: "/site/uploads/" },
      "https://cdn.example.com/site/uploads/p/x.webp",
    ],
  ])("url with %j", (extra, expected) => {
    expect(createS3Storage({ ...base, ...extra }).url("p/x.webp")).toBe(expected);
  });

  it("refuses a bad prefix, and bad keys before any request", async () => {
    expect(() => createS3Storage({ ...base, prefix: "../up" })).toThrow(StorageKeyError);
    const calls: string[] = [];
    const storage = createS3Storage({
      ...base,
      fetch: async (url) => {
        calls.push(String(url));
        return new Response("");
      },
    });
    await expect(storage.put("../x.png", new Uint8Array(), "image/png")).rejects.toBeInstanceOf(
      StorageKeyError,
    );
    await expect(storage.put("x.html", new Uint8Array(), "text/html")).rejects.toBeInstanceOf(
      StorageKeyError,
    );
    expect(calls).toEqual([]);
  });

  it("sends the type, a cache lifetime and the signed body hash with put", async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const storage = createS3Storage({
      ...base,
      prefix: "site",
      fetch: async (url, init) => {
        seen.push({ url: String(url), init: init! });
        return new Response("", { status: 200 });
      },
    });
    await storage.put("p/x.webp", new TextEncoder().encode("abc"), "image/webp");
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe("https://media.s3.eu-west-2.amazonaws.com/site/p/x.webp");
    expect(seen[0]!.init.method).toBe("PUT");
    expect(seen[0]!.init.headers).toMatchObject({
      "content-type": "image/webp",
      "cache-control": "public, max-age=604800",
      "x-amz-content-sha256": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    });
  });

  it("pages by marker until the limit and hides names put() could not write", async () => {
    const pages = [
      `<ListBucketResult><IsTruncated>true</IsTruncated><Contents><Key>site/.health/probe-1</Key></Contents><Contents><Key>site/a&amp;b.webp</Key></Contents></ListBucketResult>`,
      `<ListBucketResult><IsTruncated>true</IsTruncated><Contents><Key>site/b.webp</Key></Contents><NextMarker>site/b2</NextMarker></ListBucketResult>`,
      `<ListBucketResult><IsTruncated>false</IsTruncated><Contents><Key>site/c.webp</Key></Contents></ListBucketResult>`,
    ];
    const urls: URL[] = [];
    const storage = createS3Storage({
      ...base,
      prefix: "site",
      fetch: async (url) => {
        urls.push(new URL(String(url)));
        return new Response(pages[urls.length - 1]);
      },
    });
    // "a&b.webp" is not a key put() could write: hidden like the probe.
    expect(await storage.list()).toEqual(["b.webp", "c.webp"]);
    expect(urls.map((u) => u.searchParams.get("marker"))).toEqual([
      null,
      "site/a&b.webp",
      "site/b2",
    ]);
    expect(urls[0]!.searchParams.get("prefix")).toBe("site/");
    expect(urls[0]!.searchParams.get("max-keys")).toBe("1000");

    urls.length = 0;
    // The first page holds nothing to show, so one more is asked for.
    expect(await storage.list("", 1)).toEqual(["b.webp"]);
    expect(urls.map((u) => u.searchParams.get("max-keys"))).toEqual(["1", "1"]);
  });

  it("deletePrefix lists, then sends one signed DeleteObjects with the keys and a body checksum", async () => {
    const seen: { url: URL; init: RequestInit }[] = [];
    const storage = createS3Storage({
      ...base,
      prefix: "site",
      fetch: async (url, init) => {
        seen.push({ url: new URL(String(url)), init: init! });
        return new Response(
          seen.length === 1
            ? `<ListBucketResult><IsTruncated>false</IsTruncated><Contents><Key>site/u1/a.webp</Key></Contents><Contents><Key>site/u1/b.webp</Key></Contents></ListBucketResult>`
            : `<DeleteResult></DeleteResult>`,
        );
      },
    });
    expect(await storage.deletePrefix("u1/")).toBe(2);
    expect(seen).toHaveLength(2);
    expect(seen[0]!.url.searchParams.get("prefix")).toBe("site/u1/");
    const post = seen[1]!;
    expect(post.init.method).toBe("POST");
    expect(post.url.search).toBe("?delete=");
    const body = new TextDecoder().decode(post.init.body as Uint8Array);
    expect(body).toContain(
      "<Object><Key>site/u1/a.webp</Key></Object><Object><Key>site/u1/b.webp</Key></Object>",
    );
    const headers = post.init.headers as Record<string, string>;
    expect(headers["content-md5"]).toBe(createHash("md5").update(body).digest("base64"));
    expect(headers.authorization).toMatch(/SignedHeaders=content-md5;content-type;host;/);
  });

  it("deletePrefix throws when DeleteObjects reports a key it could not delete", async () => {
    let calls = 0;
    const storage = createS3Storage({
      ...base,
      fetch: async () =>
        new Response(
          ++calls === 1
            ? `<ListBucketResult><Contents><Key>u1/a.webp</Key></Contents></ListBucketResult>`
            : `<DeleteResult><Error><Key>u1/a.webp</Key><Code>AccessDenied</Code><Message>Access Denied</Message></Error></DeleteResult>`,
        ),
    });
    await expect(storage.deletePrefix("u1/")).rejects.toMatchObject({
      name: "S3Error",
      code: "AccessDenied",
      message: expect.stringContaining("u1/a.webp"),
    });
  });

  it("deletePrefix falls back to one DELETE per key when DeleteObjects is not implemented", async () => {
    const calls: string[] = [];
    const storage = createS3Storage({
      ...base,
      fetch: async (url, init) => {
        calls.push(`${init!.method} ${new URL(String(url)).pathname}`);
        if (calls.length === 1) {
          return new Response(
            `<ListBucketResult><Contents><Key>u1/a.webp</Key></Contents><Contents><Key>u1/b.webp</Key></Contents></ListBucketResult>`,
          );
        }
        if (init!.method === "POST") {
          return new Response("<Error><Code>NotImplemented</Code></Error>", { status: 501 });
        }
        return new Response(null, { status: 204 });
      },
    });
    expect(await storage.deletePrefix("u1/")).toBe(2);
    expect(calls).toEqual(["GET /", "POST /", "DELETE /u1/a.webp", "DELETE /u1/b.webp"]);
  });

  it("turns an error answer into an S3Error with the service's code", async () => {
    const storage = createS3Storage({
      ...base,
      fetch: async () =>
        new Response("<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>", {
          status: 403,
        }),
    });
    await expect(storage.put("x.png", new Uint8Array(), "image/png")).rejects.toMatchObject({
      name: "S3Error",
      status: 403,
      code: "AccessDenied",
      message: expect.stringContaining("403 AccessDenied: Access Denied"),
    });
  });
});
