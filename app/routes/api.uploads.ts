import { data } from "react-router";
import { db } from "#server/db/client";
import { idempotencyKeyOf } from "#server/db/idempotency";
import { runtime } from "#server/runtime";
import { getSessionUser } from "~/features/accounts/session.server";
import { MAX_UPLOAD_BYTES, MULTIPART_OVERHEAD_BYTES } from "#server/http/limits";
import { UPLOAD_MESSAGES, uploadPostImage } from "~/features/authoring/uploads.server";
import { uploadCaptions } from "~/features/authoring/captions.server";
import { readForm } from "~/lib/read-input.server";
import { z } from "zod";
import type { Route } from "./+types/api.uploads";

/**
 * The upload form: one file (anything else answers "Failed to upload image"),
 * an image unless `kind` is "captions" (a WebVTT file, issue 21 §4).
 */
const uploadForm = z.object({
  file: z.instanceof(File),
  kind: z.enum(["image", "captions"]).default("image"),
});

/** POST multipart `file` → { url } (mentors and admins; spec 2 §5, §9). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Method not allowed" }, { status: 405 });
  const actor = await getSessionUser(request);
  // Refused past the cap as it streams, with or without Content-Length.
  const body = await readForm(request, uploadForm, {
    limit: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
  });
  if (!body.ok && body.problem === "too-large") {
    return data({ error: UPLOAD_MESSAGES.tooLarge }, { status: 413 });
  }
  if (!body.ok) return data({ error: UPLOAD_MESSAGES.failed }, { status: 400 });
  const { file, kind } = body.data;
  if (kind === "captions") {
    const captions = await uploadCaptions(
      runtime().storage,
      actor,
      new Uint8Array(await file.arrayBuffer()),
      { idempotency: { db: db(), key: idempotencyKeyOf(request, body.form) } },
    );
    if (!captions.ok) return data({ error: captions.error }, { status: captions.status });
    return data({ url: captions.url });
  }
  const result = await uploadPostImage(
    runtime().storage,
    actor,
    new Uint8Array(await file.arrayBuffer()),
    // A retry with the first attempt's key gets its address and stores nothing.
    { idempotency: { db: db(), key: idempotencyKeyOf(request, body.form) } },
  );
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  return data({ url: result.url, width: result.width, height: result.height });
}

export function loader() {
  return data({ error: "Method not allowed" }, { status: 405 });
}
