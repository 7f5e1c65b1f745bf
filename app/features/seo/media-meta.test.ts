import { describe, expect, it } from "vitest";
import { isoDuration, mediaMeta } from "./media-meta";

const SITE = { description: "About it", siteName: "FB", siteUrl: "https://fb.test" };
const base = {
  title: "Episode 3",
  slug: "episode-3",
  featuredImageUrl: null,
  featuredVideoUrl: null,
  videoThumbnailUrl: null,
  featuredAudioUrl: null,
  audioType: null,
  audioMimeType: null,
  audioBytes: null,
  audioDurationSeconds: null,
  publishedAt: new Date("2026-11-01T10:00:00Z"),
  category: { slug: "guides", name: "Guides" },
} as const;

/** The JSON-LD objects, as a crawler reads them: serialised and parsed back. */
const jsonLd = (meta: ReturnType<typeof mediaMeta>) =>
  meta
    .filter((m) => "script:ld+json" in m)
    .map(
      (m) =>
        JSON.parse(JSON.stringify((m as Record<string, unknown>)["script:ld+json"])) as Record<
          string,
          unknown
        >,
    );
const og = (meta: ReturnType<typeof mediaMeta>, property: string) =>
  meta.find((m) => (m as { property?: string }).property === property) as
    { content: string } | undefined;

describe("media in the post's head", () => {
  it("a YouTube video: VideoObject with name, description, thumbnail, upload date, embedUrl", () => {
    const meta = mediaMeta(
      { ...base, featuredVideoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" },
      SITE,
    );
    const [video] = jsonLd(meta);
    expect(video).toEqual({
      "@context": "https://schema.org",
      "@type": "VideoObject",
      name: "Episode 3",
      description: "About it",
      thumbnailUrl: ["https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"],
      uploadDate: "2026-11-01T10:00:00.000Z",
      embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
      url: "https://fb.test/post/episode-3",
    });
    expect(og(meta, "og:video")?.content).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    );
    expect(og(meta, "og:video:type")?.content).toBe("text/html");
    expect(og(meta, "og:audio")).toBeUndefined();
  });

  it("a video file of this site: contentUrl and og:video absolute, the featured image as still", () => {
    const meta = mediaMeta(
      {
        ...base,
        featuredVideoUrl: "/uploads/demo/video/tour.mp4",
        featuredImageUrl: "/uploads/p/cover.1200x630.webp",
      },
      SITE,
    );
    const [video] = jsonLd(meta);
    expect(video).toMatchObject({
      "@type": "VideoObject",
      contentUrl: "https://fb.test/uploads/demo/video/tour.mp4",
      thumbnailUrl: ["https://fb.test/uploads/p/cover.1200x630.webp"],
    });
    expect(video?.embedUrl).toBeUndefined();
    expect(og(meta, "og:video:type")?.content).toBe("video/mp4");
  });

  it("audio outside the Podcast category: an AudioObject with type, duration and size", () => {
    const meta = mediaMeta(
      {
        ...base,
        featuredAudioUrl: "https://cdn.example.com/ep.mp3",
        audioType: "mp3",
        audioMimeType: "audio/mpeg",
        audioBytes: 1234,
        audioDurationSeconds: 3723,
      },
      SITE,
    );
    expect(jsonLd(meta)).toEqual([
      {
        "@context": "https://schema.org",
        "@type": "AudioObject",
        name: "Episode 3",
        description: "About it",
        contentUrl: "https://cdn.example.com/ep.mp3",
        encodingFormat: "audio/mpeg",
        uploadDate: "2026-11-01T10:00:00.000Z",
        duration: "PT1H2M3S",
        contentSize: "1234 B",
      },
    ]);
    expect(og(meta, "og:audio:secure_url")?.content).toBe("https://cdn.example.com/ep.mp3");
  });

  it("audio in the Podcast category: a PodcastEpisode of the series, with the audio", () => {
    const [episode] = jsonLd(
      mediaMeta(
        {
          ...base,
          category: { slug: "podcast", name: "Podcast" },
          featuredAudioUrl: "/uploads/demo/audio/ep.wav",
          audioType: "wav",
        },
        SITE,
      ),
    );
    expect(episode).toMatchObject({
      "@type": "PodcastEpisode",
      name: "Episode 3",
      url: "https://fb.test/post/episode-3",
      datePublished: "2026-11-01T10:00:00.000Z",
      associatedMedia: {
        "@type": "AudioObject",
        contentUrl: "https://fb.test/uploads/demo/audio/ep.wav",
        encodingFormat: "audio/wav",
      },
      partOfSeries: { "@type": "PodcastSeries", webFeed: "https://fb.test/podcast.xml" },
    });
  });

  it("nothing for an embedded player or a post without media", () => {
    expect(mediaMeta(base, SITE)).toEqual([]);
    expect(
      mediaMeta(
        {
          ...base,
          featuredAudioUrl: "https://open.spotify.com/embed/episode/x",
          audioType: "embed",
        },
        SITE,
      ),
    ).toEqual([]);
  });

  it("durations in ISO 8601", () => {
    expect([0, 59, 60, 3600, 3723].map(isoDuration)).toEqual([
      "PT0S",
      "PT59S",
      "PT1M",
      "PT1H",
      "PT1H2M3S",
    ]);
  });
});
