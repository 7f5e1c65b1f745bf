/**
 * The S3 driver: the storage contract against a real S3-compatible server
 * (the S3_TEST_* settings when present, otherwise s3rver started here on
 * 127.0.0.1) through AWS's SDK, and its commands, addresses and errors in
 * isolation (a fake client).
 */
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Client, createS3Storage, S3Error, type S3Sender, type S3Settings } from "./s3";
import { StorageKeyError } from "./storage";
import { describeStorageContract } from "#tests/support/storage-contract";
import { stringContaining } from "#tests/support/json";

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
  const client = await createS3Client(settings);
  const page = await client.send(
    new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: prefix }),
  );
  client.destroy();
  return (page.Contents ?? []).map((o) => o.Key!).sort();
}

describeStorageContract(external ? "S3 (S3_TEST_* settings)" : "S3 (s3rver)", () => {
  const folder = `${runFolder}/${++storeCount}`;
  return Promise.resolve({
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
  });
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

  /** A client that answers each command from `answer` and records what was sent. */
  function fakeClient(answer: (name: string, input: Record<string, unknown>) => unknown) {
    const sent: { name: string; input: Record<string, unknown> }[] = [];
    const client: S3Sender = {
      send(command) {
        const { constructor, input } = command as {
          constructor: { name: string };
          input: Record<string, unknown>;
        };
        sent.push({ name: constructor.name, input });
        const result = answer(constructor.name, input);
        if (result instanceof Error) return Promise.reject(result);
        return Promise.resolve(result ?? {});
      },
    };
    return { client, sent };
  }

  const serviceError = (name: string, status: number, message: string) =>
    Object.assign(new Error(message), { name, $metadata: { httpStatusCode: status } });

  it("refuses a bad prefix, and bad keys before any request", async () => {
    expect(() => createS3Storage({ ...base, prefix: "../up" })).toThrow(StorageKeyError);
    const { client, sent } = fakeClient(() => ({}));
    const storage = createS3Storage({ ...base, client });
    await expect(storage.put("../x.png", new Uint8Array(), "image/png")).rejects.toBeInstanceOf(
      StorageKeyError,
    );
    await expect(storage.put("x.html", new Uint8Array(), "text/html")).rejects.toBeInstanceOf(
      StorageKeyError,
    );
    expect(sent).toEqual([]);
  });

  it("puts with the type and a cache lifetime, under the prefix", async () => {
    const { client, sent } = fakeClient(() => ({}));
    const storage = createS3Storage({ ...base, prefix: "site", client });
    const body = new TextEncoder().encode("abc");
    await storage.put("p/x.webp", body, "image/webp");
    expect(sent).toEqual([
      {
        name: "PutObjectCommand",
        input: {
          Bucket: "media",
          Key: "site/p/x.webp",
          Body: body,
          ContentType: "image/webp",
          CacheControl: "public, max-age=604800",
        },
      },
    ]);
  });

  it("pages by marker until the limit and hides names put() could not write", async () => {
    const pages = [
      {
        IsTruncated: true,
        Contents: [{ Key: "site/.health/probe-1" }, { Key: "site/a&b.webp" }],
      },
      { IsTruncated: true, Contents: [{ Key: "site/b.webp" }], NextMarker: "site/b2" },
      { IsTruncated: false, Contents: [{ Key: "site/c.webp" }] },
    ];
    let page = 0;
    const { client, sent } = fakeClient(() => pages[page++]);
    const storage = createS3Storage({ ...base, prefix: "site", client });
    // "a&b.webp" is not a key put() could write: hidden like the probe.
    expect(await storage.list()).toEqual(["b.webp", "c.webp"]);
    expect(sent.map((c) => c.name)).toEqual(Array(3).fill("ListObjectsCommand"));
    expect(sent.map((c) => c.input.Marker)).toEqual([undefined, "site/a&b.webp", "site/b2"]);
    expect(sent[0]!.input).toMatchObject({ Bucket: "media", Prefix: "site/", MaxKeys: 1000 });

    sent.length = 0;
    page = 0;
    // The first page holds nothing to show, so one more is asked for.
    expect(await storage.list("", 1)).toEqual(["b.webp"]);
    expect(sent.map((c) => c.input.MaxKeys)).toEqual([1, 1]);
  });

  it("deletePrefix lists, then sends one quiet DeleteObjects with the keys", async () => {
    const { client, sent } = fakeClient((name) =>
      name === "ListObjectsCommand"
        ? { Contents: [{ Key: "site/u1/a.webp" }, { Key: "site/u1/b.webp" }] }
        : {},
    );
    const storage = createS3Storage({ ...base, prefix: "site", client });
    expect(await storage.deletePrefix("u1/")).toBe(2);
    expect(sent.map((c) => c.name)).toEqual(["ListObjectsCommand", "DeleteObjectsCommand"]);
    expect(sent[0]!.input.Prefix).toBe("site/u1/");
    expect(sent[1]!.input).toEqual({
      Bucket: "media",
      Delete: { Quiet: true, Objects: [{ Key: "site/u1/a.webp" }, { Key: "site/u1/b.webp" }] },
    });
  });

  it("deletePrefix throws when DeleteObjects reports a key it could not delete", async () => {
    const { client } = fakeClient((name) =>
      name === "ListObjectsCommand"
        ? { Contents: [{ Key: "u1/a.webp" }] }
        : { Errors: [{ Key: "u1/a.webp", Code: "AccessDenied", Message: "Access Denied" }] },
    );
    const storage = createS3Storage({ ...base, client });
    await expect(storage.deletePrefix("u1/")).rejects.toMatchObject({
      name: "S3Error",
      code: "AccessDenied",
      message: stringContaining("u1/a.webp"),
    });
  });

  it("deletePrefix falls back to one DELETE per key when DeleteObjects is not implemented", async () => {
    const { client, sent } = fakeClient((name) => {
      if (name === "ListObjectsCommand") {
        return { Contents: [{ Key: "u1/a.webp" }, { Key: "u1/b.webp" }] };
      }
      if (name === "DeleteObjectsCommand") return serviceError("NotImplemented", 501, "no");
      return {};
    });
    const storage = createS3Storage({ ...base, client });
    expect(await storage.deletePrefix("u1/")).toBe(2);
    expect(
      sent.map((c) => `${c.name} ${(c.input.Key as string | undefined) ?? ""}`.trim()),
    ).toEqual([
      "ListObjectsCommand",
      "DeleteObjectsCommand",
      "DeleteObjectCommand u1/a.webp",
      "DeleteObjectCommand u1/b.webp",
    ]);
  });

  it("turns the SDK's error into an S3Error with the service's status and code", async () => {
    const { client } = fakeClient(() => serviceError("AccessDenied", 403, "Access Denied"));
    const storage = createS3Storage({ ...base, client });
    await expect(storage.put("x.png", new Uint8Array(), "image/png")).rejects.toMatchObject({
      name: "S3Error",
      status: 403,
      code: "AccessDenied",
      message: stringContaining("403 AccessDenied: Access Denied"),
    });
  });
});

describe("S3 credentials", () => {
  it("uses the static keys when given, the AWS chain (refreshing) otherwise", async () => {
    const fixed = await createS3Client({
      bucket: "b",
      region: "eu-west-2",
      accessKeyId: "AKID",
      secretAccessKey: "SECRET",
      sessionToken: "TOKEN",
    });
    expect(await fixed.config.credentials()).toMatchObject({
      accessKeyId: "AKID",
      secretAccessKey: "SECRET",
      sessionToken: "TOKEN",
    });
    // The chain reads the environment first (then profiles, web identity, instance roles).
    const saved = { ...process.env };
    process.env.AWS_ACCESS_KEY_ID = "FROM_ENV";
    process.env.AWS_SECRET_ACCESS_KEY = "ENV_SECRET";
    try {
      const chained = await createS3Client({ bucket: "b", region: "eu-west-2" });
      expect(await chained.config.credentials()).toMatchObject({
        accessKeyId: "FROM_ENV",
        secretAccessKey: "ENV_SECRET",
      });
    } finally {
      process.env = saved;
    }
  });
});
