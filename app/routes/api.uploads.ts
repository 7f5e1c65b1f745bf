import { data } from "react-router";
import { idempotencyKeyOf } from "#server/db/idempotency";
import { MAX_UPLOAD_BYTES, MULTIPART_OVERHEAD_BYTES } from "#server/http/limits";
import { UPLOAD_MESSAGES, uploadPostImage } from "~/features/authoring/uploads.server";
import { uploadCaptions } from "~/features/authoring/captions.server";
import { defineAction, METHOD_NOT_ALLOWED } from "~/pipeline/action.server";
import { z } from "zod";

/**
 * The upload form: one file (anything else answers "Failed to upload image"),
 * an image unless `kind` is "captions" (a WebVTT file, docs/decisions/0113).
 */
const uploadForm = z.object({
  file: z.instanceof(File),
  kind: z.enum(["image", "captions"]).default("image"),
});

/**
 * POST multipart `file` → { url } (mentors and admins; docs/product/authoring.md).
 * Whoever may not write posts is refused (403) before a byte of the body is
 * read; the body is refused past the cap as it streams, with or without
 * Content-Length.
 */
export const action = defineAction({
  permission: "post.write",
  refusal: { status: 403, error: UPLOAD_MESSAGES.forbidden },
  schema: uploadForm,
  limit: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
  messages: { tooLarge: UPLOAD_MESSAGES.tooLarge, invalid: UPLOAD_MESSAGES.failed },
  run: async ({ db, storage }, actor, { file, kind }, extra) => {
    const bytes = new Uint8Array(await file.arrayBuffer());
    // A retry with the first attempt's key gets its address and stores nothing.
    const idempotency = { db, key: idempotencyKeyOf(extra.request, extra.form) };
    if (kind === "captions") {
      const captions = await uploadCaptions(storage, actor, bytes, { idempotency });
      if (!captions.ok) return { ok: false, status: captions.status, error: captions.error };
      return { ok: true, url: captions.url };
    }
    const result = await uploadPostImage(storage, actor, bytes, { idempotency });
    if (!result.ok) return { ok: false, status: result.status, error: result.error };
    return { ok: true, url: result.url, width: result.width, height: result.height };
  },
});

export function loader() {
  return data({ error: METHOD_NOT_ALLOWED }, { status: 405 });
}
