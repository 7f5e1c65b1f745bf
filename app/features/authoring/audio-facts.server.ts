/**
 * What a podcast app needs to know about an episode's audio (docs/decisions/0111):
 * its size in bytes and MIME type for the feed's <enclosure>, and its length
 * for itunes:duration. Read from the file when the post is saved, as Vimeo
 * stills are (decision 0016): pages and feeds never wait for a host.
 *
 * The site's own files (/uploads/…, the local storage driver) are read from
 * disk; other https addresses are fetched through the metadata fetcher's
 * checks (public addresses only, every redirect checked), the first
 * AUDIO_PROBE_BYTES only, with the size taken from Content-Length.
 * music-metadata (decision 0112) reads the duration from the headers it
 * finds there: WAV's data chunk, MP3's Xing/VBRI frame or its bit rate and
 * the file's size, MP4's moov atom when it comes first.
 */
import { open, stat } from "node:fs/promises";
import path from "node:path";
import { parseBuffer } from "music-metadata";
import type { Services } from "#server/services";
import { UPLOADS_PUBLIC_PATH, uploadsDir } from "#server/storage/index";
import { fetchChecked, type FetchOptions } from "./metadata.server";

export type AudioFacts = { bytes: number; mimeType: string; durationSeconds: number | null };

/** How much of a file is read for its headers. */
export const AUDIO_PROBE_BYTES = 4 * 1024 * 1024;

const MIME_BY_TYPE: Record<string, string> = {
  mp3: "audio/mpeg",
  mp4: "audio/mp4",
  wav: "audio/wav",
};

/** The part of a file read, and the whole file's size. */
type Head = { bytes: Uint8Array; size: number; contentType: string | null };

/** The services whose config says where the site's files are; read only for a site address. */
type SiteFiles = Partial<Pick<Services, "config">>;

async function readSiteFile(address: string, site: SiteFiles | undefined): Promise<Head | null> {
  const config = site?.config;
  if (!config || config.storage?.driver === "s3") return null;
  const key = decodeURIComponent(address.slice(UPLOADS_PUBLIC_PATH.length + 1).split(/[?#]/)[0]!);
  const root = uploadsDir(config.dataDir);
  const file = path.resolve(root, key);
  if (!file.startsWith(root + path.sep)) return null;
  try {
    const { size } = await stat(file);
    const handle = await open(file, "r");
    try {
      const buffer = Buffer.alloc(Math.min(size, AUDIO_PROBE_BYTES));
      await handle.read(buffer, 0, buffer.length, 0);
      return { bytes: buffer, size, contentType: null };
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
}

async function fetchHead(address: string, options: FetchOptions): Promise<Head | null> {
  try {
    const res = await fetchChecked(address, {
      timeoutMs: 8000,
      ...options,
      maxBytes: AUDIO_PROBE_BYTES,
      accept: "audio/*,video/mp4;q=0.5",
      contentType: /^(audio\/|video\/mp4|application\/octet-stream)/i,
    });
    const size =
      res.contentLength ?? (res.bytes.length < AUDIO_PROBE_BYTES ? res.bytes.length : null);
    if (size === null) return null;
    return { bytes: res.bytes, size, contentType: res.contentType.split(";")[0]!.trim() || null };
  } catch {
    return null;
  }
}

/**
 * Duration, in whole seconds (rounded), from the file's first bytes and its
 * size. music-metadata reads it from the headers (WAV's data chunk, an MP3's
 * Xing/VBRI frame count, MP4's moov atom); a constant-bit-rate MP3 without
 * such a frame has only its bit rate, and music-metadata then divides the
 * bytes it was given, so when only the start was read the whole size is
 * divided here instead.
 */
export async function audioFactsOf(
  head: Uint8Array,
  size: number,
  mimeType: string,
): Promise<AudioFacts> {
  let durationSeconds: number | null = null;
  try {
    const { format } = await parseBuffer(head, { mimeType, size }, { duration: false });
    let seconds = format.duration;
    if (head.byteLength < size && format.codecProfile === "CBR" && format.bitrate) {
      seconds = (size * 8) / format.bitrate;
    }
    if (seconds && Number.isFinite(seconds) && seconds > 0) {
      durationSeconds = Math.max(1, Math.round(seconds));
    }
  } catch {
    durationSeconds = null;
  }
  return { bytes: size, mimeType, durationSeconds };
}

export type AudioProbe = (
  url: string,
  audioType: "mp3" | "mp4" | "wav" | "embed" | null,
) => Promise<AudioFacts | null>;

/**
 * Reads the facts of an audio address; null for an embed or a file that
 * cannot be read. `allowHttp` (tests only, with allowAddresses: a local
 * server) lets a plain http address through; the form accepts https only.
 * The site's own files (/uploads/…) are read with `site`'s config (the
 * save's services); without it, or on S3 storage, they are not read.
 */
export function createAudioProbe(
  options: FetchOptions & { allowHttp?: boolean; site?: SiteFiles } = {},
): AudioProbe {
  const { allowHttp, site: files, ...fetchOptions } = options;
  return async (url, audioType) => {
    if (!audioType || audioType === "embed") return null;
    const site = url.startsWith(`${UPLOADS_PUBLIC_PATH}/`);
    if (!site && !(allowHttp ? /^https?:\/\//i : /^https:\/\//i).test(url)) return null;
    const head = site ? await readSiteFile(url, files) : await fetchHead(url, fetchOptions);
    if (!head) return null;
    const declared =
      head.contentType && /^audio\//i.test(head.contentType) ? head.contentType : null;
    return audioFactsOf(head.bytes, head.size, declared ?? MIME_BY_TYPE[audioType]!);
  };
}
