/**
 * The rules every image upload control shares (docs/product/authoring.md#uploads): JPEG, PNG or
 * WebP, at most 5 MB. The browser checks a chosen file with them before
 * sending it, so that an oversized file gets the spec's message beside its
 * field and nothing else on the page changes; the server checks again (the
 * file's first bytes, its size while streaming) and answers the same words.
 */
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES } from "#server/http/limits";

export { MAX_UPLOAD_BYTES };
export const UPLOAD_TOO_LARGE = FILE_TOO_LARGE_MESSAGE;
export const UPLOAD_WRONG_TYPE = "Only JPG, PNG, and WebP images are allowed";
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/**
 * The problem with a chosen file, or null. A type the browser could not name
 * ("") is left to the server, which reads the bytes.
 */
export function imageFileProblem(file: { size: number; type: string }): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_TOO_LARGE;
  if (file.type && !(IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return UPLOAD_WRONG_TYPE;
  }
  return null;
}
