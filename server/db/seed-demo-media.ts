/**
 * The demo's files (server/db/seed-demo.ts): the featured images, portraits
 * and sidebar banner it draws, and the posts' audio and video, written into
 * the storage before any row.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseBuffer } from "music-metadata";
import { storeResponsiveImage } from "../storage/responsive-images";
import type { Storage } from "../storage/storage";
import { DEMO_CHIMES, renderChimeWav } from "./demo-content/audio";
import {
  CATEGORY_PALETTES,
  renderBanner,
  renderFeaturedImage,
  renderPortrait,
} from "./demo-content/images";
import { DEMO_PEOPLE } from "./demo-content/people";
import { DEMO_POSTS } from "./demo-content/posts";
import { NAMED_CATEGORIES } from "./seed";

export type DemoImages = {
  posts: Map<string, string>;
  portraits: Map<string, string>;
  sidebarBanner: string;
  /** slug → the post's featured audio (a WAV the seed writes) and video (a shipped MP4). */
  media: Map<string, DemoMedia>;
};

type DemoMedia = {
  audioUrl?: string;
  /** The podcast feed's enclosure length and itunes:duration (docs/decisions/0111), as saving a post reads them. */
  audioBytes?: number;
  audioDurationSeconds?: number | null;
  videoUrl?: string;
  captionsUrl?: string;
};

/**
 * The demo's media files, read from the project (run from its root, as for
 * the migrations): they are not bundled into the server build.
 */
export const DEMO_MEDIA_DIR = path.resolve("server/db/demo-content/media");

/** Writes the demo posts' audio and video files into the storage. */
async function storeDemoMedia(storage: Storage): Promise<DemoImages["media"]> {
  const jobs = DEMO_POSTS.filter((post) => post.audio || post.video).map(async (post) => {
    const entry: DemoMedia = {};
    if (post.audio) {
      const wav = renderChimeWav(DEMO_CHIMES[post.audio]);
      entry.audioUrl = (await storage.put(`demo/audio/${post.slug}.wav`, wav, "audio/wav")).url;
      entry.audioBytes = wav.length;
      const { format } = await parseBuffer(wav, { mimeType: "audio/wav", size: wav.length });
      entry.audioDurationSeconds = format.duration
        ? Math.max(1, Math.round(format.duration))
        : null;
    }
    if (post.video) {
      const bytes = new Uint8Array(await readFile(path.join(DEMO_MEDIA_DIR, post.video)));
      entry.videoUrl = (await storage.put(`demo/video/${post.video}`, bytes, "video/mp4")).url;
    }
    if (post.captions) {
      const bytes = new Uint8Array(await readFile(path.join(DEMO_MEDIA_DIR, post.captions)));
      entry.captionsUrl = (
        await storage.put(`captions/demo/${post.captions}`, bytes, "text/vtt; charset=utf-8")
      ).url;
    }
    return [post.slug, entry] as const;
  });
  return new Map(await Promise.all(jobs));
}

/** The demo's ~200 smaller copies are made on a first start: the quicker WebP encoding. */
const FAST = { effort: 2 };

export async function storeDemoImages(storage: Storage, siteName: string): Promise<DemoImages> {
  const categoryNames = new Map<string, string>(NAMED_CATEGORIES.map((c) => [c.slug, c.name]));
  const postJobs = DEMO_POSTS.filter((post) => post.image !== false).map(async (post) => {
    const bytes = await renderFeaturedImage({
      title: post.title,
      label: categoryNames.get(post.category) ?? "Uncategorized",
      palette: CATEGORY_PALETTES[post.category] ?? CATEGORY_PALETTES.uncategorized!,
      siteName,
    });
    const { url } = await storeResponsiveImage(storage, `demo/posts/${post.slug}`, bytes, FAST);
    return [post.slug, url] as const;
  });
  const portraitJobs = DEMO_PEOPLE.filter((person) => person.photo).map(async (person, index) => {
    const bytes = await renderPortrait({ name: person.fullName, index });
    const { url } = await storeResponsiveImage(
      storage,
      `demo/profiles/${person.username}`,
      bytes,
      FAST,
    );
    return [person.username, url] as const;
  });
  const bannerJob = renderBanner({
    heading: "Expanding to the UK?",
    body: "Company formation, visas and contracts for founders from India.",
    cta: "Book a free call",
    palette: ["#0f2a4a", "#087e8b"],
  }).then((bytes) => storeResponsiveImage(storage, "demo/banners/sidebar", bytes, FAST));

  const [postUrls, portraitUrls, banner, media] = await Promise.all([
    Promise.all(postJobs),
    Promise.all(portraitJobs),
    bannerJob,
    storeDemoMedia(storage),
  ]);
  return {
    posts: new Map(postUrls),
    portraits: new Map(portraitUrls),
    sidebarBanner: banner.url,
    media,
  };
}
