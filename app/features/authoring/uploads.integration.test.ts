/**
 * A post image uploaded over HTTP comes back as a sized WebP address whose
 * smaller copies (srcset) are all stored and served.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { browse, CookieJar } from "#tests/support/http-app";
import { parseSizedImage } from "#server/storage/image-variants";
import { signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";

const site = siteOverHttpForThisFile();

async function upload(jar: CookieJar, bytes: Uint8Array<ArrayBuffer>, type = "image/jpeg") {
  const form = new FormData();
  form.set("file", new Blob([bytes], { type }), "photo.jpg");
  return browse(jar, `${site.app.url}/api/uploads`, {
    method: "POST",
    body: form,
    headers: { origin: site.app.url },
  });
}

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#2266aa" } })
    .jpeg()
    .toBuffer()
    .then((b) => new Uint8Array(b));

describe("POST /api/uploads", () => {
  it("stores the image and a WebP copy at each responsive width below its own, all served", async () => {
    const mentor = await signedInMember(site.app, site.testDb.db, { role: "mentor" });
    const res = await upload(mentor.jar, await jpeg(1500, 1000));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string; width: number; height: number };
    expect(body).toMatchObject({ width: 1500, height: 1000 });
    expect(body.url).toMatch(/^\/uploads\/posts\/[^/]+\/\d+-[0-9a-f]{8}\.1500x1000\.webp$/);

    const sized = parseSizedImage(body.url)!;
    expect(sized.candidates.map((c) => c.width)).toEqual([96, 160, 320, 640, 960, 1280, 1500]);
    for (const candidate of sized.candidates) {
      const file = await browse(new CookieJar(), `${site.app.url}${candidate.url}`);
      expect(file.status, candidate.url).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/webp");
      const meta = await sharp(new Uint8Array(await file.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: "webp", width: candidate.width });
      expect(meta.height).toBe(Math.round((candidate.width * 1000) / 1500));
    }
  });

  it("makes no copy wider than a small image, and still refuses what is not an image", async () => {
    const mentor = await signedInMember(site.app, site.testDb.db, { role: "mentor" });
    const res = await upload(mentor.jar, await jpeg(300, 200));
    const body = (await res.json()) as { url: string };
    expect(body.url).toMatch(/\.300x200\.webp$/);
    expect(parseSizedImage(body.url)!.candidates.map((c) => c.width)).toEqual([96, 160, 300]);
    const tooWide = body.url.replace(/\.webp$/, ".320w.webp");
    expect((await browse(new CookieJar(), `${site.app.url}${tooWide}`)).status).toBe(404);

    const fake = await upload(mentor.jar, new TextEncoder().encode("<svg onload=alert(1)>"));
    expect(fake.status).toBe(400);
    expect(await fake.json()).toEqual({ error: "Only JPG, PNG, and WebP images are allowed" });
  });
});
