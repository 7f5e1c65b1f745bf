/**
 * The third step of a post save: the row's values, then one transaction that
 * writes the post and its tags (a derived slug that loses a race for its
 * suffix tries the next one).
 */
import { and, eq, inArray, like, ne, notInArray, or } from "drizzle-orm";
import type { Database } from "#server/db/client";
import type { Services } from "#server/services";
import { isUniqueViolation } from "#server/db/errors";
import { claimIdempotencyKey } from "#server/db/idempotency";
import { posts, postTags, tags, type SidebarWidget } from "#server/db/schema";
import type { Actor } from "~/features/accounts/permissions";
import { htmlToText, sanitizePostHtml } from "~/features/posts/sanitize.server";
import type { PostInput } from "./post-form.server";
import { normaliseTags, readingTimeMinutes, SAVE_MESSAGES } from "./post-rules";
import { CAPTIONS_DEFAULTS } from "./captions";
import { fail, RACED, SAVE_SCOPE, type SaveResult } from "./save-result.server";
import { slugClashMessage, type SavePlan } from "./save-validate.server";
import type { SaveMedia } from "./save-media.server";
import { recordSaveEffects } from "./save-effects.server";

function sanitiseWidget(widget: SidebarWidget | null | undefined): SidebarWidget | null {
  if (!widget) return null;
  return {
    type: widget.type,
    order: widget.order,
    image_url: widget.image_url ?? null,
    link_url: widget.link_url ?? null,
    content: widget.content ?? null,
    html_code: widget.html_code ? sanitizePostHtml(widget.html_code) : null,
  };
}

/** Widgets in their order, renumbered 0…n-1, HTML sanitised. */
export function sanitiseWidgets(widgets: readonly SidebarWidget[]): SidebarWidget[] {
  return [...widgets]
    .sort((a, b) => a.order - b.order)
    .map((w, order) => ({ ...sanitiseWidget(w)!, order }));
}

/** The first of base, base-2, base-3… no other post uses. */
async function freeSlug(db: Database, base: string, exceptId: string | null): Promise<string> {
  const rows = await db
    .select({ slug: posts.slug })
    .from(posts)
    .where(
      and(
        or(eq(posts.slug, base), like(posts.slug, `${base}-%`)),
        exceptId ? ne(posts.id, exceptId) : undefined,
      ),
    );
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Replaces the post's tags; usage counts follow through the post_tags trigger. */
async function syncTags(tx: Database, postId: string, input: PostInput["tags"]) {
  const wanted = normaliseTags(input);
  if (wanted.length > 0) {
    await tx.insert(tags).values(wanted).onConflictDoNothing({ target: tags.slug });
  }
  const ids =
    wanted.length === 0
      ? []
      : (
          await tx
            .select({ id: tags.id })
            .from(tags)
            .where(
              inArray(
                tags.slug,
                wanted.map((t) => t.slug),
              ),
            )
        ).map((r) => r.id);
  await tx
    .delete(postTags)
    .where(
      and(eq(postTags.postId, postId), ids.length ? notInArray(postTags.tagId, ids) : undefined),
    );
  if (ids.length > 0) {
    await tx
      .insert(postTags)
      .values(ids.map((tagId) => ({ postId, tagId })))
      .onConflictDoNothing();
  }
}

const sameMinute = (a: Date, b: Date) =>
  Math.floor(a.getTime() / 60_000) === Math.floor(b.getTime() / 60_000);

/**
 * The row's values. `intent` publish sets published_at at first publication
 * (or to the chosen time, which may be in the future: scheduling) and keeps
 * it on later edits; draft clears it; autosave sets last_autosave.
 */
export function postValues(plan: SavePlan, media: SaveMedia, actor: Actor) {
  const { input, existing, now, event, authorId, isFeatured } = plan;
  const { videoThumbnailUrl, audioType, audio } = media;
  const content = sanitizePostHtml(input.content);
  let status: "draft" | "published" = "draft";
  let publishedAt: Date | null = null;
  if (input.intent === "publish") {
    status = "published";
    const kept = existing?.status === "published" ? existing.publishedAt : null;
    if (input.publish_at) {
      publishedAt = kept && sameMinute(kept, input.publish_at) ? kept : input.publish_at;
    } else {
      publishedAt = kept ?? now;
    }
  }

  return {
    title: input.title,
    content,
    excerpt: input.excerpt,
    postType: input.post_type,
    externalUrl: input.external_url,
    featuredImageUrl: input.featured_image_url,
    featuredVideoUrl: input.featured_video_url,
    videoThumbnailUrl,
    featuredAudioUrl: input.featured_audio_url,
    audioType,
    audioBytes: audio?.bytes ?? null,
    audioMimeType: audio?.mimeType ?? null,
    audioDurationSeconds: audio?.durationSeconds ?? null,
    // An autosave with an unfinished event keeps the stored one until Save or Publish.
    ...(event.ok ? event.event : {}),
    captionsUrl: input.captions_url,
    captionsLang: input.captions_url ? (input.captions_lang ?? CAPTIONS_DEFAULTS.lang) : null,
    captionsLabel: input.captions_url ? (input.captions_label ?? CAPTIONS_DEFAULTS.label) : null,
    ...(input.category_id ? { categoryId: input.category_id } : {}),
    authorId,
    status,
    isFeatured,
    publishedAt,
    readingTimeMinutes: readingTimeMinutes(htmlToText(content), input.post_type),
    sidebarWidgets: sanitiseWidgets(input.sidebar_widgets),
    sidebarWidget2: sanitiseWidget(input.sidebar_widget_2),
    sidebarEnabled: input.sidebar_enabled,
    ogTitle: input.og_title,
    ogDescription: input.og_description,
    ogImage: input.og_image,
    ...(input.intent === "autosave" ? { lastAutosave: now } : {}),
    updatedAt: now,
    updatedBy: actor.id,
  };
}

export type PostValues = ReturnType<typeof postValues>;

/** Writes the post, its tags and what follows a save, in one transaction. */
export async function writePost(
  db: Database,
  actor: Actor,
  plan: SavePlan,
  values: PostValues,
  jobs: Services["jobs"],
  keyed?: { key: string; digest: string },
): Promise<SaveResult | typeof RACED> {
  const { input, existing, now, typedSlug, baseSlug } = plan;
  // A derived slug may lose a race for its suffix; try the next one.
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = typedSlug ? baseSlug : await freeSlug(db, baseSlug, existing?.id ?? null);
    try {
      const saved = await db.transaction(async (tx) => {
        if (keyed) {
          // Claimed in the save's transaction: it exists exactly when the save committed.
          const claim = await claimIdempotencyKey(
            tx as unknown as Database,
            actor.id,
            keyed.key,
            SAVE_SCOPE,
          );
          if (!claim.fresh) return RACED;
        }
        const returning = {
          id: posts.id,
          slug: posts.slug,
          status: posts.status,
          publishedAt: posts.publishedAt,
          lastAutosave: posts.lastAutosave,
        };
        const [row] = existing
          ? await tx
              .update(posts)
              .set({ ...values, slug })
              .where(eq(posts.id, existing.id))
              .returning(returning)
          : await tx
              .insert(posts)
              .values({ ...values, slug, createdAt: now })
              .returning(returning);
        await syncTags(tx, row!.id, input.tags);
        await recordSaveEffects(tx, actor, plan, values.content, row!, keyed, jobs);
        return row!;
      });
      if (saved === RACED) return RACED;
      const wasLive = Boolean(
        existing?.status === "published" && existing.publishedAt && existing.publishedAt <= now,
      );
      return { ok: true, created: !existing, post: saved, wasLive };
    } catch (error) {
      if (isUniqueViolation(error, "posts_slug_key")) {
        if (typedSlug) {
          return fail(409, `Error: ${slugClashMessage(baseSlug)}`, {
            slug: slugClashMessage(baseSlug),
          });
        }
        continue;
      }
      throw error;
    }
  }
  return fail(500, SAVE_MESSAGES.fallback);
}
