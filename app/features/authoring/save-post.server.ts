/**
 * Creating and editing posts (docs/product/authoring.md#autosave post form, post status and
 * autosave, docs/product/README.md#roles-and-permissions). Every check goes through the permissions module.
 *
 * A save runs in four steps, one module each: validate
 * (save-validate.server.ts) → resolve media (save-media.server.ts) → write
 * (save-write.server.ts) → revision and audit (save-effects.server.ts).
 */
import { createHash } from "node:crypto";
import type { Database } from "#server/db/client";
import { findIdempotentResult } from "#server/db/idempotency";
import type { Actor } from "~/features/accounts/permissions";
import { parsePostInput } from "./post-form.server";
import { SAVE_MESSAGES } from "./post-rules";
import {
  fail,
  RACED,
  SAVE_SCOPE,
  type SavedPost,
  type SaveOptions,
  type SaveResult,
} from "./save-result.server";
import { createPermissionError, validateSave } from "./save-validate.server";
import { resolveSaveMedia } from "./save-media.server";
import { postValues, writePost } from "./save-write.server";

export type { SaveFailure, SavedPost, SaveOptions, SaveResult } from "./save-result.server";
export { conflictMessage, createPermissionError, slugClashMessage } from "./save-validate.server";
export { sanitiseWidgets } from "./save-write.server";
export { authorChoices, deletePost } from "./delete-post.server";

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
  const now = options.now ?? new Date();
  const plan = await validateSave(db, actor, parsed.input, now, options.services);
  if ("ok" in plan) return plan;
  const media = await resolveSaveMedia(plan.input, plan.existing, options);
  const values = postValues(plan, media, actor);
  return writePost(db, actor, plan, values, options.services?.jobs, keyed);
}
