/**
 * Captions for a featured video (docs/decisions/0113) over HTTP: a WebVTT file
 * uploaded by a mentor is stored and served as text/vtt; anything that is
 * not WebVTT, or too large, is refused, as is an upload by anyone who may not
 * write posts; saved with a video file, the post page carries it as
 * <track kind="captions" default>; removed, the track goes.
 */
import { describe, expect, it } from "vitest";
import { browse, CookieJar } from "#tests/support/http-app";
import { signedInMember } from "#tests/support/signed-in";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";
import { CAPTIONS_MESSAGES, MAX_CAPTIONS_BYTES } from "./captions";

const site = siteOverHttpForThisFile();

const VTT = `WEBVTT

00:00:00.000 --> 00:00:02.500
Namaste, and welcome to FounderBridge.

00:00:02.500 --> 00:00:05.000
<v Meera>Today: pricing for two markets.
`;

async function upload(jar: CookieJar, text: string | Uint8Array, name = "captions.vtt") {
  const form = new FormData();
  form.set("kind", "captions");
  form.set("file", new Blob([text as BlobPart], { type: "text/vtt" }), name);
  return browse(jar, `${site.app.url}/api/uploads`, {
    method: "POST",
    body: form,
    headers: { origin: site.app.url },
  });
}

describe("captions upload", () => {
  it("stores a WebVTT file and serves it as text/vtt", async () => {
    const mentor = await signedInMember(site.app, site.testDb.db, { role: "mentor" });
    const res = await upload(mentor.jar, `\uFEFF${VTT}`);
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/^\/uploads\/captions\/[^/]+\/\d+-[0-9a-f]{8}\.vtt$/);
    const file = await browse(new CookieJar(), `${site.app.url}${url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toMatch(/^text\/vtt/);
    expect(await file.text()).toContain("Namaste, and welcome");
  });

  it("refuses what is not WebVTT, whatever its name, and a file over the cap", async () => {
    const mentor = await signedInMember(site.app, site.testDb.db, { role: "mentor" });
    const srt = "1\n00:00:00,000 --> 00:00:02,500\nHello\n";
    for (const body of [
      srt,
      "WEBVTTX\n\n",
      "<script>alert(1)</script>",
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      new Uint8Array([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xff, 0xfe]),
    ]) {
      const res = await upload(mentor.jar, body);
      expect(res.status, String(body)).toBe(400);
      expect(await res.json()).toEqual({ error: CAPTIONS_MESSAGES.notWebVtt });
    }
    const large = `WEBVTT\n\n${"00:00:00.000 --> 00:00:01.000\nword\n\n".repeat(20_000)}`;
    expect(large.length).toBeGreaterThan(MAX_CAPTIONS_BYTES);
    const tooLarge = await upload(mentor.jar, large);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ error: CAPTIONS_MESSAGES.tooLarge });
  });

  it("refuses visitors, plain members, pending and blocked mentors", async () => {
    const db = site.testDb.db;
    const jars = [
      new CookieJar(),
      (await signedInMember(site.app, db, { role: "user" })).jar,
      (await signedInMember(site.app, db, { role: "mentor", status: "pending" })).jar,
    ];
    for (const jar of jars) {
      const res = await upload(jar, VTT);
      expect(res.status).toBe(403);
    }
    const blocked = await signedInMember(site.app, db, { role: "mentor" });
    await db.execute(
      (await import("drizzle-orm"))
        .sql`UPDATE profiles SET status = 'blocked' WHERE id = ${blocked.id}`,
    );
    expect([401, 403]).toContain((await upload(blocked.jar, VTT)).status);
  });
});

describe("the captions track on the post page", () => {
  async function save(jar: CookieJar, fields: Record<string, string>) {
    return browse(jar, `${site.app.url}/create-post`, {
      method: "POST",
      body: new URLSearchParams({ intent: "publish", ...fields }),
      headers: { origin: site.app.url },
    });
  }

  it("is on the featured video file, checked at save, and goes when removed", async () => {
    const mentor = await signedInMember(site.app, site.testDb.db, { role: "mentor" });
    const { url } = (await (await upload(mentor.jar, VTT)).json()) as { url: string };
    const saved = await save(mentor.jar, {
      title: "Pricing for two markets",
      featured_video_url: "/uploads/videos/pricing.mp4",
      captions_url: url,
      captions_lang: "hi",
      captions_label: "Hindi",
    });
    expect(saved.status).toBe(302);
    const page = await site.text(await site.get(new CookieJar(), "/post/pricing-for-two-markets"));
    const track = page.match(/<track [^>]*>/)?.[0];
    expect(track).toBeDefined();
    expect(track).toContain('kind="captions"');
    expect(track).toContain(`src="${url}"`);
    // React writes srcLang; HTML attribute names are case-insensitive.
    expect(track).toMatch(/ srclang="hi"/i);
    expect(track).toContain('label="Hindi"');
    expect(track).toMatch(/\bdefault\b/);
    // The CSP lets the page load it: media-src covers <track>, and it is this site's.
    const csp = (await site.get(new CookieJar(), "/post/pricing-for-two-markets")).headers.get(
      "content-security-policy",
    );
    expect(csp).toMatch(/media-src 'self'/);

    // Without a language or label: English.
    await save(mentor.jar, {
      title: "Default captions",
      featured_video_url: "/uploads/videos/default.mp4",
      captions_url: url,
    });
    const plain = await site.text(await site.get(new CookieJar(), "/post/default-captions"));
    expect(plain).toMatch(/<track [^>]*srclang="en"[^>]*label="English"/i);

    // Captions on a YouTube video, or from another host, are refused beside the field.
    const youtube = await save(mentor.jar, {
      title: "On YouTube",
      featured_video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      captions_url: url,
    });
    expect(youtube.status).toBe(400);
    expect(await site.text(youtube)).toContain(CAPTIONS_MESSAGES.needsVideoFile);
    const elsewhere = await save(mentor.jar, {
      title: "Elsewhere",
      featured_video_url: "/uploads/videos/e.mp4",
      captions_url: "https://evil.example/captions/x/1-a.vtt",
    });
    expect(elsewhere.status).toBe(400);
    expect(await site.text(elsewhere)).toContain(CAPTIONS_MESSAGES.url);

    // Removed: saved with the address emptied, the track is gone.
    const edit = await browse(mentor.jar, `${site.app.url}/edit-post/pricing-for-two-markets`);
    const id = (await edit.text()).match(/name="id" value="([^"]+)"/)?.[1];
    expect(id).toBeTruthy();
    const removed = await save(mentor.jar, {
      id: id!,
      title: "Pricing for two markets",
      slug: "pricing-for-two-markets",
      featured_video_url: "/uploads/videos/pricing.mp4",
      captions_url: "",
    });
    expect(removed.status).toBe(302);
    const after = await site.text(await site.get(new CookieJar(), "/post/pricing-for-two-markets"));
    expect(after).toContain("<video");
    expect(after).not.toContain("<track");
  });
});
