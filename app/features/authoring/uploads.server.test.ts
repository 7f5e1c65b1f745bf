import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Storage } from "#server/storage";
import type { Actor } from "~/features/accounts/permissions";
import { MAX_UPLOAD_BYTES } from "#server/http/limits";
import { sniffImage, UPLOAD_MESSAGES, uploadPostImage } from "./uploads.server";

const mentor: Actor = { id: "mentor-1", role: "mentor", status: "approved" };

function memoryStorage() {
  const objects = new Map<string, { bytes: Uint8Array; type: string }>();
  const storage: Storage = {
    driver: "local",
    put(key, bytes, contentType) {
      objects.set(key, { bytes, type: contentType });
      return Promise.resolve({ key, url: `/uploads/${key}` });
    },
    url: (key) => `/uploads/${key}`,
    list: () => Promise.resolve([...objects.keys()]),
    delete: (key) => Promise.resolve(void objects.delete(key)),
    deletePrefix: (prefix) => {
      const keys = [...objects.keys()].filter((key) => key.startsWith(prefix));
      for (const key of keys) objects.delete(key);
      return Promise.resolve(keys.length);
    },
    check: async () => {},
  };
  return { storage, objects };
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();

describe("image uploads", () => {
  it("recognises JPEG, PNG and WebP by their first bytes only", async () => {
    expect(sniffImage(await png())).toBe("png");
    expect(
      sniffImage(
        await sharp(await png())
          .jpeg()
          .toBuffer(),
      ),
    ).toBe("jpeg");
    expect(
      sniffImage(
        await sharp(await png())
          .webp()
          .toBuffer(),
      ),
    ).toBe("webp");
    expect(
      sniffImage(
        await sharp(await png())
          .gif()
          .toBuffer(),
      ),
    ).toBeNull();
    expect(sniffImage(new TextEncoder().encode("<svg onload=alert(1)>"))).toBeNull();
  });

  it("re-encodes to WebP without metadata and stores it under the author's folder", async () => {
    const { storage, objects } = memoryStorage();
    const withExif = await sharp(await png())
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "secret-gps-owner" } } })
      .toBuffer();
    expect(withExif.includes("secret-gps-owner")).toBe(true);
    const result = await uploadPostImage(storage, mentor, withExif, {
      now: new Date(1_767_000_000_000),
    });
    expect(result).toMatchObject({ ok: true, width: 40, height: 30 });
    if (!result.ok) return;
    expect(result.key).toMatch(/^posts\/mentor-1\/1767000000000-[0-9a-f]{8}\.40x30\.webp$/);
    const stored = objects.get(result.key)!;
    expect(stored.type).toBe("image/webp");
    expect(sniffImage(stored.bytes)).toBe("webp");
    expect(Buffer.from(stored.bytes).includes("secret-gps-owner")).toBe(false);
    const meta = await sharp(stored.bytes).metadata();
    expect(meta.exif).toBeUndefined();
  });

  it("refuses other types, broken images, files over 5 MB and non-authors with the spec's messages", async () => {
    const { storage, objects } = memoryStorage();
    const gif = await sharp(await png())
      .gif()
      .toBuffer();
    expect(await uploadPostImage(storage, mentor, gif)).toEqual({
      ok: false,
      status: 400,
      error: UPLOAD_MESSAGES.wrongType,
    });
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(100, 1)]);
    expect(await uploadPostImage(storage, mentor, broken)).toMatchObject({
      ok: false,
      error: "Only JPG, PNG, and WebP images are allowed",
    });
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect(await uploadPostImage(storage, mentor, big)).toMatchObject({
      ok: false,
      status: 413,
      error: "File size must be less than 5MB",
    });
    for (const actor of [
      null,
      { id: "u", role: "user", status: "approved" } as Actor,
      { id: "p", role: "mentor", status: "pending" } as Actor,
      { id: "b", role: "admin", status: "blocked" } as Actor,
    ]) {
      expect(await uploadPostImage(storage, actor, await png())).toMatchObject({
        ok: false,
        status: 403,
      });
    }
    expect(objects.size).toBe(0);
  });
});
