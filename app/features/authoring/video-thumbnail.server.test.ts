import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MetadataError } from "./metadata.server";
import {
  fetchVimeoThumbnail,
  oembedRequestUrl,
  parseOembedThumbnail,
  resolveVideoThumbnail,
  vimeoThumbnailSource,
} from "./video-thumbnail.server";

const STILL = "https://i.vimeocdn.com/video/452001751-8216e0e9b6b4-d_1280";

// A stand-in for Vimeo's oEmbed endpoint, on this machine: the tests never reach the internet.
let server: http.Server;
let base: string;
const asked: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    asked.push(`${url.pathname}?${url.searchParams.toString()} accept=${req.headers.accept}`);
    const video = url.searchParams.get("url") ?? "";
    if (url.pathname === "/api/oembed.json" && video.includes("76979871")) {
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      res.end(
        JSON.stringify({ type: "video", title: "The New Vimeo Player", thumbnail_url: STILL }),
      );
    } else if (url.pathname === "/api/oembed.json" && video.includes("1111")) {
      res.setHeader("Content-Type", "text/html");
      res.end("<html>not json</html>");
    } else if (url.pathname === "/moved") {
      res.writeHead(302, { Location: "http://169.254.169.254/latest/meta-data/" });
      res.end();
    } else {
      res.statusCode = 404;
      res.setHeader("Content-Type", "application/json");
      res.end('{"error":"not found"}');
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("the Vimeo link whose still is stored", () => {
  it("is a Vimeo featured image, or the Vimeo featured video when there is no image", () => {
    expect(
      vimeoThumbnailSource({
        featuredImageUrl: " https://vimeo.com/76979871 ",
        featuredVideoUrl: null,
      }),
    ).toBe("https://vimeo.com/76979871");
    expect(
      vimeoThumbnailSource({
        featuredImageUrl: null,
        featuredVideoUrl: "https://player.vimeo.com/video/76979871",
      }),
    ).toBe("https://player.vimeo.com/video/76979871");
    // A featured image is used instead; YouTube needs no lookup; no video, nothing.
    expect(
      vimeoThumbnailSource({
        featuredImageUrl: "/uploads/a.webp",
        featuredVideoUrl: "https://vimeo.com/76979871",
      }),
    ).toBeNull();
    expect(
      vimeoThumbnailSource({
        featuredImageUrl: "https://youtu.be/dQw4w9WgXcQ",
        featuredVideoUrl: null,
      }),
    ).toBeNull();
    expect(vimeoThumbnailSource({ featuredImageUrl: null, featuredVideoUrl: null })).toBeNull();
  });
});

describe("the oEmbed answer", () => {
  it("gives thumbnail_url when it is an https address", () => {
    expect(parseOembedThumbnail(JSON.stringify({ thumbnail_url: STILL }))).toBe(STILL);
    expect(
      parseOembedThumbnail(JSON.stringify({ thumbnail_url: "http://i.vimeocdn.com/a" })),
    ).toBeNull();
    expect(
      parseOembedThumbnail(JSON.stringify({ thumbnail_url: "javascript:alert(1)" })),
    ).toBeNull();
    expect(parseOembedThumbnail(JSON.stringify({ title: "no still" }))).toBeNull();
    expect(parseOembedThumbnail("null")).toBeNull();
    expect(parseOembedThumbnail("<html>")).toBeNull();
  });

  it("is asked with the video's link and a large width", () => {
    const url = new URL(oembedRequestUrl("https://vimeo.com/76979871"));
    expect(url.origin + url.pathname).toBe("https://vimeo.com/api/oembed.json");
    expect(url.searchParams.get("url")).toBe("https://vimeo.com/76979871");
    expect(url.searchParams.get("width")).toBe("1280");
  });
});

describe("fetchVimeoThumbnail, through the metadata endpoint's fetcher", () => {
  const local = (onError?: (e: unknown) => void) => ({
    endpoint: `${base}/api/oembed.json`,
    fetch: { allowAddresses: ["127.0.0.1"] },
    onError,
  });

  it("reads the still from the endpoint's JSON", async () => {
    expect(await fetchVimeoThumbnail("https://vimeo.com/76979871", local())).toBe(STILL);
    expect(asked.at(-1)).toContain("accept=application/json");
  });

  it("gives null, never throws, when the answer is not JSON, missing, or refused", async () => {
    const errors: unknown[] = [];
    const onError = (e: unknown) => errors.push(e);
    expect(await fetchVimeoThumbnail("https://vimeo.com/1111", local(onError))).toBeNull();
    expect(await fetchVimeoThumbnail("https://vimeo.com/2222", local(onError))).toBeNull();
    expect(errors).toHaveLength(2);
    expect(errors.every((e) => e instanceof MetadataError)).toBe(true);
  });

  it("keeps the fetcher's rule: no internal address, also through a redirect", async () => {
    const errors: unknown[] = [];
    // Without the test's allowance, this machine's own address is refused before any request.
    const before = asked.length;
    expect(
      await fetchVimeoThumbnail("https://vimeo.com/76979871", {
        endpoint: `${base}/api/oembed.json`,
        onError: (e) => errors.push(e),
      }),
    ).toBeNull();
    expect(asked.length).toBe(before);
    expect((errors[0] as Error).message).toBe("This address is not allowed");
    // A redirect to the cloud metadata address is refused too.
    expect(
      await fetchVimeoThumbnail("https://vimeo.com/76979871", {
        endpoint: `${base}/moved`,
        fetch: { allowAddresses: ["127.0.0.1"] },
        onError: (e) => errors.push(e),
      }),
    ).toBeNull();
    expect((errors[1] as Error).message).toBe("This address is not allowed");
  });
});

describe("resolveVideoThumbnail (at save time)", () => {
  const vimeo = { featuredImageUrl: null, featuredVideoUrl: "https://vimeo.com/76979871" };

  it("asks for a new Vimeo link, keeps the stored still while the link is unchanged", async () => {
    const resolve = vi.fn(() => Promise.resolve(STILL));
    expect(await resolveVideoThumbnail(vimeo, undefined, { resolve, autosave: false })).toBe(STILL);
    expect(resolve).toHaveBeenCalledWith("https://vimeo.com/76979871");
    const previous = { ...vimeo, videoThumbnailUrl: STILL };
    expect(await resolveVideoThumbnail(vimeo, previous, { resolve, autosave: false })).toBe(STILL);
    expect(resolve).toHaveBeenCalledTimes(1);
    // Another video: asked again.
    const other = { featuredImageUrl: null, featuredVideoUrl: "https://vimeo.com/1234567" };
    await resolveVideoThumbnail(other, previous, { resolve, autosave: false });
    expect(resolve).toHaveBeenLastCalledWith("https://vimeo.com/1234567");
  });

  it("stores nothing without a Vimeo link, on failure, or on autosave of a new link", async () => {
    const resolve = vi.fn(() => Promise.resolve(STILL));
    const youtube = { featuredImageUrl: null, featuredVideoUrl: "https://youtu.be/dQw4w9WgXcQ" };
    expect(
      await resolveVideoThumbnail(youtube, undefined, { resolve, autosave: false }),
    ).toBeNull();
    expect(await resolveVideoThumbnail(vimeo, undefined, { resolve, autosave: true })).toBeNull();
    expect(resolve).not.toHaveBeenCalled();
    const failing = vi.fn(() => Promise.reject(new Error("down")));
    expect(
      await resolveVideoThumbnail(vimeo, undefined, { resolve: failing, autosave: false }),
    ).toBeNull();
    // Autosave keeps a still already stored for the same link.
    const previous = { ...vimeo, videoThumbnailUrl: STILL };
    expect(await resolveVideoThumbnail(vimeo, previous, { resolve, autosave: true })).toBe(STILL);
  });
});
