import { describe, expect, it } from "vitest";
import { EMBED_HOSTS } from "#server/http/security";
import { embedOf } from "./embed";

describe("embedOf", () => {
  it.each([
    [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    ],
    ["https://youtu.be/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"],
    [
      "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=abc",
      "https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC",
    ],
    [
      "https://open.spotify.com/intl-de/episode/512ojhOuo1ktJprKbVcKyQ",
      "https://open.spotify.com/embed/episode/512ojhOuo1ktJprKbVcKyQ",
    ],
    [
      "https://soundcloud.com/forss/flickermood",
      "https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fforss%2Fflickermood",
    ],
  ])("%s plays from %s", (link, src) => {
    expect(embedOf(link)?.src).toBe(src);
  });

  it("answers null for anything else", () => {
    for (const link of [
      "",
      "javascript:alert(1)",
      "https://example.com/watch?v=dQw4w9WgXcQ",
      "https://open.spotify.com.evil.test/track/4uLU6hMCjMI75M1A2tKUQC",
      "https://w.soundcloud.com/player/?url=https%3A%2F%2Fevil.test%2Fa%2Fb",
      "http://soundcloud.evil/forss/flickermood",
    ]) {
      expect(embedOf(link)).toBeNull();
    }
  });

  it("only ever points at a host the CSP's frame-src and the sanitiser allow", () => {
    for (const link of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://vimeo.com/76979871",
      "https://open.spotify.com/album/1DFixLWuPkv3KT3TnV35m3",
      "https://soundcloud.com/forss/flickermood",
    ]) {
      expect(EMBED_HOSTS).toContain(new URL(embedOf(link)!.src).origin);
    }
  });
});
