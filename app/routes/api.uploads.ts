import { data } from "react-router";
import { runtime } from "#server/runtime";
import { getSessionUser } from "~/features/accounts/session.server";
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  uploadPostImage,
} from "~/features/authoring/uploads.server";
import type { Route } from "./+types/api.uploads";

/** POST multipart `file` → { url } (mentors and admins; spec 2 §5, §9). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Method not allowed" }, { status: 405 });
  const actor = await getSessionUser(request);
  // Refuse an oversized body before reading it (multipart adds a little framing).
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_UPLOAD_BYTES + 64 * 1024) {
    return data({ error: UPLOAD_MESSAGES.tooLarge }, { status: 413 });
  }
  const form = await request.formData().catch(() => null);
  const file = form?.get("file");
  if (!file || typeof file === "string") {
    return data({ error: UPLOAD_MESSAGES.failed }, { status: 400 });
  }
  const result = await uploadPostImage(
    runtime().storage,
    actor,
    new Uint8Array(await file.arrayBuffer()),
  );
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  return data({ url: result.url, width: result.width, height: result.height });
}

export function loader() {
  return data({ error: "Method not allowed" }, { status: 405 });
}
