/**
 * Uploading a captions file (issue 21 §4): mentors and admins only; at most
 * 512 KB; UTF-8 text that starts with "WEBVTT" (after an optional byte order
 * mark) followed by a space, a tab or a line end, read from the bytes, never
 * from the name or the declared type; stored through the storage interface
 * as text/vtt under captions/<user>/. The browser draws WebVTT cue text as
 * text, never as HTML, so the file needs no sanitising.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Database } from "#server/db/client";
import { findIdempotentResult, onceForKey } from "#server/db/idempotency";
import type { Storage } from "#server/storage";
import { can, type Actor } from "~/features/accounts/permissions";
import { CAPTIONS_MESSAGES, MAX_CAPTIONS_BYTES } from "./captions";
import type { UploadIdempotency } from "./uploads.server";

export type CaptionsUploadResult =
  | { ok: true; url: string; key: string }
  | { ok: false; status: 400 | 403 | 413 | 500; error: string };

/** The bytes are a WebVTT file: UTF-8, "WEBVTT" then a space, tab or line end (W3C WebVTT §4.1). */
export function isWebVtt(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return false;
  }
  if (text.includes("\u0000")) return false;
  return /^WEBVTT(?:[ \t\r\n]|$)/.test(text);
}

export async function uploadCaptions(
  storage: Storage,
  actor: Actor | null | undefined,
  bytes: Uint8Array,
  options: { now?: Date; idempotency?: UploadIdempotency } = {},
): Promise<CaptionsUploadResult> {
  if (!actor || !can(actor, "post.write")) {
    return { ok: false, status: 403, error: CAPTIONS_MESSAGES.forbidden };
  }
  if (bytes.byteLength > MAX_CAPTIONS_BYTES) {
    return { ok: false, status: 413, error: CAPTIONS_MESSAGES.tooLarge };
  }
  if (!isWebVtt(bytes)) return { ok: false, status: 400, error: CAPTIONS_MESSAGES.notWebVtt };
  const keyed = options.idempotency?.key ? options.idempotency : undefined;
  const scope = keyed ? `captions:${createHash("sha256").update(bytes).digest("hex")}` : "";
  if (keyed) {
    const earlier = await findIdempotentResult<CaptionsUploadResult>(keyed.db, actor.id, keyed.key);
    if (earlier) return earlier.scope === scope ? earlier.result : keyReused;
  }
  const stamp = (options.now ?? new Date()).getTime();
  const owner = actor.id.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^[^A-Za-z0-9]+/, "") || "user";
  const key = `captions/${owner}/${stamp}-${randomBytes(4).toString("hex")}.vtt`;
  const store = async (): Promise<CaptionsUploadResult> => {
    const stored = await storage.put(key, bytes, "text/vtt; charset=utf-8");
    return { ok: true, url: stored.url, key: stored.key };
  };
  try {
    if (!keyed) return await store();
    const once = await keyed.db.transaction((tx) =>
      onceForKey(tx as unknown as Database, actor.id, keyed.key, scope, store),
    );
    return "mismatch" in once ? keyReused : once.result;
  } catch {
    return { ok: false, status: 500, error: CAPTIONS_MESSAGES.failed };
  }
}

const keyReused = { ok: false, status: 400, error: CAPTIONS_MESSAGES.failed } as const;
