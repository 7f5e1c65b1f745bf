/**
 * The action of the editor's two pages (create-post, edit-post): Publish,
 * Save as draft and autosave (decision 0216). Not on the action helper: the
 * save answers its own JSON (`ok`, `status`, `intent`, the typed values) that
 * the editor's script reads, and a refused save answers 401 or 403 with the
 * spec's words on a data request (the page's loader sends the refused to /).
 * The order is the helper's but for the body: whoever may not save is told
 * so by saveRefusal, the one check, before anything is saved.
 */
import { idempotencyKeyOf } from "#server/db/idempotency";
import { LARGE_BODY_LIMIT_BYTES } from "#server/http/limits";
import { answerSave, saveFromEditor, saveRefusal } from "~/features/authoring/editor.server";
import { postFormValues } from "~/features/authoring/post-form.server";
import { readForm } from "~/lib/read-input.server";
import { services } from "~/lib/services.server";
import type { ActionArgs } from "~/pipeline/action.server";
import { sessionOf } from "~/pipeline/guards.server";

export async function editorSaveAction({ request, context }: ActionArgs) {
  const member = await sessionOf(context, request);
  const refused = saveRefusal(member);
  const read = await readForm(request, postFormValues, { limit: LARGE_BODY_LIMIT_BYTES });
  // A body that cannot be read is an empty form: the save answers what is missing.
  const values = read.ok ? read.data : postFormValues.parse({});
  const { db, log } = services(context);
  if (refused || !member) return answerSave(db, values, refused!);
  // A resubmitted save (or a retried autosave) writes once: docs/decisions/0096.
  const idempotencyKey = idempotencyKeyOf(request, read.ok ? read.form : null);
  return saveFromEditor({ db, log }, member, values, { idempotencyKey });
}
