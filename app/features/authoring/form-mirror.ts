/**
 * The browser's copy of the post form (use-authoring-client.tsx): the fields
 * kept in localStorage, read from and written back into the form.
 */

/** Fields kept in the browser's copy of the form. */
const MIRRORED = [
  "title",
  "slug",
  "content",
  "excerpt",
  "post_type",
  "external_url",
  "featured_image_url",
  "featured_video_url",
  "featured_audio_url",
  "audio_type",
  "category_id",
  "tags",
  "og_title",
  "og_description",
  "og_image",
  "publish_at",
  "captions_url",
  "captions_lang",
  "captions_label",
  "event_starts_at",
  "event_ends_at",
  "event_time_zone",
  "event_venue",
  "event_online_url",
  "event_booking_url",
];

/** Sent to the form when its text is replaced on purpose (a restore): unsaved changes are dropped. */
export const DISCARD_EVENT = "authoring:discard";

export const mirrorKey = (id: string | undefined | null) =>
  `founderbridge:post-form:${id || "new"}`;

export type Mirror = { savedAt: number; fields: Record<string, string> };

export function readFields(form: HTMLFormElement): Record<string, string> {
  const data = new FormData(form);
  const fields: Record<string, string> = {};
  for (const name of MIRRORED) {
    const v = data.get(name);
    if (typeof v === "string") fields[name] = v;
  }
  return fields;
}

export function setField(form: HTMLFormElement, name: string, value: string) {
  const el = form.elements.namedItem(name);
  if (
    el instanceof HTMLInputElement ||
    el instanceof HTMLTextAreaElement ||
    el instanceof HTMLSelectElement
  ) {
    el.value = value;
    el.dispatchEvent(new Event("input", { bubbles: true }));
  }
}
