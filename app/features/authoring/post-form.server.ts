/**
 * The post form's input: read from a form (works without JavaScript) and
 * validated with zod. Empty optional fields become null.
 */
import { z } from "zod";
import { firstOf } from "~/lib/form-fields";
import { uuidSchema } from "~/lib/uuid";
import { WIDGET_TYPES, type SidebarWidget } from "#server/db/schema";
import { EMBED_HOSTS } from "#server/http/security";
import { isSitePath, isWebUrl } from "#server/http/site-path";
import { isDirectVideoUrl, parseVideoUrl } from "~/lib/video";
import { normaliseTags, TAG_LIMITS, TAG_MESSAGES } from "./post-rules";
import { CAPTIONS_MESSAGES, isCaptionsUrl, isLanguageTag } from "./captions";

/** An event field as typed (checked once the category is known: app/features/events). */
const eventText = z.string().trim().max(4096, "Too long").default("");

export const INTENTS = ["publish", "draft", "autosave"] as const;
export type Intent = (typeof INTENTS)[number];

/** An absolute http(s) URL, or a path on this site (uploads): server/http/site-path.ts. */
export function isSafeUrl(value: string): boolean {
  return isSitePath(value) || isWebUrl(value);
}

const trimmed = z.string().trim();
const optionalText = (max: number, label: string) =>
  trimmed
    .max(max, `${label} must be at most ${max} characters`)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .default(null);
const optionalUrl = (label: string) =>
  trimmed
    .max(2048, `${label} is too long`)
    .refine((v) => v === "" || isSafeUrl(v), `${label} must be a valid URL`)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .default(null);

const widgetSchema = z.object({
  type: z.enum(WIDGET_TYPES),
  order: z.coerce.number().int().min(0).max(1000).default(0),
  image_url: optionalUrl("Widget image URL"),
  link_url: optionalUrl("Widget link URL"),
  content: optionalText(5000, "Widget text"),
  html_code: optionalText(20_000, "Widget HTML"),
});

function jsonField<T extends z.ZodType>(schema: T, label: string) {
  return z
    .union([z.string(), z.null(), z.undefined()])
    .transform((raw, ctx) => {
      if (raw == null || raw.trim() === "") return undefined;
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: `${label} are not valid` });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

const checkbox = z
  .union([z.string(), z.boolean(), z.null()])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true" || v === "1");

/** The form's messages for media the reader's page could not play (docs/product/README.md#data-model, the CSP). */
export const MEDIA_MESSAGES = {
  video:
    "Featured video URL must be a YouTube or Vimeo link, or an https link to an .mp4 or .webm file",
  audioHttps:
    "Featured audio URL must start with https:// (browsers block audio over plain http on this site)",
  audioEmbedHost:
    "An audio embed must be a player address from Spotify, SoundCloud, Apple Podcasts, YouTube or Vimeo",
  audioType: "Choose the audio type",
} as const;

function isEmbedHost(value: string) {
  try {
    return EMBED_HOSTS.includes(new URL(value).origin);
  } catch {
    return false;
  }
}

const postObjectSchema = z.object({
  id: uuidSchema.nullable().default(null).catch(null),
  intent: z.enum(INTENTS).default("draft"),
  title: trimmed.min(1, "Title is required").max(300, "Title must be at most 300 characters"),
  slug: trimmed.max(200, "Slug must be at most 200 characters").default(""),
  content: z.string().max(2_000_000, "Content is too long").default(""),
  excerpt: optionalText(1000, "Excerpt"),
  post_type: z.enum(["blog", "external_link"]).default("blog"),
  external_url: trimmed
    .max(2048)
    .refine(
      (v) => v === "" || (isSafeUrl(v) && /^https?:\/\//i.test(v)),
      "External URL must be a valid URL",
    )
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .default(null),
  featured_image_url: optionalUrl("Featured image URL"),
  featured_video_url: optionalUrl("Featured video URL"),
  featured_audio_url: optionalUrl("Featured audio URL"),
  audio_type: z
    .union([z.enum(["mp3", "mp4", "wav", "embed"]), z.literal("")])
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .default(null),
  captions_url: trimmed
    .max(2048)
    .refine((v) => v === "" || isCaptionsUrl(v), CAPTIONS_MESSAGES.url)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .default(null),
  captions_lang: trimmed
    .max(35)
    .refine((v) => v === "" || isLanguageTag(v), CAPTIONS_MESSAGES.lang)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .default(null),
  captions_label: trimmed
    .max(50, CAPTIONS_MESSAGES.label)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .default(null),
  event_starts_at: eventText,
  event_ends_at: eventText,
  event_time_zone: eventText,
  event_venue: eventText,
  event_online_url: eventText,
  event_booking_url: eventText,
  category_id: z
    .union([z.string().uuid("Choose a category"), z.literal("")])
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .default(null),
  tags: z
    .union([z.string().max(20_000, TAG_MESSAGES.tooLong), z.array(z.string()).max(200)])
    .default("")
    .superRefine((value, ctx) => {
      const tags = normaliseTags(value);
      if (tags.some((t) => t.name.length > TAG_LIMITS.maxLength))
        ctx.addIssue({ code: "custom", message: TAG_MESSAGES.tooLong });
      else if (tags.length > TAG_LIMITS.maxCount)
        ctx.addIssue({ code: "custom", message: TAG_MESSAGES.tooMany });
    }),
  sidebar_enabled: checkbox,
  sidebar_widgets: jsonField(
    z.array(widgetSchema).max(20, "At most 20 sidebar widgets").default([]),
    "Sidebar widgets",
  ).default([]),
  sidebar_widget_2: jsonField(widgetSchema.nullable().default(null), "Sidebar widget 2").default(
    null,
  ),
  og_title: optionalText(300, "Open Graph title"),
  og_description: optionalText(1000, "Open Graph description"),
  og_image: optionalUrl("Open Graph image"),
  is_featured: checkbox,
  author_id: trimmed
    .max(200)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .default(null),
  /**
   * When the editor was opened: the post's updated_at then (docs/milestones.md#issue-18-the-writing-studio). A save
   * of a post someone else saved since is refused unless `overwrite` is set.
   */
  opened_at: trimmed
    .max(40)
    .transform((v) => (v === "" || Number.isNaN(new Date(v).getTime()) ? null : new Date(v)))
    .nullable()
    .default(null),
  overwrite: checkbox,
  /** A publication time (UTC, datetime-local or ISO); in the future it schedules the post. */
  publish_at: trimmed
    .refine((v) => v === "" || !Number.isNaN(parseUtc(v).getTime()), "Publish time is not valid")
    .transform((v) => (v === "" ? null : parseUtc(v)))
    .nullable()
    .default(null),
});

/**
 * Media the reader's page can show: a featured video is a YouTube or Vimeo
 * link (its player) or a video file played natively (https or this site);
 * audio plays natively from https or this site (http is refused: the CSP's
 * media-src is 'self' https:) or is an iframe from an allowed host.
 * (docs/decisions/0016)
 */
export const postInputSchema = postObjectSchema.superRefine((input, ctx) => {
  // Autosave keeps the draft while the author is still typing; Save and Publish check.
  if (input.intent === "autosave") return;
  const video = input.featured_video_url;
  if (video && !parseVideoUrl(video) && !isDirectVideoUrl(video)) {
    ctx.addIssue({ code: "custom", path: ["featured_video_url"], message: MEDIA_MESSAGES.video });
  }
  if (input.captions_url && !(video && isDirectVideoUrl(video))) {
    ctx.addIssue({
      code: "custom",
      path: ["captions_url"],
      message: CAPTIONS_MESSAGES.needsVideoFile,
    });
  }
  const audio = input.featured_audio_url;
  if (!audio) return;
  if (!input.audio_type) {
    ctx.addIssue({ code: "custom", path: ["audio_type"], message: MEDIA_MESSAGES.audioType });
  } else if (input.audio_type === "embed") {
    if (!isEmbedHost(audio)) {
      ctx.addIssue({
        code: "custom",
        path: ["featured_audio_url"],
        message: MEDIA_MESSAGES.audioEmbedHost,
      });
    }
  } else if (/^http:/i.test(audio)) {
    ctx.addIssue({
      code: "custom",
      path: ["featured_audio_url"],
      message: MEDIA_MESSAGES.audioHttps,
    });
  }
});

export type PostInput = z.infer<typeof postInputSchema>;
export type PostFormValues = z.input<typeof postInputSchema>;

/** A datetime-local value (no zone) is read as UTC; an ISO value keeps its zone. */
export function parseUtc(value: string): Date {
  const local = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value);
  return new Date(local ? `${value}Z` : value);
}

/** The datetime-local value (UTC, minutes) for a date. */
export function toUtcInput(date: Date | string | null | undefined): string {
  if (!date) return "";
  return new Date(date).toISOString().slice(0, 16);
}

const FIELDS = Object.keys(postObjectSchema.shape) as (keyof typeof postObjectSchema.shape)[];

/**
 * The raw strings of the form, as typed (kept to refill the form after an
 * error), for readForm: it never fails, parsePostInput checks them. The
 * checkboxes are "on" or "" (a form leaves an unticked one out).
 */
export const postFormValues = z.record(z.string(), z.unknown()).transform((fields) => {
  const out: Record<string, string> = {};
  for (const field of FIELDS) {
    const value = firstOf(fields[field]);
    if (typeof value === "string") out[field] = value;
  }
  out.sidebar_enabled = firstOf(fields.sidebar_enabled) ? "on" : "";
  out.is_featured = firstOf(fields.is_featured) ? "on" : "";
  return out;
});

export type ParsedPost =
  | { ok: true; input: PostInput }
  | { ok: false; error: string; fieldErrors: Record<string, string> };

export function parsePostInput(raw: unknown): ParsedPost {
  const result = postInputSchema.safeParse(raw);
  if (result.success) return { ok: true, input: result.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    fieldErrors[key] ??= issue.message;
  }
  return { ok: false, error: result.error.issues[0]?.message ?? "Invalid input", fieldErrors };
}

export type { SidebarWidget };
