/**
 * The editor's save as one call on a Request, for the tests that drive it so
 * (editor-routes, tests/studio). The routes do not use it: they read the
 * request and call the features in editor.server.ts (decision 0216).
 */
import type { Database } from "#server/db/client";
import { idempotencyKeyOf } from "#server/db/idempotency";
import { LARGE_BODY_LIMIT_BYTES } from "#server/http/limits";
import pino from "pino";
import { currentRuntime } from "#server/runtime";
import type { Actor } from "~/features/accounts/permissions";
import { readForm } from "~/lib/read-input.server";
import { answerSave, saveFromEditor, saveRefusal } from "./editor.server";
import { postFormValues } from "./post-form.server";

export { emptyValues, formChoices, valuesOf } from "./editor.server";

export async function handleSave(db: Database, actor: Actor | null, request: Request) {
  const refused = saveRefusal(actor);
  const read = await readForm(request, postFormValues, { limit: LARGE_BODY_LIMIT_BYTES });
  const values = read.ok ? read.data : postFormValues.parse({});
  if (refused || !actor) return answerSave(db, values, refused!);
  const log = currentRuntime()?.log ?? pino({ enabled: false });
  const idempotencyKey = idempotencyKeyOf(request, read.ok ? read.form : null);
  return saveFromEditor({ db, log }, actor, values, { idempotencyKey });
}
