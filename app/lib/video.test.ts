import { describe, expect, it } from "vitest";
import { parseVideoUrl, postVisual, videoEmbedUrl, videoThumbnail } from "./video";

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
});
