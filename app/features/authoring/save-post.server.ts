/**
 * Creating and editing posts (spec 2 §2 post form, §4 post status and
 * autosave, §5, §6, §8). Every check goes through the permissions module.
 *
 * Slugs: a slug derived from the title takes the first free numeric suffix
 * (my-title, my-title-2, …); a slug the author typed is never changed behind
 * their back — a clash is refused with a clear message
 * (docs/decisions/0005-post-slugs.md).
 */
import { emitWebhookEvent } from "#server/webhooks/emit";
import { announceNewPosts } from "~/features/notifications/new-posts.server";
import { createHash } from "node:crypto";
import { and, eq, inArray, like, ne, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { isUniqueViolation } from "#server/db/errors";
import {
  claimIdempotencyKey,
  findIdempotentResult,
  recordIdempotentResult,
} from "#server/db/idempotency";
import { currentRuntime } from "#server/runtime";
import {
  categories,
  posts,
  postTags,
  profiles,
  tags,
  UNCATEGORIZED_ID,
  type SidebarWidget,
} from "#server/db/schema";
import { readEventFields } from "~/features/events/event-input.server";
import { EVENTS_CATEGORY_SLUG } from "~/features/events/event-rules";
import { can, effectiveRole, type Actor } from "~/features/accounts/permissions";
import { recordAdminAction } from "~/features/audit/audit.server";
import { htmlToText, sanitizePostHtml } from "~/features/posts/sanitize.server";
import { parsePostInput, type PostInput } from "./post-form.server";
import { normaliseTags, readingTimeMinutes, SAVE_MESSAGES, slugify } from "./post-rules";
import { CAPTIONS_DEFAULTS, CAPTIONS_MESSAGES } from "./captions";
import { createAudioProbe, type AudioFacts, type AudioProbe } from "./audio-facts.server";
import {
  fetchVimeoThumbnail,
  resolveVideoThumbnail,
  type ThumbnailResolver,
} from "./video-thumbnail.server";
import { recordRevision } from "./revisions.server";

export type SaveFailure = {
  ok: false;
  status: 400 | 401 | 403 | 404 | 409 | 500;
  /** The alert text (spec 2 §8). */
  error: string;
  fieldErrors: Record<string, string>;
  /** A stale save (issue 18): who saved the post since the editor opened it, and when. */
  conflict?: { by: string; at: string };
};

export type SavedPost = {
  id: string;
  slug: string;
  status: "draft" | "pending" | "published";
  publishedAt: Date | null;
  lastAutosave: Date | null;
};

export type SaveResult =
  | {
      ok: true;
      post: SavedPost;
      created: boolean;
      skipped?: "not-a-draft";
      /** The post was public before this save (its toast says Updated); unknown on a retry. */
      wasLive?: boolean;
    }
  | SaveFailure;

const fail = (
  status: SaveFailure["status"],
  error: string,
  fieldErrors: Record<string, string> = {},
): SaveFailure => ({ ok: false, status, error, fieldErrors });

/** The refusal of a stale save, naming who saved the post and when (UTC; the page shows it locally). */
async function conflictWith(db: Database, userId: string, at: Date): Promise<SaveFailure> {
  const [who] = await db
    .select({ name: profiles.fullName, username: profiles.username })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const by = who?.name?.trim() || who?.username || "Someone";
  return {
    ok: false,
    status: 409,
    error: conflictMessage(by, at),
    fieldErrors: {},
    conflict: { by, at: at.toISOString() },
  };
}

/** "Asha Rao saved this post at 14:02 UTC, after you opened it. …" */
export function conflictMessage(by: string, at: Date): string {
  const time = at.toISOString().slice(11, 16);
  return `${by} saved this post at ${time} UTC, after you opened it. Reload to see their version (your text stays in this browser), or save over it.`;
}

/** Why this actor may not create posts at all, as the spec's message; null when they may. */
export function createPermissionError(actor: Actor | null | undefined): SaveFailure | null {
  if (can(actor, "post.write")) return null;
  const role = effectiveRole(actor);
  if (role === "visitor" || role === "blocked") return fail(401, SAVE_MESSAGES.authorId);
  return fail(403, SAVE_MESSAGES.role);
}

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

/** A captions file in this site's storage: /uploads/captions/… or the storage driver's address. */
function isStoredCaptions(url: string): boolean {
  const sample = "a.vtt";
  const base = currentRuntime()?.storage.url(`captions/${sample}`).slice(0, -sample.length);
  return url.startsWith("/uploads/captions/") || Boolean(base && url.startsWith(base));
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

async function slugTaken(db: Database, slug: string, exceptId: string | null) {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.slug, slug), exceptId ? ne(posts.id, exceptId) : undefined));
  return Boolean(row);
}

export const slugClashMessage = (slug: string) =>
  `The slug "${slug}" is already used by another post. Choose another slug.`;

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
 * The audio's facts: kept while the address and type are unchanged and were
 * read before; read again otherwise, except on autosave (which never waits
 * for a host: the next save reads them).
 */
async function resolveAudioFacts(
  next: { url: string | null; audioType: "mp3" | "mp4" | "wav" | "embed" | null },
  existing:
    | {
        featuredAudioUrl: string | null;
        audioType: string | null;
        audioBytes: number | null;
        audioMimeType: string | null;
        audioDurationSeconds: number | null;
      }
    | undefined,
  options: { probe: AudioProbe; autosave: boolean },
): Promise<AudioFacts | null> {
  if (!next.url || !next.audioType || next.audioType === "embed") return null;
  const same = existing?.featuredAudioUrl === next.url && existing.audioType === next.audioType;
  if (same && existing.audioBytes !== null && existing.audioMimeType) {
    return {
      bytes: existing.audioBytes,
      mimeType: existing.audioMimeType,
      durationSeconds: existing.audioDurationSeconds,
    };
  }
  if (options.autosave) return null;
  return options.probe(next.url, next.audioType);
}

/**
 * Saves the form: a new post without `id`, an edit with it. `intent`
 * publish sets published_at at first publication (or to the chosen time,
 * which may be in the future: scheduling) and keeps it on later edits; draft
 * clears it; autosave stores a draft and sets last_autosave, and leaves
 * published posts alone.
 */
export async function savePost(
  db: Database,
  actor: Actor | null | undefined,
  raw: unknown,
  options: SaveOptions = {},
): Promise<SaveResult> {
  const key = options.idempotencyKey;
  if (!key || !actor) {
    const saved = await saveOnce(db, actor, raw, options);
    return saved === RACED ? fail(500, SAVE_MESSAGES.fallback) : saved;
  }
  const digest = digestOf(raw);
  // Before any check: a retried create must not be refused because its first attempt exists.
  const earlier = await retryOf(db, actor, raw, options, key, digest);
  if (earlier) return earlier;
  const saved = await saveOnce(db, actor, raw, options, { key, digest });
  if (saved !== RACED && (saved.ok || saved.status !== 409)) return saved;
  // The same submission, twice at once: the other one committed first (and may own the slug).
  const other = await retryOf(db, actor, raw, options, key, digest);
  return other ?? (saved === RACED ? fail(500, SAVE_MESSAGES.fallback) : saved);
}

export type SaveOptions = {
  now?: Date;
  /** Resolves a Vimeo link's still (video-thumbnail.server.ts); tests inject their own. */
  videoThumbnail?: ThumbnailResolver;
  /** The submission's idempotency key (docs/decisions/0096). */
  idempotencyKey?: string;
  /** Reads the audio's size, type and length (audio-facts.server.ts); tests may inject one. */
  audioProbe?: AudioProbe;
};

/** All post saves share one scope: a key names one submission, whatever the post. */
const SAVE_SCOPE = "post-save";

/** What a key's save records: the post it saved and the submission's digest. */
type RecordedSave = {
  digest: string;
  created: boolean;
  post: Omit<SavedPost, "publishedAt" | "lastAutosave"> & {
    publishedAt: string | null;
    lastAutosave: string | null;
  };
};

/** The submission's fields (not the post's id), in a stable order, hashed. */
function digestOf(raw: unknown): string {
  const fields = Object.entries(raw && typeof raw === "object" ? raw : {})
    .filter(([name]) => name !== "id")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash("sha256").update(JSON.stringify(fields)).digest("hex");
}

/**
 * What a save whose key was used already answers (undefined: the key is
 * new). The same fields: a retry, answered with the first save's post, and
 * nothing is written. Other fields: a later submission that never learned
 * the first one's answer (an autosave's answer was lost, then Publish): it
 * is saved onto the post that key saved, never as a second new post, under
 * a key of its own so that its own retries are answered once too.
 */
async function retryOf(
  db: Database,
  actor: Actor,
  raw: unknown,
  options: SaveOptions,
  key: string,
  digest: string,
): Promise<SaveResult | undefined> {
  const earlier = await findIdempotentResult<RecordedSave>(db, actor.id, key);
  if (!earlier) return undefined;
  if (earlier.scope !== SAVE_SCOPE) return fail(400, SAVE_MESSAGES.fallback);
  const { post, created } = earlier.result;
  if (earlier.result.digest === digest) {
    return {
      ok: true,
      created,
      post: {
        ...post,
        publishedAt: post.publishedAt ? new Date(post.publishedAt) : null,
        lastAutosave: post.lastAutosave ? new Date(post.lastAutosave) : null,
      },
    };
  }
  const fields = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  return savePost(
    db,
    actor,
    { ...fields, id: fields.id || post.id },
    { ...options, idempotencyKey: `${key}-${digest.slice(0, 16)}` },
  );
}

/** The key was claimed meanwhile by the same submission sent twice at once. */
const RACED = Symbol("raced");

async function saveOnce(
  db: Database,
  actor: Actor | null | undefined,
  raw: unknown,
  options: SaveOptions,
  keyed?: { key: string; digest: string },
): Promise<SaveResult | typeof RACED> {
  const denied = createPermissionError(actor);
  if (denied || !actor) return denied ?? fail(401, SAVE_MESSAGES.authorId);

  const parsed = parsePostInput(raw);
  if (!parsed.ok) return fail(400, `Error: ${parsed.error}`, parsed.fieldErrors);
  const input = parsed.input;
  const now = options.now ?? new Date();
  const isAdmin = effectiveRole(actor) === "admin";

  const [existing] = input.id
    ? await db
        .select({
          id: posts.id,
          authorId: posts.authorId,
          status: posts.status,
          publishedAt: posts.publishedAt,
          isFeatured: posts.isFeatured,
          lastAutosave: posts.lastAutosave,
          updatedAt: posts.updatedAt,
          updatedBy: posts.updatedBy,
          slug: posts.slug,
          categoryId: posts.categoryId,
          featuredImageUrl: posts.featuredImageUrl,
          featuredVideoUrl: posts.featuredVideoUrl,
          videoThumbnailUrl: posts.videoThumbnailUrl,
          featuredAudioUrl: posts.featuredAudioUrl,
          audioType: posts.audioType,
          audioBytes: posts.audioBytes,
          audioMimeType: posts.audioMimeType,
          audioDurationSeconds: posts.audioDurationSeconds,
        })
        .from(posts)
        .where(eq(posts.id, input.id))
    : [];
  if (input.id && !existing) return fail(404, "Error: Post not found");
  if (existing && !can(actor, "post.write", { kind: "post", authorId: existing.authorId })) {
    return fail(403, SAVE_MESSAGES.policy);
  }
  // No silent overwrite (issue 18): someone else saved since this editor opened the post.
  // A person may choose to save over it; an autosave never does.
  if (
    existing &&
    input.opened_at &&
    existing.updatedAt.getTime() > input.opened_at.getTime() &&
    existing.updatedBy &&
    existing.updatedBy !== actor.id &&
    (input.intent === "autosave" || !input.overwrite)
  ) {
    return conflictWith(db, existing.updatedBy, existing.updatedAt);
  }
  if (input.intent === "autosave" && existing && existing.status !== "draft") {
    return {
      ok: true,
      created: false,
      skipped: "not-a-draft",
      post: {
        id: existing.id,
        slug: existing.slug,
        status: existing.status,
        publishedAt: existing.publishedAt,
        lastAutosave: existing.lastAutosave,
      },
    };
  }

  // Author: admins may choose any mentor or admin; everyone else writes as themselves.
  let authorId = existing?.authorId ?? actor.id;
  if (isAdmin && input.author_id && input.author_id !== authorId) {
    const [author] = await db
      .select({ role: profiles.role, status: profiles.status })
      .from(profiles)
      .where(eq(profiles.id, input.author_id));
    if (!author || author.role === "user" || author.status === "blocked") {
      return fail(400, "Error: The author must be a mentor or an admin", {
        author_id: "The author must be a mentor or an admin",
      });
    }
    authorId = input.author_id;
  }
  const isFeatured = isAdmin ? input.is_featured : (existing?.isFeatured ?? false);

  const [category] = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(eq(categories.id, input.category_id ?? existing?.categoryId ?? UNCATEGORIZED_ID));
  if (input.category_id && !category) {
    return fail(400, "Error: Choose a category", { category_id: "Choose a category" });
  }
  // An event belongs to the Events category only: elsewhere its fields are dropped (issue 21 §5).
  const event = readEventFields(input, { isEvents: category?.slug === EVENTS_CATEGORY_SLUG });
  if (!event.ok && input.intent !== "autosave") {
    return fail(400, `Error: ${event.error}`, event.fieldErrors);
  }

  // Captions come from this site's storage only (uploaded in the form): a <track> from
  // another host would need CORS, and its text is shown to every reader.
  if (input.captions_url && !isStoredCaptions(input.captions_url)) {
    return fail(400, `Error: ${CAPTIONS_MESSAGES.url}`, { captions_url: CAPTIONS_MESSAGES.url });
  }

  const typedSlug = input.slug !== "";
  const baseSlug = slugify(typedSlug ? input.slug : input.title);
  if (!baseSlug) {
    return fail(400, "Error: Slug is required", {
      slug: "Slug is required",
    });
  }
  if (typedSlug && (await slugTaken(db, baseSlug, existing?.id ?? null))) {
    return fail(409, `Error: ${slugClashMessage(baseSlug)}`, { slug: slugClashMessage(baseSlug) });
  }

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

  const videoThumbnailUrl = await resolveVideoThumbnail(
    { featuredImageUrl: input.featured_image_url, featuredVideoUrl: input.featured_video_url },
    existing,
    {
      resolve:
        options.videoThumbnail ??
        ((url) =>
          fetchVimeoThumbnail(url, {
            onError: (error) =>
              currentRuntime()?.log.warn({ err: error, url }, "Vimeo thumbnail not resolved"),
          })),
      autosave: input.intent === "autosave",
    },
  );

  const audioType = input.featured_audio_url ? input.audio_type : null;
  const audio = await resolveAudioFacts({ url: input.featured_audio_url, audioType }, existing, {
    probe: options.audioProbe ?? createAudioProbe(),
    autosave: input.intent === "autosave",
  });

  const values = {
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
        // Public now: the author's followers hear of it, once (a scheduled post: the clock tells).
        if (row!.status === "published") await announceNewPosts(tx, { postId: row!.id });
        // A person's save keeps a revision (issue 18); an autosave does not.
        if (input.intent !== "autosave") {
          await recordRevision(tx, {
            postId: row!.id,
            title: input.title,
            content,
            excerpt: input.excerpt,
            authorId,
            savedBy: actor.id,
            at: now,
          });
        }
        // An edit of a post that was already public (its first publication is post.published).
        if (
          existing?.status === "published" &&
          row!.status === "published" &&
          input.intent !== "autosave"
        ) {
          await emitWebhookEvent(tx, "post.updated", {
            post: { id: row!.id, slug: row!.slug, title: input.title },
          });
        }
        if (isAdmin) {
          await auditAdminSave(tx, actor, {
            postId: row!.id,
            title: input.title,
            autosave: input.intent === "autosave",
            authorBefore: existing?.authorId ?? actor.id,
            authorAfter: authorId,
            featuredBefore: existing?.isFeatured ?? false,
            featuredAfter: isFeatured,
          });
        }
        if (keyed) {
          await recordIdempotentResult(tx, actor.id, keyed.key, {
            digest: keyed.digest,
            created: !existing,
            post: row!,
          });
        }
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

/**
 * The audit trail for what an admin does in the post editor (the same
 * records as the dashboard's Posts tab): a feature toggle, an author change
 * (a new post written for someone else counts as one, from the admin), and
 * an edit of another author's post. Autosaves of someone else's post are
 * not logged as edits, or every 30 seconds of typing would add a row; a
 * feature or author change is logged whichever save carried it, since the
 * next save no longer sees it as a change.
 */
async function auditAdminSave(
  tx: Database,
  actor: Actor,
  change: {
    postId: string;
    title: string;
    autosave: boolean;
    authorBefore: string;
    authorAfter: string;
    featuredBefore: boolean;
    featuredAfter: boolean;
  },
) {
  const target = {
    targetType: "post",
    targetId: change.postId,
    targetLabel: change.title,
  } as const;
  if (change.featuredBefore !== change.featuredAfter) {
    await recordAdminAction(tx, actor, {
      action: change.featuredAfter ? "post.feature" : "post.unfeature",
      ...target,
    });
  }
  if (change.authorBefore !== change.authorAfter) {
    const names = await tx
      .select({ id: profiles.id, username: profiles.username })
      .from(profiles)
      .where(inArray(profiles.id, [change.authorBefore, change.authorAfter]));
    const who = (id: string) => ({
      id,
      username: names.find((n) => n.id === id)?.username ?? null,
    });
    await recordAdminAction(tx, actor, {
      action: "post.reassign_author",
      ...target,
      details: { from: who(change.authorBefore), to: who(change.authorAfter) },
    });
  }
  if (!change.autosave && change.authorBefore !== actor.id) {
    await recordAdminAction(tx, actor, { action: "post.update", ...target });
  }
}

/**
 * Deletes a post: its author (mentor) or any admin. An admin's delete is
 * recorded in the audit trail in the same transaction, wherever it was
 * asked for (the dashboard or My Posts).
 */
export async function deletePost(
  db: Database,
  actor: Actor | null | undefined,
  postId: string,
): Promise<{ ok: true } | { ok: false; status: 403 | 404; error: string }> {
  if (!can(actor, "post.write")) return { ok: false, status: 403, error: "Failed to delete post" };
  const [post] = await db
    .select({ authorId: posts.authorId })
    .from(posts)
    .where(eq(posts.id, postId));
  if (!post) return { ok: false, status: 404, error: "Failed to delete post" };
  if (!can(actor, "post.write", { kind: "post", authorId: post.authorId })) {
    return { ok: false, status: 403, error: "Failed to delete post" };
  }
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(posts)
      .where(eq(posts.id, postId))
      .returning({ title: posts.title, slug: posts.slug, status: posts.status });
    if (gone?.status === "published") {
      await emitWebhookEvent(tx, "post.deleted", {
        post: { id: postId, slug: gone.slug, title: gone.title },
      });
    }
    if (gone && effectiveRole(actor) === "admin") {
      await recordAdminAction(tx, actor!, {
        action: "post.delete",
        targetType: "post",
        targetId: postId,
        targetLabel: gone.title,
        details: { slug: gone.slug },
      });
    }
  });
  return { ok: true };
}

/** Mentors and admins who may be chosen as an author (admins' form). */
export function authorChoices(db: Database) {
  return db
    .select({ id: profiles.id, username: profiles.username, fullName: profiles.fullName })
    .from(profiles)
    .where(and(inArray(profiles.role, ["mentor", "admin"]), ne(profiles.status, "blocked")))
    .orderBy(sql`lower(coalesce(${profiles.fullName}, ${profiles.username}))`);
}
