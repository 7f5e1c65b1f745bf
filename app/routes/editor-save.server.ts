/**
 * The action of the editor's two pages (create-post, edit-post): Publish,
 * Save as draft and autosave (decision 0216), on the action helper
 * (docs/request-pipeline.md): method → session → guard (post.write) → the
 * form within LARGE_BODY_LIMIT_BYTES → the save → its answer. Whoever may not
 * save is refused before a byte of the body is read, as data (the autosave
 * posts through a fetcher, and a thrown answer would render the error
 * boundary): 401 or 403 in the spec's words, or a held admin sent to set up
 * two-factor; nothing typed comes back, the browser keeps it (decision 0253).
 * The save answers its own envelope (`ok`, `status`, `intent`, the typed
 * values) that the editor's script reads.
 */
import { idempotencyKeyOf } from "#server/db/idempotency";
import { LARGE_BODY_LIMIT_BYTES } from "#server/http/limits";
import {
  refuseSave,
  saveFromEditor,
  type SaveOutcome,
  type SaveRefused,
} from "~/features/authoring/editor.server";
import { postFormValues } from "~/features/authoring/post-form.server";
import { defineAction } from "~/pipeline/action.server";

export const editorSaveAction = defineAction({
  permission: "post.write",
  refusal: { answer: refuseSave },
  schema: postFormValues,
  limit: LARGE_BODY_LIMIT_BYTES,
  wire: "envelope",
  // The helper's own 405 in the same envelope (the 413 and 400 are the save's, below).
  refusedBody: ({ error }): SaveRefused => ({ ok: false, status: 405, error, fieldErrors: {} }),
  // A body that cannot be read is an empty form: the save answers what is missing.
  refused: (services, member, _refused, { request }): Promise<SaveOutcome> | SaveOutcome =>
    member
      ? saveFromEditor(services, member, postFormValues.parse({}), {
          idempotencyKey: idempotencyKeyOf(request, null),
        })
      : refuseSave(member),
  // A resubmitted save (or a retried autosave) writes once: docs/decisions/0096.
  run: (services, member, values, { request, form }) =>
    saveFromEditor(services, member, values, {
      idempotencyKey: idempotencyKeyOf(request, form),
    }),
});
