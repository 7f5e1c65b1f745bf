import { describe, expect, it } from "vitest";
import { sanitizePostHtml } from "~/features/posts/sanitize.server";
import { embedAttributes } from "./embed-node";

describe("the editor's embeds", () => {
  it("survive the sanitiser as written, for every player", () => {
    for (const link of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://vimeo.com/76979871",
      "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC",
      "https://soundcloud.com/forss/flickermood",
    ]) {
      const a = embedAttributes(link)!;
      const html = `<iframe src="${a.src.replace(/&/g, "&amp;")}" title="${a.title}"${a.style ? ` style="${a.style}"` : ""}></iframe>`;
      expect(sanitizePostHtml(html)).toBe(html);
    }
  });
});
