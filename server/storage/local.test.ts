import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createStorage, UPLOADS_PUBLIC_PATH } from "./index";
import { createLocalStorage, type LocalStorage } from "./local";
import { StorageKeyError } from "./storage";

const bytes = (text: string) => new TextEncoder().encode(text);

let sandbox: string;
let root: string;
let storage: LocalStorage;

beforeEach(async () => {
  // The root sits one level down so that an escape would land in the sandbox, where we can see it.
  sandbox = await mkdtemp(path.join(tmpdir(), "fb-storage-"));
  root = path.join(sandbox, "uploads");
  storage = createLocalStorage({ root, publicPath: "/uploads" });
});

afterEach(async () => {
  await rm(sandbox, { recursive: true, force: true });
});

/** Every file under `dir`, relative, slash-separated. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

describe("local storage: put and url", () => {
  it("writes the bytes under the root and returns the key and its public URL", async () => {
    const stored = await storage.put("posts/hello-world.webp", bytes("image"), "image/webp");
    expect(stored).toEqual({
      key: "posts/hello-world.webp",
      url: "/uploads/posts/hello-world.webp",
    });
    expect(await readFile(path.join(root, "posts", "hello-world.webp"), "utf8")).toBe("image");
  });

  it("replaces an existing object and leaves no temporary file behind", async () => {
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

  it("accepts a content type with parameters and an upper-case extension", async () => {
    await expect(
      storage.put("doc/NOTE.TXT", bytes("hi"), "text/plain; charset=utf-8"),
    ).resolves.toMatchObject({ key: "doc/NOTE.TXT" });
  });
});

describe("local storage: keys that escape or are malformed are rejected", () => {
  const badKeys = [
    "",
    "../escape.png",
    "posts/../../escape.png",
    "posts/../x.png",
    "./x.png",
    "/etc/escape.png",
    "/absolute.png",
    "posts\\..\\..\\escape.png",
    "posts\\x.png",
    "C:/escape.png",
    "posts//x.png",
    "posts/x.png/",
    ".hidden.png",
    "posts/.hidden.png",
    "%2e%2e/escape.png",
    "posts/x y.png",
    "posts/x.png\0.txt",
    `${"a".repeat(600)}.png`,
  ];

  it.each(badKeys)("put(%j) throws StorageKeyError and writes nothing", async (key) => {
    await expect(storage.put(key, bytes("x"), "image/png")).rejects.toBeInstanceOf(StorageKeyError);
    expect(existsSync(sandbox) ? await filesUnder(sandbox) : []).toEqual([]);
  });

  it.each(badKeys)("url(%j) throws StorageKeyError", (key) => {
    expect(() => storage.url(key)).toThrow(StorageKeyError);
  });

  it.each(["../", "/", "posts/../", "posts\\", ".."])(
    "list(%j) throws StorageKeyError",
    async (prefix) => {
      await expect(storage.list(prefix)).rejects.toBeInstanceOf(StorageKeyError);
    },
  );
});

describe("local storage: content types", () => {
  it.each([
    ["page.html", "image/png"],
    ["page.html", "text/html"],
    ["logo.svg", "image/svg+xml"],
    ["photo.png", "image/jpeg"],
    ["no-extension", "image/png"],
    ["script.js", "application/javascript"],
  ])("rejects %s as %s", async (key, type) => {
    await expect(storage.put(key, bytes("x"), type)).rejects.toBeInstanceOf(StorageKeyError);
  });

  it.each([
    ["a.jpg", "image/jpeg"],
    ["a.jpeg", "image/jpeg"],
    ["a.png", "image/png"],
    ["a.webp", "image/webp"],
    ["a.mp3", "audio/mpeg"],
    ["a.mp4", "video/mp4"],
  ])("accepts %s as %s", async (key, type) => {
    await expect(storage.put(key, bytes("x"), type)).resolves.toMatchObject({ key });
  });
});

describe("local storage: list", () => {
  beforeEach(async () => {
    for (const key of ["posts/b.webp", "posts/a.webp", "posts/ab/c.webp", "profiles/u1/1.webp"]) {
      await storage.put(key, bytes(key), "image/webp");
    }
  });

  it("lists every key, sorted, when no prefix is given", async () => {
    expect(await storage.list()).toEqual([
      "posts/a.webp",
      "posts/ab/c.webp",
      "posts/b.webp",
      "profiles/u1/1.webp",
    ]);
  });

  it("filters by a folder prefix and by a partial name", async () => {
    expect(await storage.list("profiles/")).toEqual(["profiles/u1/1.webp"]);
    expect(await storage.list("posts/a")).toEqual(["posts/a.webp", "posts/ab/c.webp"]);
    expect(await storage.list("pro")).toEqual(["profiles/u1/1.webp"]);
  });

  it("honours the limit", async () => {
    expect(await storage.list("posts/", 2)).toEqual(["posts/a.webp", "posts/ab/c.webp"]);
    expect(await storage.list("", 0)).toEqual([]);
    await expect(storage.list("", -1)).rejects.toBeInstanceOf(RangeError);
  });

  it("returns nothing for a missing folder or an empty root", async () => {
    expect(await storage.list("nothing-here/")).toEqual([]);
    const empty = createLocalStorage({
      root: path.join(sandbox, "never-created"),
      publicPath: "/u",
    });
    expect(await empty.list()).toEqual([]);
  });

  it("ignores dot-files such as interrupted temporary writes", async () => {
    await writeFile(path.join(root, "posts", ".tmp-deadbeef"), "partial");
    expect(await storage.list("posts/")).not.toContain("posts/.tmp-deadbeef");
    expect(await storage.list("posts/")).toHaveLength(3);
  });
});

describe("local storage: check", () => {
  it("passes on a writable root and leaves no object behind", async () => {
    await storage.check();
    expect(await storage.list()).toEqual([]);
    expect(await filesUnder(root)).toEqual([]);
  });

  it("throws when the root cannot be written", async () => {
    const file = path.join(sandbox, "a-file");
    await writeFile(file, "not a folder");
    const broken = createLocalStorage({ root: path.join(file, "uploads"), publicPath: "/uploads" });
    await expect(broken.check()).rejects.toThrow();
  });
});

describe("createStorage", () => {
  it("chooses the local driver in <dataDir>/uploads served at /uploads", async () => {
    const chosen = createStorage({ dataDir: sandbox });
    expect(chosen.driver).toBe("local");
    expect(UPLOADS_PUBLIC_PATH).toBe("/uploads");
    const stored = await chosen.put("x/y.png", bytes("png"), "image/png");
    expect(stored.url).toBe("/uploads/x/y.png");
    expect(await readFile(path.join(sandbox, "uploads", "x", "y.png"), "utf8")).toBe("png");
  });
});
