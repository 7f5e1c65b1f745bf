/**
 * A save from the editor's pages (Publish, Save as draft, autosave), driven
 * in-process through the route's own action (app/routes/editor-save.server.ts,
 * docs/decisions/0216) with a test context: the form as a Request, the member
 * as the session would give it. A redirect comes back thrown, as from the
 * action; anything else is the action's data().
 */
import pino from "pino";
import type { Database } from "../../server/db/client";
import type { Actor } from "~/features/accounts/permissions";
import { sessionUserOf } from "./session-user";
import { testServices } from "~/lib/services.server";
import { testContext } from "~/pipeline/test-context.server";
import { editorSaveAction } from "~/routes/editor-save.server";

export function saveInEditor(db: Database, actor: Actor | null, request: Request) {
  const services = testServices({ db, log: pino({ enabled: false }) });
  const context = testContext({ services, actor: actor && sessionUserOf(actor) });
  return editorSaveAction({ request, params: {}, context });
}
