/**
 * The first step of a post save: may this actor save this post, and is the
 * form whole? Answers a refusal (or the skip of an autosave) or the plan the
 * later steps write.
 *
 * Slugs: a slug derived from the title takes the first free numeric suffix
 * (my-title, my-title-2, …); a slug the author typed is never changed behind
 * their back — a clash is refused with a clear message
 * (docs/decisions/0005).
 */
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "#server/db/client";
import type { Services } from "#server/services";
import { categories, posts, profiles, UNCATEGORIZED_ID } from "#server/db/schema";
import { readEventFields } from "~/features/events/event-input.server";
import { EVENTS_CATEGORY_SLUG } from "~/features/events/event-rules";
import { can, effectiveRole, type Actor } from "~/features/accounts/permissions";
import type { PostInput } from "./post-form.server";
import { SAVE_MESSAGES, slugify } from "./post-rules";
import { CAPTIONS_MESSAGES } from "./captions";
import { fail, type SaveFailure, type SaveResult } from "./save-result.server";

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

/** The save's storage (its addresses are the site's), read only for a captions address. */
type SaveSite = Partial<Pick<Services, "storage">>;

/** A captions file in this site's storage: /uploads/captions/… or the storage driver's address. */
function isStoredCaptions(url: string, site: SaveSite | undefined): boolean {
  if (url.startsWith("/uploads/captions/")) return true;
  const sample = "a.vtt";
  const base = site?.storage?.url(`captions/${sample}`).slice(0, -sample.length);
  return Boolean(base && url.startsWith(base));
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

/** The post being edited, as the save needs it. */
async function loadExisting(db: Database, id: string) {
  const [existing] = await db
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
    .where(eq(posts.id, id));
  return existing;
}

export type ExistingPost = NonNullable<Awaited<ReturnType<typeof loadExisting>>>;

/** What the checks settled, for the later steps of the save. */
export type SavePlan = {
  input: PostInput;
  now: Date;
  isAdmin: boolean;
  existing: ExistingPost | undefined;
  authorId: string;
  isFeatured: boolean;
  event: ReturnType<typeof readEventFields>;
  typedSlug: boolean;
  baseSlug: string;
};

/**
 * The post being edited, if the actor may edit it; a refusal (a missing
 * post, another's post, a stale save) or the skip of an autosave otherwise.
 */
async function checkExisting(
  db: Database,
  actor: Actor,
  input: PostInput,
): Promise<SaveResult | { existing: ExistingPost | undefined }> {
  const existing = input.id ? await loadExisting(db, input.id) : undefined;
  if (input.id && !existing) return fail(404, "Error: Post not found");
  if (existing && !can(actor, "post.write", { kind: "post", authorId: existing.authorId })) {
    return fail(403, SAVE_MESSAGES.policy);
  }
  // No silent overwrite (docs/milestones.md#issue-18-the-writing-studio): someone else saved since this editor opened the post.
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
  return { existing };
}

/** Author: admins may choose any mentor or admin; everyone else writes as themselves. */
async function chooseAuthor(
  db: Database,
  actor: Actor,
  input: PostInput,
  existing: ExistingPost | undefined,
  isAdmin: boolean,
): Promise<SaveFailure | { authorId: string }> {
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
  return { authorId };
}

/** Every check of a parsed form before anything is resolved or written. */
export async function validateSave(
  db: Database,
  actor: Actor,
  input: PostInput,
  now: Date,
  site?: SaveSite,
): Promise<SaveResult | SavePlan> {
  const isAdmin = effectiveRole(actor) === "admin";
  const checked = await checkExisting(db, actor, input);
  if ("ok" in checked) return checked;
  const { existing } = checked;

  const author = await chooseAuthor(db, actor, input, existing, isAdmin);
  if ("ok" in author) return author;
  const { authorId } = author;
  const isFeatured = isAdmin ? input.is_featured : (existing?.isFeatured ?? false);

  const [category] = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(eq(categories.id, input.category_id ?? existing?.categoryId ?? UNCATEGORIZED_ID));
  if (input.category_id && !category) {
    return fail(400, "Error: Choose a category", { category_id: "Choose a category" });
  }
  // An event belongs to the Events category only: elsewhere its fields are dropped (docs/decisions/0115).
  const event = readEventFields(input, { isEvents: category?.slug === EVENTS_CATEGORY_SLUG });
  if (!event.ok && input.intent !== "autosave") {
    return fail(400, `Error: ${event.error}`, event.fieldErrors);
  }

  // Captions come from this site's storage only (uploaded in the form): a <track> from
  // another host would need CORS, and its text is shown to every reader.
  if (input.captions_url && !isStoredCaptions(input.captions_url, site)) {
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
  return { input, now, isAdmin, existing, authorId, isFeatured, event, typedSlug, baseSlug };
}
