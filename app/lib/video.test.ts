import { describe, expect, it } from "vitest";
import {
  directVideoMime,
  isDirectVideoUrl,
  parseVideoUrl,
  postVisual,
  videoEmbedUrl,
  videoThumbnail,
} from "./video";

describe("video links", () => {
  it("recognises YouTube and Vimeo forms", () => {
    expect(parseVideoUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toEqual({
      provider: "youtube",
      id: "dQw4w9WgXcQ",
    });
    expect(parseVideoUrl("https://youtu.be/dQw4w9WgXcQ?t=3")).toEqual({
      provider: "youtube",
      id: "dQw4w9WgXcQ",
    });
    expect(parseVideoUrl("https://www.youtube.com/embed/dQw4w9WgXcQ")?.id).toBe("dQw4w9WgXcQ");
    expect(parseVideoUrl("https://vimeo.com/76979871")).toEqual({
      provider: "vimeo",
      id: "76979871",
    });
    expect(parseVideoUrl("https://example.com/a.jpg")).toBeNull();
    expect(parseVideoUrl(null)).toBeNull();
  });

  it("gives a YouTube thumbnail and embed addresses on allowed hosts", () => {
    const yt = { provider: "youtube" as const, id: "dQw4w9WgXcQ" };
    expect(videoThumbnail(yt)).toBe("https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg");
    expect(videoEmbedUrl(yt)).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    expect(videoEmbedUrl({ provider: "vimeo", id: "1" })).toBe("https://player.vimeo.com/video/1");
  });

  it("uses a video link in featured_image_url as its thumbnail", () => {
    expect(
      postVisual({ featuredImageUrl: "https://youtu.be/dQw4w9WgXcQ", featuredVideoUrl: null }),
    ).toEqual({
      imageUrl: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
      isVideo: true,
    });
    expect(postVisual({ featuredImageUrl: "/uploads/a.webp", featuredVideoUrl: null })).toEqual({
      imageUrl: "/uploads/a.webp",
      isVideo: false,
    });
    expect(postVisual({ featuredImageUrl: null, featuredVideoUrl: "https://vimeo.com/1" })).toEqual(
      {
        imageUrl: null,
        isVideo: true,
      },
    );
  });

  it("uses a Vimeo link's still resolved at save time; none without it", () => {
    const still = "https://i.vimeocdn.com/video/452001751-abc-d_1280";
    expect(videoThumbnail({ provider: "vimeo", id: "1" }, still)).toBe(still);
    expect(videoThumbnail({ provider: "vimeo", id: "1" })).toBeNull();
    expect(
      postVisual({
        featuredImageUrl: "https://vimeo.com/76979871",
        featuredVideoUrl: null,
        videoThumbnailUrl: still,
      }),
    ).toEqual({ imageUrl: still, isVideo: true });
    expect(
      postVisual({
        featuredImageUrl: null,
        featuredVideoUrl: "https://vimeo.com/76979871",
        videoThumbnailUrl: still,
      }),
    ).toEqual({ imageUrl: still, isVideo: true });
    // A featured image wins over the video's still.
    expect(
      postVisual({
        featuredImageUrl: "/uploads/a.webp",
        featuredVideoUrl: "https://vimeo.com/76979871",
        videoThumbnailUrl: still,
      }),
    ).toEqual({ imageUrl: "/uploads/a.webp", isVideo: true });
  });

  it("knows video files the browser plays itself: https or this site, .mp4, .m4v, .webm", () => {
    for (const url of [
      "https://cdn.example.com/talks/demo.mp4",
      "https://cdn.example.com/demo.webm?v=2",
      "/uploads/videos/demo.m4v",
      "https://cdn.example.com/demo.MP4#t=10",
    ]) {
      expect(isDirectVideoUrl(url), url).toBe(true);
    }
    for (const url of [
      "http://cdn.example.com/demo.mp4",
      "//cdn.example.com/demo.mp4",
      "https://cdn.example.com/demo.mp4.html",
      "https://cdn.example.com/watch?v=1",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "javascript:alert(1)//.mp4",
      null,
    ]) {
      expect(isDirectVideoUrl(url), String(url)).toBe(false);
    }
    expect(directVideoMime("https://x.test/a.webm")).toBe("video/webm");
    expect(directVideoMime("https://x.test/a.mp4")).toBe("video/mp4");
    expect(directVideoMime("/uploads/a.m4v")).toBe("video/mp4");
  });

  it("marks a card as a video (the play overlay) for every video the post page plays, and only those", () => {
    const file = "https://cdn.example.com/demo.mp4";
    expect(postVisual({ featuredImageUrl: "/uploads/a.webp", featuredVideoUrl: file })).toEqual({
      imageUrl: "/uploads/a.webp",
      isVideo: true,
    });
    expect(postVisual({ featuredImageUrl: null, featuredVideoUrl: file })).toEqual({
      imageUrl: null,
      isVideo: true,
    });
    // A link the page cannot play (older rows, saved before the form refused it) shows no overlay.
    const page = "https://example.com/some-page";
    expect(postVisual({ featuredImageUrl: "/uploads/a.webp", featuredVideoUrl: page })).toEqual({
      imageUrl: "/uploads/a.webp",
      isVideo: false,
    });
    expect(postVisual({ featuredImageUrl: null, featuredVideoUrl: page })).toEqual({
      imageUrl: null,
      isVideo: false,
    });
  });
});
