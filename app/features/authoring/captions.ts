/**
 * Captions for a featured video file (docs/decisions/0113): one WebVTT file uploaded
 * in the post form, shown as the video's <track kind="captions">. Shared by
 * the form (the browser's checks before sending) and the server.
 */

/** Captions are text: 512 KB holds hours of cues. */
export const MAX_CAPTIONS_BYTES = 512 * 1024;

export const CAPTIONS_DEFAULTS = { lang: "en", label: "English" } as const;

export const CAPTIONS_MESSAGES = {
  tooLarge: `Captions file must be less than ${MAX_CAPTIONS_BYTES / 1024}KB`,
  notWebVtt: "Captions must be a WebVTT file (.vtt, starting with WEBVTT)",
  failed: "Failed to upload captions",
  forbidden: "Permission denied: Only mentors and admins can upload captions.",
  url: "Captions must be a WebVTT file uploaded here",
  needsVideoFile:
    "Captions need a featured video file (.mp4 or .webm); YouTube and Vimeo show their own captions",
  lang: "Captions language must be a language code such as en or hi",
  label: "Captions label must be at most 50 characters",
} as const;

/** A captions file's address as this site stores it: /uploads/captions/…/….vtt (or the S3 driver's). */
export function isCaptionsUrl(value: string): boolean {
  return /^(?:\/uploads\/|https:\/\/[^/\s]+\/(?:[^\s?#]*\/)?)captions\/[A-Za-z0-9._/-]+\.vtt$/.test(
    value,
  );
}

/** A BCP 47 language tag, as <track srclang> takes: "en", "hi", "en-GB", "pt-BR". */
export function isLanguageTag(value: string): boolean {
  return /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(value);
}

/** The problem with a chosen file before sending it, or null (the server reads the bytes). */
export function captionsFileProblem(file: { size: number; name: string }): string | null {
  if (file.size > MAX_CAPTIONS_BYTES) return CAPTIONS_MESSAGES.tooLarge;
  if (!/\.vtt$/i.test(file.name)) return CAPTIONS_MESSAGES.notWebVtt;
  return null;
}
