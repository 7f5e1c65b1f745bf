/**
 * The Podcast category as a podcast (docs/decisions/0111): /podcast.xml, parsed by
 * two third-party parsers, carries the channel's itunes tags from site
 * settings and, for each episode, an enclosure whose length is the file's
 * size and whose type is its type, and itunes:duration read from the file.
 * The files are the site's own uploads (read from disk when the post is
 * saved) and one on another host (fetched through the checked fetcher).
 */
import { parseFeed } from "@rowanmanning/feed-parser";
import { eq } from "drizzle-orm";
import type { Server } from "node:http";
import Parser from "rss-parser";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { clearAllCaches } from "#server/cache/cache";
import { categories, posts, siteSettings } from "#server/db/schema";
import { runtime } from "#server/runtime";
import { CookieJar } from "#tests/support/http-app";
import { mp3Of, mp3Seconds, wavOf, wavSeconds } from "#tests/support/audio-fixtures";
import { createUser } from "#tests/support/factories";
import { listenLocal } from "#tests/support/listen-local";
import { siteOverHttpForThisFile } from "#tests/support/site-over-http";
import type { Actor } from "~/features/accounts/permissions";
import { AUDIO_PROBE_BYTES, createAudioProbe } from "~/features/authoring/audio-facts.server";
import { savePost } from "~/features/authoring/save-post.server";
import { processServices } from "#server/services";
import { anyNumber, anyString, stringMatching } from "#tests/support/json";

const site = siteOverHttpForThisFile();
const parser = new Parser<Record<string, unknown>, { itunes?: Record<string, string> }>();
let mentor: Actor;
let podcast: string;
let remote: { server: Server; url: string } | undefined;

afterAll(() => remote?.server.close());

beforeEach(async () => {
  clearAllCaches();
  const u = await createUser(site.testDb.db, { role: "mentor", fullName: "Meera Shah" });
  mentor = { id: u.id, role: "mentor", status: "approved" };
  const [row] = await site.testDb.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, "podcast"));
  podcast = row!.id;
});

async function publish(
  fields: Record<string, string>,
  probe = createAudioProbe({ site: processServices() }),
) {
  const result = await savePost(
    site.testDb.db,
    mentor,
    { intent: "publish", category_id: podcast, ...fields },
    { videoThumbnail: () => Promise.resolve(null), audioProbe: probe },
  );
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result;
}

async function podcastFeed() {
  clearAllCaches();
  const res = await site.get(new CookieJar(), "/podcast.xml");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/rss\+xml/);
  return res.text();
}

describe("/podcast.xml", () => {
  it("each episode: enclosure with the file's size and type, duration from the file", async () => {
    const storage = runtime().storage;
    const wav = wavOf(4, 2.5); // 10.6 s
    const mp3 = mp3Of(14_000); // 5.8 MB, more than is read for its headers; about 366 s
    const wavUrl = (await storage.put("podcast/ep1.wav", wav, "audio/wav")).url;
    const mp3Url = (await storage.put("podcast/ep2.mp3", mp3, "audio/mpeg")).url;
    await publish({
      title: "Episode 1: Banking",
      excerpt: "Opening an account.",
      featured_audio_url: wavUrl,
      audio_type: "wav",
      featured_image_url: "/uploads/podcast/cover.1400x1400.webp",
      publish_at: new Date(Date.now() - 120_000).toISOString(),
    });
    await publish({
      title: "Episode 2: Hiring",
      featured_audio_url: mp3Url,
      audio_type: "mp3",
      content: "<p>Show notes with <script>x()</script><a href='/post/x'>a link</a></p>",
    });
    // Not episodes: an embed, a post elsewhere, a draft.
    await publish({
      title: "Embedded",
      featured_audio_url: "https://open.spotify.com/embed/episode/abc",
      audio_type: "embed",
    });
    await savePost(
      site.testDb.db,
      mentor,
      {
        intent: "draft",
        category_id: podcast,
        title: "Draft",
        featured_audio_url: wavUrl,
        audio_type: "wav",
      },
      { audioProbe: createAudioProbe({ site: processServices() }) },
    );

    const xml = await podcastFeed();
    const one = await parser.parseString(xml);
    const two = parseFeed(xml);
    expect(one.items.map((i) => i.title)).toEqual(["Episode 2: Hiring", "Episode 1: Banking"]);
    expect(two.items.map((i) => i.title)).toEqual(["Episode 2: Hiring", "Episode 1: Banking"]);

    const [ep2, ep1] = one.items;
    expect(ep1!.enclosure).toEqual({
      url: `${site.app.url}${wavUrl}`,
      length: String(wav.byteLength),
      type: "audio/wav",
    });
    expect(ep2!.enclosure).toEqual({
      url: `${site.app.url}${mp3Url}`,
      length: String(mp3.byteLength),
      type: "audio/mpeg",
    });
    expect(two.items[1]!.media[0]).toMatchObject({
      url: `${site.app.url}${wavUrl}`,
      length: wav.byteLength,
      mimeType: "audio/wav",
    });
    expect(two.items[0]!.media[0]).toMatchObject({
      length: mp3.byteLength,
      mimeType: "audio/mpeg",
    });

    const itunes = (item: (typeof one.items)[number]) =>
      (item as unknown as { itunes: Record<string, string> }).itunes;
    expect(Number(itunes(ep1!).duration)).toBe(Math.round(wavSeconds(4, 2.5)));
    // A CBR MP3's length is its size over its bit rate: within a second of its frames' time.
    expect(Math.abs(Number(itunes(ep2!).duration) - mp3Seconds(14_000))).toBeLessThan(1);
    expect(itunes(ep1!).image).toBe(`${site.app.url}/uploads/podcast/cover.1400x1400.webp`);
    expect(JSON.stringify(ep2)).toContain("Show notes");
    expect(JSON.stringify(ep2)).not.toContain("<script");
  });

  it("the channel: itunes tags from site settings, defaults when none are set", async () => {
    let one = await parser.parseString(await podcastFeed());
    expect(one.title).toMatch(/^Podcast \| /);
    expect(one.itunes).toMatchObject({
      image: `${site.app.url}/podcast-artwork-1400.png`,
      explicit: "false",
      categories: ["Business"],
    });
    expect(one.itunes!.owner).toMatchObject({
      name: anyString(),
      email: stringMatching(/^hello@/),
    });

    await site.testDb.db.update(siteSettings).set({
      podcastImageUrl: "https://cdn.example.com/show.jpg",
      podcastCategory: "Education",
      podcastOwnerName: "Asha & Co",
      podcastOwnerEmail: "podcast@example.com",
      podcastExplicit: true,
    });
    const xml = await podcastFeed();
    one = await parser.parseString(xml);
    expect(one.itunes).toMatchObject({
      image: "https://cdn.example.com/show.jpg",
      explicit: "true",
      categories: ["Education"],
      owner: { name: "Asha & Co", email: "podcast@example.com" },
      author: "Asha & Co",
    });
    expect(parseFeed(xml).image?.url).toBe("https://cdn.example.com/show.jpg");
  });

  it("audio on another host: its size from Content-Length, its length from the first bytes", async () => {
    const mp3 = mp3Of(12_000);
    remote = await listenLocal();
    remote.server.on("request", (_req, res) => {
      res.writeHead(200, {
        "Content-Type": "audio/mpeg",
        "Content-Length": String(mp3.byteLength),
      });
      res.end(mp3);
    });
    // The form takes https only; the probe is asked directly, as savePost asks it.
    const probe = createAudioProbe({ allowHttp: true, allowAddresses: ["127.0.0.1"] });
    const facts = await probe(`${remote.url}/ep.mp3`, "mp3");
    expect(facts).toEqual({
      bytes: mp3.byteLength,
      mimeType: "audio/mpeg",
      durationSeconds: anyNumber(),
    });
    expect(Math.abs(facts!.durationSeconds! - mp3Seconds(12_000))).toBeLessThan(1);
    expect(mp3.byteLength).toBeGreaterThan(AUDIO_PROBE_BYTES);
    // Not an address a podcast app could fetch: none.
    expect(await probe("http://10.0.0.1/ep.mp3", "mp3")).toBeNull();
    expect(await createAudioProbe()(`${remote.url}/ep.mp3`, "mp3")).toBeNull();
  });

  it("facts are kept while the audio is unchanged, read again when it changes, none for an embed", async () => {
    const storage = runtime().storage;
    const first = (await storage.put("podcast/a.wav", wavOf(2, 1), "audio/wav")).url;
    const second = (await storage.put("podcast/b.wav", wavOf(6, 1), "audio/wav")).url;
    const calls: string[] = [];
    const base = createAudioProbe({ site: processServices() });
    const counting = async (url: string, type: Parameters<typeof base>[1]) => {
      calls.push(url);
      return base(url, type);
    };
    const saved = await publish(
      { title: "Kept", featured_audio_url: first, audio_type: "wav" },
      counting,
    );
    const id = saved.post.id;
    await publish(
      { id, title: "Kept, renamed", featured_audio_url: first, audio_type: "wav" },
      counting,
    );
    expect(calls).toEqual([first]);
    await publish({ id, title: "Kept", featured_audio_url: second, audio_type: "wav" }, counting);
    expect(calls).toEqual([first, second]);
    const [row] = await site.testDb.db
      .select({ seconds: posts.audioDurationSeconds })
      .from(posts)
      .where(eq(posts.id, id));
    expect(row!.seconds).toBe(Math.round(wavSeconds(6, 1)));
    await publish(
      {
        id,
        title: "Kept",
        featured_audio_url: "https://open.spotify.com/embed/episode/x",
        audio_type: "embed",
      },
      counting,
    );
    const [embed] = await site.testDb.db
      .select({ bytes: posts.audioBytes })
      .from(posts)
      .where(eq(posts.id, id));
    expect(embed!.bytes).toBeNull();
    expect(calls).toHaveLength(2);
  });
});
