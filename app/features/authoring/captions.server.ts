/**
 * Uploading a captions file (docs/decisions/0113): mentors and admins only; at most
 * 512 KB; UTF-8 text that starts with "WEBVTT" (after an optional byte order
 * mark) followed by a space, a tab or a line end, read from the bytes, never
 * from the name or the declared type; stored through the storage interface
 * as text/vtt under captions/<user>/. The browser draws WebVTT cue text as
 * text, never as HTML, so the file needs no sanitising.
 */
import { randomBytes } from "node:crypto";
import type { Storage } from "#server/storage";
import type { Actor } from "~/features/accounts/permissions";
import { CAPTIONS_MESSAGES, MAX_CAPTIONS_BYTES } from "./captions";
import { checkedUpload, type UploadFailure, type UploadIdempotency } from "./uploads.server";

export type CaptionsUploadResult = { ok: true; url: string; key: string } | UploadFailure;

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
  const rules = {
    scope: "captions",
    maxBytes: MAX_CAPTIONS_BYTES,
    accepts: isWebVtt,
    messages: { ...CAPTIONS_MESSAGES, wrongType: CAPTIONS_MESSAGES.notWebVtt },
  };
  return checkedUpload(actor, bytes, rules, options, (owner) => {
    const stamp = (options.now ?? new Date()).getTime();
    const key = `captions/${owner}/${stamp}-${randomBytes(4).toString("hex")}.vtt`;
    return Promise.resolve(async () => {
      const stored = await storage.put(key, bytes, "text/vtt; charset=utf-8");
      return { ok: true as const, url: stored.url, key: stored.key };
    });
  });
}
