/**
 * The editor's features (create-post, edit-post): the form's choices, turning
 * a post into form values, who may save, and a save's answer. Each takes
 * `(services, actor, input)`; the routes read the request (docs/request-pipeline.md).
 */
import type { Database } from "#server/db/client";
import { UNCATEGORIZED_ID } from "#server/db/schema";
import type { Services } from "#server/services";
import { effectiveRole, type Actor } from "~/features/accounts/permissions";
import { sendHeldAdminToSetUp } from "~/features/accounts/permissions.server";
import { listCategories } from "~/features/categories/categories.server";
import { EVENTS_CATEGORY_SLUG } from "~/features/events/event-rules";
import { instantToWallTime, timeZones } from "~/features/events/event-time.server";
import { postPath } from "~/features/posts/post-card";
import type { EditablePost } from "./posts-admin.server";
import type { z } from "zod";
import { type postFormValues, toUtcInput } from "./post-form.server";
import {
  authorChoices,
  createPermissionError,
  savePost,
  type SaveFailure,
  type SaveResult,
} from "./save-post.server";
import { fail } from "./save-result.server";
import { SAVE_MESSAGES } from "./post-rules";
import type { FormChoices, FormValues, SaveActionData } from "./editor-types";
import { endShareLinks } from "~/features/preview/preview.server";
import { flashHeaders } from "~/lib/flash.server";
import { saveFlash } from "./studio/studio-messages";

/** The editor form's fields as typed (postFormValues): what a save reads and refills. */
export type EditorFields = z.output<typeof postFormValues>;

export async function formChoices(
  { db }: Pick<Services, "db">,
  actor: Actor,
): Promise<FormChoices> {
  const isAdmin = effectiveRole(actor) === "admin";
  const [categories, authors] = await Promise.all([
    listCategories(db),
    isAdmin ? authorChoices(db) : Promise.resolve([]),
  ]);
  return {
    isAdmin,
    categories: categories.map((c) => ({ id: c.id, name: c.name })),
    eventsCategoryId: categories.find((c) => c.slug === EVENTS_CATEGORY_SLUG)?.id ?? null,
    timeZones: timeZones(),
    authors: authors.map((a) => ({ id: a.id, name: a.fullName || a.username })),
    defaultCategoryId: UNCATEGORIZED_ID,
  };
}

export function emptyValues(actor: Actor): FormValues {
  return {
    post_type: "blog",
    category_id: UNCATEGORIZED_ID,
    sidebar_enabled: "on",
    sidebar_widgets: "[]",
    sidebar_widget_2: "",
    author_id: actor.id,
  };
}

export function valuesOf(post: EditablePost): FormValues {
  const s = (v: string | null | undefined) => v ?? "";
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    content: post.content,
    excerpt: s(post.excerpt),
    post_type: post.postType,
    external_url: s(post.externalUrl),
    featured_image_url: s(post.featuredImageUrl),
    featured_video_url: s(post.featuredVideoUrl),
    featured_audio_url: s(post.featuredAudioUrl),
    audio_type: s(post.audioType),
    category_id: post.categoryId,
    tags: post.tags.join(", "),
    sidebar_enabled: post.sidebarEnabled ? "on" : "",
    sidebar_widgets: JSON.stringify(post.sidebarWidgets ?? []),
    sidebar_widget_2: post.sidebarWidget2 ? JSON.stringify(post.sidebarWidget2) : "",
    og_title: s(post.ogTitle),
    og_description: s(post.ogDescription),
    og_image: s(post.ogImage),
    is_featured: post.isFeatured ? "on" : "",
    author_id: post.authorId,
    publish_at: post.status === "published" ? toUtcInput(post.publishedAt) : "",
    captions_url: s(post.captionsUrl),
    captions_lang: s(post.captionsLang),
    captions_label: s(post.captionsLabel),
    // The version this editor opened (docs/milestones.md#issue-18-the-writing-studio: no silent overwrite).
    opened_at: post.updatedAt.toISOString(),
    ...eventValuesOf(post),
  };
}

/** The event's fields as the form shows them: wall times in the event's own zone. */
function eventValuesOf(post: EditablePost): FormValues {
  const zone = post.eventTimeZone;
  const wall = (at: Date | null) => (at && zone ? instantToWallTime(at, zone) : "");
  return {
    event_starts_at: wall(post.eventStartsAt),
    event_ends_at: wall(post.eventEndsAt),
    event_time_zone: zone ?? "",
    event_venue: post.eventVenue ?? "",
    event_online_url: post.eventOnlineUrl ?? "",
    event_booking_url: post.eventBookingUrl ?? "",
  };
}

/** A refused save's answer: the envelope the editor's script reads (no intent when refused unread). */
export type SaveRefused = Extract<SaveActionData, { ok: false }>;

/**
 * What a save answers, on the action helper's envelope wire
 * (app/routes/editor-save.server.ts): autosave's JSON, a redirect with its
 * toast as a flash cookie, or a failure with what was typed.
 */
export type SaveOutcome =
  | Extract<SaveActionData, { ok: true }>
  | { ok: true; redirect: string; setCookie: string[] }
  | SaveRefused;

/**
 * How the editor refuses whoever may not save, before the body is read
 * (decisions 0216, 0253): an admin held for a second factor is sent to set
 * codes up (decision 0167, thrown); visitors and blocked members 401, everyone
 * else 403, with the spec's words (createPermissionError, the role table).
 * Nothing typed comes back: the browser keeps it.
 */
export function refuseSave(actor: Actor | null | undefined): SaveRefused {
  sendHeldAdminToSetUp(actor);
  return createPermissionError(actor) ?? fail(403, SAVE_MESSAGES.role);
}

/**
 * The editor's answer to a save (Publish, Save as draft, autosave): autosave
 * answers JSON for the page's script; Publish and Save as draft redirect on
 * success (to the post when it is public, else back to the editor) with the
 * success toast as a flash, and on failure answer the spec's message with
 * everything typed, so nothing is lost.
 */
export async function saveFromEditor(
  services: Pick<Services, "db" | "log" | "storage" | "config" | "jobs">,
  actor: Actor,
  values: EditorFields,
  options: { idempotencyKey?: string },
): Promise<SaveOutcome> {
  const { db, log } = services;
  const save = {
    ...options,
    // Read only when the save needs them (a stored captions file, a site audio file).
    services: {
      log,
      get storage() {
        return services.storage;
      },
      get config() {
        return services.config;
      },
      get jobs() {
        return services.jobs;
      },
    },
  };
  const result = await savePost(db, actor, values, save).catch((error: unknown) => {
    // Through the logger: its serializer keeps the SQLSTATE, never the SQL or the text (docs/milestones.md#issue-13-security).
    log.error({ err: error }, "post save failed");
    const failure: SaveFailure = {
      ok: false,
      status: 500,
      error: "Failed to save post. Please try again.",
      fieldErrors: {},
    };
    return failure;
  });
  return answerSave(db, values, result);
}

/** A save's answer: JSON for autosave, a redirect with its toast, or the failure with the values. */
export async function answerSave(
  db: Database,
  values: EditorFields,
  result: SaveResult,
): Promise<SaveOutcome> {
  if (values.intent === "autosave") {
    return result.ok
      ? {
          ok: true,
          intent: "autosave",
          id: result.post.id,
          slug: result.post.slug,
          lastAutosave: result.post.lastAutosave?.toISOString() ?? null,
          skipped: result.skipped ?? null,
        }
      : {
          ok: false,
          intent: "autosave",
          error: result.error,
          fieldErrors: result.fieldErrors,
          status: result.status,
          ...(result.conflict ? { conflict: result.conflict } : {}),
        };
  }
  if (result.ok) {
    const { post } = result;
    // Publishing ends the draft's share-preview link (docs/milestones.md#issue-18-the-writing-studio).
    if (post.status === "published") await endShareLinks(db, post.id);
    const now = new Date();
    const flash = saveFlash({ ...post, wasLive: result.wasLive ?? false, now });
    // The success toast comes with the next page, as a flash (docs/decisions/0147).
    const setCookie = [flashHeaders(flash)["Set-Cookie"]];
    const live = post.status === "published" && post.publishedAt && post.publishedAt <= now;
    return { ok: true, redirect: live ? postPath(post) : `/edit-post/${post.slug}`, setCookie };
  }
  return {
    ok: false,
    intent: values.intent === "publish" ? "publish" : "draft",
    error: result.error,
    fieldErrors: result.fieldErrors,
    status: result.status,
    values,
    ...(result.conflict ? { conflict: result.conflict } : {}),
  };
}
