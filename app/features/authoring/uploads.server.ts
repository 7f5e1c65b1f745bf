/**
 * Image uploads for posts (featured image, images in the body): mentors and
 * admins only; JPEG, PNG or WebP recognised by their first bytes (never by
 * the name or the declared type); at most 5 MB; re-encoded to WebP by sharp,
 * which drops every bit of metadata (EXIF, GPS, ICC comments); stored through
 * the storage interface with smaller WebP copies for `srcset`
 * (server/storage/responsive-images.ts). No file is ever served as it was
 * uploaded.
 */
import { createHash, randomBytes } from "node:crypto";
import sharp from "sharp";
import type { Database } from "#server/db/client";
import { findIdempotentResult, onceForKey } from "#server/db/idempotency";
import type { Storage } from "#server/storage";
import { storeResponsiveImage } from "#server/storage/responsive-images";
import { MAX_UPLOAD_BYTES } from "#server/http/limits";
import { can, type Actor } from "~/features/accounts/permissions";
import { UPLOAD_TOO_LARGE, UPLOAD_WRONG_TYPE } from "~/lib/image-upload";

/** Longest side after re-encoding; larger images are scaled down. */
export const MAX_IMAGE_SIDE = 2400;

export const UPLOAD_MESSAGES = {
  tooLarge: UPLOAD_TOO_LARGE,
  wrongType: UPLOAD_WRONG_TYPE,
  failed: "Failed to upload image",
  forbidden: "Permission denied: Only mentors and admins can upload images.",
} as const;

export type ImageKind = "jpeg" | "png" | "webp";

/** The image type the bytes start with, or null. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (
    b.length >= 8 &&
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)
  ) {
    return "png";
  }
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

export type UploadResult =
  { ok: true; url: string; key: string; width: number; height: number } | UploadFailure;

/** Keys a retried upload to its first (docs/decisions/0095): the database and the key. */
export type UploadIdempotency = { db: Database; key: string | undefined };

/** The answer of a refused or failed upload. */
export type UploadFailure = { ok: false; status: 400 | 403 | 413 | 500; error: string };

/**
 * What every post upload shares (images here, captions in captions.server.ts):
 * mentors and admins only, a size cap, a check of the bytes themselves, then
 * `prepare` (which may still refuse, or answer how to store) and the store,
 * once per idempotency key (docs/decisions/0095). With a key, a retry of an
 * upload that was stored answers that upload and stores nothing; the key
 * holds for the same bytes only (another file with it is refused). `scope`
 * names the kind of upload in the key's record.
 */
export async function checkedUpload<T extends { ok: true }>(
  actor: Actor | null | undefined,
  bytes: Uint8Array,
  rules: {
    scope: string;
    maxBytes: number;
    accepts: (bytes: Uint8Array) => boolean;
    messages: { forbidden: string; tooLarge: string; wrongType: string; failed: string };
  },
  options: { idempotency?: UploadIdempotency },
  prepare: (owner: string) => Promise<(() => Promise<T>) | UploadFailure>,
): Promise<T | UploadFailure> {
  const { messages } = rules;
  if (!actor || !can(actor, "post.write")) {
    return { ok: false, status: 403, error: messages.forbidden };
  }
  if (bytes.byteLength > rules.maxBytes)
    return { ok: false, status: 413, error: messages.tooLarge };
  if (!rules.accepts(bytes)) return { ok: false, status: 400, error: messages.wrongType };
  const keyReused: UploadFailure = { ok: false, status: 400, error: messages.failed };
  const keyed = options.idempotency?.key ? options.idempotency : undefined;
  const scope = keyed ? `${rules.scope}:${createHash("sha256").update(bytes).digest("hex")}` : "";
  if (keyed) {
    // A retry of a stored upload needs no more work.
    const earlier = await findIdempotentResult<T>(keyed.db, actor.id, keyed.key);
    if (earlier) return earlier.scope === scope ? earlier.result : keyReused;
  }
  const store = await prepare(safeSegment(actor.id));
  if (typeof store !== "function") return store;
  try {
    if (!keyed) return await store();
    // The key is claimed before the files are written and recorded with their
    // address in one transaction: a retry racing this one waits for it, then
    // gets its answer. A failed store rolls the claim back (a retry stores).
    const once = await keyed.db.transaction((tx) =>
      onceForKey(tx as unknown as Database, actor.id, keyed.key, scope, store),
    );
    return "mismatch" in once ? keyReused : once.result;
  } catch {
    return { ok: false, status: 500, error: messages.failed };
  }
}

/** Checks, re-encodes to WebP and stores one image, with its smaller copies. */
export async function uploadPostImage(
  storage: Storage,
  actor: Actor | null | undefined,
  bytes: Uint8Array,
  options: { now?: Date; idempotency?: UploadIdempotency } = {},
): Promise<UploadResult> {
  const rules = {
    scope: "upload",
    maxBytes: MAX_UPLOAD_BYTES,
    accepts: (b: Uint8Array) => sniffImage(b) !== null,
    messages: UPLOAD_MESSAGES,
  };
  return checkedUpload(actor, bytes, rules, options, async (owner) => {
    let output: Buffer;
    try {
      output = await sharp(bytes, { limitInputPixels: 100_000_000, failOn: "error" })
        .rotate() // apply the EXIF orientation before the metadata goes
        .resize({
          width: MAX_IMAGE_SIDE,
          height: MAX_IMAGE_SIDE,
          fit: "inside",
          withoutEnlargement: true,
        })
        .webp({ quality: 85 })
        .toBuffer();
    } catch {
      // Recognised header, broken body.
      return { ok: false, status: 400, error: UPLOAD_MESSAGES.wrongType };
    }
    const stamp = (options.now ?? new Date()).getTime();
    const base = `posts/${owner}/${stamp}-${randomBytes(4).toString("hex")}`;
    return async () => {
      const stored = await storeResponsiveImage(storage, base, new Uint8Array(output));
      return {
        ok: true as const,
        url: stored.url,
        key: stored.key,
        width: stored.width,
        height: stored.height,
      };
    };
  });
}

/** A user id as one storage key segment. */
function safeSegment(id: string): string {
  const cleaned = id.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^[^A-Za-z0-9]+/, "");
  return cleaned || "user";
}
