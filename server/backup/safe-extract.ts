/**
 * What an import or a restore may take out of an archive (docs/decisions/0173;
 * docs/decisions/0173): only the kinds of file the site writes itself, under
 * the names its manifest gives, never a link, and no more bytes in all than
 * EXTRACT_RATIO times the archive (at most EXTRACT_CAP_BYTES).
 *
 * The site writes re-encoded images (.webp), captions (.vtt) and, for the
 * demo content, a chime (.wav) and a clip (.mp4): server/storage. Anything
 * else under /uploads (HTML, SVG) would be served from the site's origin.
 * Each kind is checked by its name and by its first bytes.
 */
import { createReadStream } from "node:fs";
import { open, stat } from "node:fs/promises";
import * as tar from "tar";
import { assertValidKey } from "../storage/storage";

/** Total bytes extracted: at most this many times the archive's size… */
export const EXTRACT_RATIO = 20;
/** …and never more than this (10 GiB). */
export const EXTRACT_CAP_BYTES = 10 * 1024 ** 3;

export class ArchiveRefused extends Error {}
/** Not a tar archive (or a damaged one). */
export class ArchiveUnreadable extends ArchiveRefused {}

export type ArchiveEntry = { path: string; type: string; size: number };

/** The most bytes an archive of `archiveBytes` may unpack to. */
export function extractLimit(archiveBytes: number, cap = EXTRACT_CAP_BYTES): number {
  return Math.min(archiveBytes * EXTRACT_RATIO, cap);
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Reads the archive's entry headers without writing anything. Refuses
 * (ArchiveRefused) a link of either kind, and an archive whose entries add
 * up to more than `maxBytes`: reading stops there, so a small archive that
 * unpacks to gigabytes is not unpacked.
 */
export async function scanArchive(
  file: string,
  options: { cap?: number } = {},
): Promise<ArchiveEntry[]> {
  const maxBytes = extractLimit((await stat(file)).size, options.cap);
  const entries: ArchiveEntry[] = [];
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    const input = createReadStream(file);
    const parser = new tar.Parser({ strict: true });
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      input.unpipe(parser);
      input.destroy();
      // Stops the parser for good, its decompressor included: ended half-way through a gzip
      // stream, zlib otherwise threw "stream error" outside any handler (an uncaught exception,
      // seen in a CI run on a refused archive).
      parser.abort(error);
      reject(error);
    };
    parser.on("entry", (entry: tar.ReadEntry) => {
      if (entry.type === "SymbolicLink" || entry.type === "Link") {
        fail(new ArchiveRefused(`The archive holds a link (${entry.path}): nothing was written`));
        return;
      }
      total += entry.size;
      if (total > maxBytes) {
        fail(
          new ArchiveRefused(
            `The archive unpacks to more than ${mb(maxBytes)} (${EXTRACT_RATIO} times its size, at most ${mb(
              options.cap ?? EXTRACT_CAP_BYTES,
            )}): nothing was written`,
          ),
        );
        return;
      }
      entries.push({ path: entry.path, type: entry.type, size: entry.size });
      entry.resume();
    });
    parser.on("error", (error: Error) =>
      fail(new ArchiveUnreadable(`Not a readable archive: ${error.message}`)),
    );
    parser.on("end", () => {
      if (!failed) resolve();
    });
    input.on("error", fail);
    input.pipe(parser);
  });
  return entries;
}

type Kind = { extension: string; looksRight: (head: Buffer) => boolean };

const ascii = (head: Buffer, at: number, text: string) =>
  head.subarray(at, at + text.length).toString("latin1") === text;

/** The kinds of file the site writes into its uploads. */
export const SITE_FILE_KINDS: readonly Kind[] = [
  { extension: ".webp", looksRight: (h) => ascii(h, 0, "RIFF") && ascii(h, 8, "WEBP") },
  {
    extension: ".vtt",
    looksRight: (h) => ascii(h, 0, "WEBVTT") || ascii(h, 0, "\u00ef\u00bb\u00bfWEBVTT"),
  },
  { extension: ".wav", looksRight: (h) => ascii(h, 0, "RIFF") && ascii(h, 8, "WAVE") },
  { extension: ".mp4", looksRight: (h) => ascii(h, 4, "ftyp") },
];

export const SITE_FILE_REFUSED =
  "not a file the site writes (images .webp, captions .vtt, the demo's .wav and .mp4)";

function kindOf(name: string): Kind | undefined {
  try {
    assertValidKey(name);
  } catch {
    return undefined;
  }
  const lower = name.toLowerCase();
  return SITE_FILE_KINDS.find((k) => lower.endsWith(k.extension));
}

/** Whether `name` is a storage key with the extension of a kind the site writes. */
export function isSiteFileName(name: string): boolean {
  return kindOf(name) !== undefined;
}

/** Whether the file at `file`, to be stored as `name`, is a kind the site writes (name and bytes). */
export async function isSiteFile(file: string, name: string): Promise<boolean> {
  const kind = kindOf(name);
  if (!kind) return false;
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, 16, 0);
    return kind.looksRight(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
