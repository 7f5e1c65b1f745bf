import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createStorage, UPLOADS_PUBLIC_PATH } from "./index";
import { createLocalStorage, type LocalStorage } from "./local";
import { describeStorageContract } from "#tests/support/storage-contract";

const bytes = (text: string) => new TextEncoder().encode(text);

let sandbox: string;
let root: string;
let storage: LocalStorage;
/** The root served as the site serves it (server/app.ts), for the contract's fetches. */
let server: Server;
let serverUrl: string;

beforeAll(async () => {
  // The root sits one level down so that an escape would land in the sandbox, where we can see it.
  sandbox = await mkdtemp(path.join(tmpdir(), "fb-storage-"));
  root = path.join(sandbox, "uploads");
  const app = express();
  app.use("/uploads", express.static(root, { index: false, dotfiles: "deny" }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(sandbox, { recursive: true, force: true });
});

beforeEach(async () => {
  await rm(root, { recursive: true, force: true });
  storage = createLocalStorage({ root, publicPath: "/uploads" });
});

/** Every file under `dir`, relative, slash-separated. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

describeStorageContract("local", () =>
  Promise.resolve({
    storage,
    async fetchPublic(url) {
      const response = await fetch(`${serverUrl}${url}`);
      if (response.status === 404) return null;
      expect(response.status).toBe(200);
      return {
        bytes: new Uint8Array(await response.arrayBuffer()),
        contentType: response.headers.get("content-type"),
      };
    },
    // The whole sandbox: an escape from the root would show here.
    allObjects: async () =>
      (await filesUnder(sandbox)).map((file) => file.replace(/^uploads\//, "")),
  }),
);

describe("local storage: files on disk", () => {
  it("writes under the root and leaves no temporary file behind", async () => {
    await storage.put("a/b/c.png", bytes("first"), "image/png");
    await storage.put("a/b/c.png", bytes("second"), "image/png");
    expect(await readFile(path.join(root, "a", "b", "c.png"), "utf8")).toBe("second");
    expect(await filesUnder(sandbox)).toEqual(["uploads/a/b/c.png"]);
  });

  it.each([
    ["/uploads", "/uploads/x/y.jpg"],
    ["uploads/", "/uploads/x/y.jpg"],
    ["/media/files/", "/media/files/x/y.jpg"],
    ["https://cdn.example.com/uploads/", "https://cdn.example.com/uploads/x/y.jpg"],
  ])("builds URLs under the public path %s", (publicPath, expected) => {
    expect(createLocalStorage({ root, publicPath }).url("x/y.jpg")).toBe(expected);
  });

  it("lists nothing for an empty root that was never created", async () => {
    const empty = createLocalStorage({
      root: path.join(sandbox, "never-created"),
      publicPath: "/u",
    });
    expect(await empty.list()).toEqual([]);
  });

  it("ignores dot-files such as interrupted temporary writes", async () => {
    for (const key of ["posts/a.webp", "posts/b.webp"]) {
      await storage.put(key, bytes(key), "image/webp");
    }
    await writeFile(path.join(root, "posts", ".tmp-deadbeef"), "partial");
    expect(await storage.list("posts/")).toEqual(["posts/a.webp", "posts/b.webp"]);
  });

  it("deletePrefix removes the folders it empties, and keeps a folder that still holds files", async () => {
    await storage.put("profile-images/u1/1.webp", bytes("1"), "image/webp");
    await storage.put("profile-images/u1/old/2.webp", bytes("2"), "image/webp");
    await storage.put("profile-images/u2/1.webp", bytes("3"), "image/webp");
    await storage.deletePrefix("profile-images/u1/");
    expect(await readdir(path.join(root, "profile-images"))).toEqual(["u2"]);
    await storage.put("posts/ab/1.webp", bytes("4"), "image/webp");
    await storage.put("posts/a.webp", bytes("5"), "image/webp");
    await writeFile(path.join(root, "posts", "ab", ".tmp-inflight"), "partial");
    await storage.deletePrefix("posts/a");
    // The write in flight keeps its folder.
    expect(await readdir(path.join(root, "posts", "ab"))).toEqual([".tmp-inflight"]);
  });

  it("delete and deletePrefix never reach outside the root", async () => {
    await writeFile(path.join(sandbox, "outside.png"), "keep");
    await storage.put("x/y.png", bytes("y"), "image/png");
    await expect(storage.delete("../outside.png")).rejects.toThrow();
    await expect(storage.deletePrefix("../")).rejects.toThrow();
    await expect(storage.deletePrefix("")).rejects.toThrow();
    expect(await filesUnder(sandbox)).toEqual(["outside.png", "uploads/x/y.png"]);
    await rm(path.join(sandbox, "outside.png"));
  });

  it("check leaves no file behind, and throws when the root cannot be written", async () => {
    await storage.check();
    expect(await filesUnder(root)).toEqual([]);
    const file = path.join(sandbox, "a-file");
    await writeFile(file, "not a folder");
    const broken = createLocalStorage({ root: path.join(file, "uploads"), publicPath: "/uploads" });
    await expect(broken.check()).rejects.toThrow();
    await rm(file);
  });
});

describe("health probe leftovers", () => {
  it("removeLeftovers removes the probe files a crash left (older than a minute), not a probe running now", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "fb-probe-"));
    try {
      const storage = createLocalStorage({ root: dir, publicPath: "/uploads" });
      expect(await storage.removeLeftovers!()).toBe(0);
      await mkdir(path.join(dir, ".health"), { recursive: true });
      const old = new Date(Date.now() - 5 * 60_000);
      for (const name of ["probe-dead1", ".tmp-dead2"]) {
        await writeFile(path.join(dir, ".health", name), "x");
        await utimes(path.join(dir, ".health", name), old, old);
      }
      await writeFile(path.join(dir, ".health", "probe-running"), "x");
      await storage.put("posts/keep.png", bytes("k"), "image/png");
      expect(await storage.removeLeftovers!()).toBe(2);
      expect(await readdir(path.join(dir, ".health"))).toEqual(["probe-running"]);
      expect(await storage.list()).toEqual(["posts/keep.png"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("createStorage", () => {
  it("chooses the local driver in <dataDir>/uploads served at /uploads by default", async () => {
    const dataDir = path.join(sandbox, "data");
    for (const chosen of [
      createStorage({ dataDir }),
      createStorage({ dataDir, storage: { driver: "local" } }),
    ]) {
      expect(chosen.driver).toBe("local");
      const stored = await chosen.put("x/y.png", bytes("png"), "image/png");
      expect(stored.url).toBe("/uploads/x/y.png");
    }
    expect(UPLOADS_PUBLIC_PATH).toBe("/uploads");
    expect(await readFile(path.join(dataDir, "uploads", "x", "y.png"), "utf8")).toBe("png");
  });

  it("chooses the S3 driver when the settings say so", () => {
    const chosen = createStorage({
      dataDir: sandbox,
      storage: {
        driver: "s3",
        s3: {
          bucket: "media",
          region: "eu-west-2",
          accessKeyId: "id",
          secretAccessKey: "secret",
        },
      },
    });
    expect(chosen.driver).toBe("s3");
    expect(chosen.url("x/y.png")).toBe("https://media.s3.eu-west-2.amazonaws.com/x/y.png");
  });
});
