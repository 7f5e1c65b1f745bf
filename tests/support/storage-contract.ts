/**
 * What every storage driver must do, as tests: each driver's test file calls
 * describeStorageContract with a way to make a fresh, empty store and to read
 * an object back the way a browser would.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { StorageKeyError, type Storage } from "#server/storage/storage";

export type ContractSubject = {
  storage: Storage;
  /** The bytes and content type at `url` as served to browsers, or null when absent. */
  fetchPublic(url: string): Promise<{ bytes: Uint8Array; contentType: string | null } | null>;
  /** Every object in the store, also those list() hides; sorted. */
  allObjects(): Promise<string[]>;
};

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);

export const BAD_KEYS = [
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

export function describeStorageContract(
  driver: string,
  /** A fresh, empty store for each test. */
  makeSubject: () => Promise<ContractSubject>,
) {
  describe(`${driver} storage: the contract`, () => {
    let subject: ContractSubject;
    let storage: Storage;
    beforeEach(async () => {
      subject = await makeSubject();
      storage = subject.storage;
    });

    it("put writes the bytes and returns the key and a URL that serves them with their type", async () => {
      const stored = await storage.put("posts/hello-world.webp", bytes("image"), "image/webp");
      expect(stored.key).toBe("posts/hello-world.webp");
      expect(stored.url).toBe(storage.url("posts/hello-world.webp"));
      expect(stored.url).toMatch(/\/posts\/hello-world\.webp$/);
      const served = await subject.fetchPublic(stored.url);
      expect(served && text(served.bytes)).toBe("image");
      expect(served?.contentType).toBe("image/webp");
    });

    it("put replaces an existing object", async () => {
      await storage.put("a/b/c.png", bytes("first"), "image/png");
      const { url } = await storage.put("a/b/c.png", bytes("second"), "image/png");
      expect(text((await subject.fetchPublic(url))!.bytes)).toBe("second");
      expect(await subject.allObjects()).toEqual(["a/b/c.png"]);
    });

    it("stores binary data byte for byte", async () => {
      const data = new Uint8Array(70_000).map((_, i) => (i * 31) % 256);
      const { url } = await storage.put("bin/data.webp", data, "image/webp");
      expect(Buffer.from((await subject.fetchPublic(url))!.bytes).equals(Buffer.from(data))).toBe(
        true,
      );
    });

    it("accepts a content type with parameters and an upper-case extension", async () => {
      await expect(
        storage.put("doc/NOTE.TXT", bytes("hi"), "text/plain; charset=utf-8"),
      ).resolves.toMatchObject({ key: "doc/NOTE.TXT" });
    });

    it.each(BAD_KEYS)("put(%j) throws StorageKeyError and writes nothing", async (key) => {
      await expect(storage.put(key, bytes("x"), "image/png")).rejects.toBeInstanceOf(
        StorageKeyError,
      );
      expect(await subject.allObjects()).toEqual([]);
    });

    it.each(BAD_KEYS)("url(%j) throws StorageKeyError", (key) => {
      expect(() => storage.url(key)).toThrow(StorageKeyError);
    });

    it.each(["../", "/", "posts/../", "posts\\", ".."])(
      "list(%j) throws StorageKeyError",
      async (prefix) => {
        await expect(storage.list(prefix)).rejects.toBeInstanceOf(StorageKeyError);
      },
    );

    it.each([
      ["page.html", "image/png"],
      ["page.html", "text/html"],
      ["logo.svg", "image/svg+xml"],
      ["photo.png", "image/jpeg"],
      ["no-extension", "image/png"],
      ["script.js", "application/javascript"],
    ])("rejects %s as %s", async (key, type) => {
      await expect(storage.put(key, bytes("x"), type)).rejects.toBeInstanceOf(StorageKeyError);
      expect(await subject.allObjects()).toEqual([]);
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

    describe("list", () => {
      beforeEach(async () => {
        for (const key of [
          "posts/b.webp",
          "posts/a.webp",
          "posts/ab/c.webp",
          "profiles/u1/1.webp",
        ]) {
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
        expect(await storage.list("", 1)).toEqual(["posts/a.webp"]);
        expect(await storage.list("", 0)).toEqual([]);
        await expect(storage.list("", -1)).rejects.toBeInstanceOf(RangeError);
        await expect(storage.list("", 1.5)).rejects.toBeInstanceOf(RangeError);
      });

      it("returns nothing for a missing folder", async () => {
        expect(await storage.list("nothing-here/")).toEqual([]);
      });
    });

    describe("delete", () => {
      beforeEach(async () => {
        for (const key of [
          "posts/a.webp",
          "posts/ab/c.webp",
          "profile-images/u1/1.500x500.webp",
          "profile-images/u1/1.500x500.96w.webp",
          "profile-images/u1/2.500x500.webp",
          "profile-images/u10/1.500x500.webp",
        ]) {
          await storage.put(key, bytes(key), "image/webp");
        }
      });

      it("delete removes one object, which no longer serves, and nothing else", async () => {
        const url = storage.url("posts/a.webp");
        expect(await subject.fetchPublic(url)).not.toBeNull();
        await storage.delete("posts/a.webp");
        expect(await subject.fetchPublic(url)).toBeNull();
        expect(await storage.list("posts/")).toEqual(["posts/ab/c.webp"]);
        expect(await storage.list("profile-images/")).toHaveLength(4);
      });

      it("delete of a missing key, or of a folder's name, is not an error and removes nothing", async () => {
        await storage.delete("posts/missing.webp");
        await storage.delete("never/was/here.webp");
        await storage.delete("posts/ab");
        await storage.delete("posts/a.webp");
        await storage.delete("posts/a.webp");
        expect(await subject.allObjects()).toEqual([
          "posts/ab/c.webp",
          "profile-images/u1/1.500x500.96w.webp",
          "profile-images/u1/1.500x500.webp",
          "profile-images/u1/2.500x500.webp",
          "profile-images/u10/1.500x500.webp",
        ]);
      });

      it("deletePrefix removes a whole folder, not a neighbour that shares its start", async () => {
        expect(await storage.deletePrefix("profile-images/u1/")).toBe(3);
        expect(await subject.allObjects()).toEqual([
          "posts/a.webp",
          "posts/ab/c.webp",
          "profile-images/u10/1.500x500.webp",
        ]);
        expect(await storage.deletePrefix("profile-images/u1/")).toBe(0);
      });

      it("deletePrefix with a partial name removes an image and its copies only", async () => {
        expect(await storage.deletePrefix("profile-images/u1/1.")).toBe(2);
        expect(await storage.list("profile-images/u1/")).toEqual([
          "profile-images/u1/2.500x500.webp",
        ]);
        // A folder is a prefix like any other: deleting "posts/a" takes "posts/ab/" as well.
        expect(await storage.deletePrefix("posts/a")).toBe(2);
        expect(await storage.list("posts/")).toEqual([]);
      });

      it("deletePrefix of a missing folder removes nothing", async () => {
        expect(await storage.deletePrefix("nothing-here/")).toBe(0);
        expect(await subject.allObjects()).toHaveLength(6);
      });

      it("a folder emptied by deletePrefix can be written again", async () => {
        await storage.deletePrefix("profile-images/u1/");
        await storage.put("profile-images/u1/3.500x500.webp", bytes("again"), "image/webp");
        expect(await storage.list("profile-images/u1/")).toEqual([
          "profile-images/u1/3.500x500.webp",
        ]);
      });

      it.each(BAD_KEYS)("delete(%j) throws StorageKeyError and removes nothing", async (key) => {
        await expect(storage.delete(key)).rejects.toBeInstanceOf(StorageKeyError);
        expect(await subject.allObjects()).toHaveLength(6);
      });

      it.each(["", "../", "/", "posts/../", "posts\\", ".."])(
        "deletePrefix(%j) throws StorageKeyError and removes nothing",
        async (prefix) => {
          await expect(storage.deletePrefix(prefix)).rejects.toBeInstanceOf(StorageKeyError);
          expect(await subject.allObjects()).toHaveLength(6);
        },
      );
    });

    it("check passes on a working store and leaves no object behind", async () => {
      await storage.check();
      expect(await storage.list()).toEqual([]);
      expect(await subject.allObjects()).toEqual([]);
    });
  });
}
