/**
 * /admin/redirects (docs/product/administration.md#redirects Redirects page,
 * docs/product/README.md#data-model URL redirect, redirect, redirects,
 * codes): the page's list, its form as read, and its POST (create, update
 * with the inline edit, delete, which asks first). The rows themselves, and
 * the loop check: redirects.server.ts.
 */
import { z } from "zod";
import type { Services } from "#server/services";
import { DEFAULT_REDIRECT_STATUS } from "#server/http/redirects";
import type { Actor } from "~/features/accounts/permissions";
import { isUuid } from "~/lib/uuid";
import { formText, onceText, onceTextOrNull } from "~/lib/read-input.server";
import {
  REDIRECT_MESSAGES,
  validateRedirect,
  type RedirectFormValues,
} from "~/features/import/redirect-rules";
import type { ConfirmStepData } from "./confirm-action";
import { donePageQuery, intentForm, messageFor } from "./page-input.server";
import { deleteRedirect, findRedirectById, listRedirects, saveRedirect } from "./redirects.server";

export {
  findLoop,
  landingPath,
  normaliseTarget,
  REDIRECT_MESSAGES,
  REDIRECT_NOTES_MAX,
  REDIRECT_PATH_MAX,
  redirectInputSchema,
  validateRedirect,
  type RedirectFormValues,
  type RedirectInput,
} from "~/features/import/redirect-rules";

export const EMPTY_REDIRECT_FORM: RedirectFormValues = {
  fromPath: "",
  toPath: "",
  statusCode: String(DEFAULT_REDIRECT_STATUS),
  notes: "",
};

/** The form as typed (a field sent twice counts as not sent), what the page shows again. */
export const redirectFormValues = z.object({
  fromPath: onceText(),
  toPath: onceText(),
  statusCode: onceText(String(DEFAULT_REDIRECT_STATUS)),
  notes: onceText(),
}) satisfies z.ZodType<RedirectFormValues>;

/** The page's POST as read: intent=create|update|delete, the row's id, confirmed=1, the form. */
export const redirectsActionForm = redirectFormValues.extend({
  ...intentForm.shape,
  id: onceTextOrNull,
});
export type RedirectsActionForm = z.output<typeof redirectsActionForm>;

export const REDIRECTS_PATH = "/admin/redirects";
const DONE = {
  created: REDIRECT_MESSAGES.created,
  updated: REDIRECT_MESSAGES.updated,
  deleted: REDIRECT_MESSAGES.deleted,
};

export type RedirectRow = {
  id: string;
  fromPath: string;
  toPath: string;
  statusCode: number;
  notes: string;
  createdBy: string | null;
  created: string;
};

export type RedirectsPageData = {
  rows: RedirectRow[];
  /** The row shown as a form (?edit=id). */
  editId: string | null;
  notice: string | null;
  question: string;
};

/** ?done= (after a change) and ?edit= (the row shown as a form). */
export const redirectsPageQuery = donePageQuery.extend({ edit: formText });
export type RedirectsPageQuery = z.output<typeof redirectsPageQuery>;

export async function loadRedirectsPage(
  { db }: Pick<Services, "db">,
  actor: Actor,
  { done, edit }: RedirectsPageQuery,
  formatDate: (date: Date) => string,
): Promise<RedirectsPageData> {
  const rows = await listRedirects(db, actor);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      fromPath: r.fromPath,
      toPath: r.toPath,
      statusCode: r.statusCode,
      notes: r.notes ?? "",
      createdBy: r.createdBy,
      created: formatDate(r.createdAt),
    })),
    editId: edit && rows.some((r) => r.id === edit) ? edit : null,
    notice: messageFor(DONE, done),
    question: REDIRECT_MESSAGES.deleteQuestion,
  };
}

/** What a change answers (app/pipeline/action.server.ts sends it). */
export type RedirectsActionResult =
  | { ok: true; redirect: string }
  | {
      ok: false;
      status: number;
      error: string;
      /** What was typed: the add form's, or the edited row's. */
      values: RedirectFormValues | null;
      editId: string | null;
    }
  | {
      ok: true;
      /** Delete without confirmed=1: the question first. */
      confirmStep: ConfirmStepData;
    };

type PageServices = Pick<Services, "db" | "config">;

/** A refusal that keeps nothing typed (the row is gone, or the intent unknown). */
const refused = (status: number, error: string) =>
  ({ ok: false, status, error, values: null, editId: null }) as const;

/** intent=create|update: the form checked, then saved; a refusal keeps what was typed. */
async function saveFromForm(
  { db, config }: PageServices,
  actor: Actor,
  intent: "create" | "update",
  form: RedirectsActionForm,
): Promise<RedirectsActionResult> {
  const { id } = form;
  const values: RedirectFormValues = {
    fromPath: form.fromPath,
    toPath: form.toPath,
    statusCode: form.statusCode,
    notes: form.notes,
  };
  const editId = intent === "update" ? id : null;
  const failed =
    intent === "create" ? REDIRECT_MESSAGES.createFailed : REDIRECT_MESSAGES.updateFailed;
  if (intent === "update" && (!id || !isUuid(id))) {
    return refused(404, failed(REDIRECT_MESSAGES.notFound));
  }
  const valid = validateRedirect(values);
  if (!valid.ok) {
    // The spec's own text for missing fields; the others inside its alert.
    const error = valid.error === REDIRECT_MESSAGES.missing ? valid.error : failed(valid.error);
    return { ok: false, status: 400, error, values, editId };
  }
  const result = await saveRedirect(db, actor, editId, valid.input, {
    siteOrigin: config.siteUrl,
  });
  if (!result.ok) return { ok: false, status: result.status, error: result.error, values, editId };
  const done = intent === "create" ? "created" : "updated";
  return { ok: true, redirect: `${REDIRECTS_PATH}?done=${done}` };
}

/** intent=delete with id: confirmed=1 deletes, else the question first. */
async function deleteFromForm(
  { db }: PageServices,
  actor: Actor,
  { id, confirmed }: RedirectsActionForm,
): Promise<RedirectsActionResult> {
  const notFound = REDIRECT_MESSAGES.deleteFailed(REDIRECT_MESSAGES.notFound);
  if (!id || !isUuid(id)) return refused(404, notFound);
  if (confirmed !== "1") {
    const target = await findRedirectById(db, actor, id);
    if (!target) return refused(404, notFound);
    return {
      ok: true,
      confirmStep: {
        heading: `Delete the redirect from ${target.fromPath} to ${target.toPath}?`,
        question: REDIRECT_MESSAGES.deleteQuestion,
        yes: "Yes, delete",
        action: REDIRECTS_PATH,
        fields: { intent: "delete", id },
      },
    };
  }
  const result = await deleteRedirect(db, actor, id);
  if (!result.ok) return refused(result.status, result.error);
  return { ok: true, redirect: `${REDIRECTS_PATH}?done=deleted` };
}

/**
 * POST intent=create (fromPath, toPath, statusCode, notes); intent=update
 * (id and the same); intent=delete (id, confirmed=1, else a confirmation
 * step). Success goes back to the page (PRG); failures answer 4xx with the
 * spec's alert, keeping what was typed.
 */
export async function runRedirectsAction(
  services: PageServices,
  actor: Actor,
  form: RedirectsActionForm,
): Promise<RedirectsActionResult> {
  const { intent } = form;
  if (intent === "create" || intent === "update") {
    return saveFromForm(services, actor, intent, form);
  }
  if (intent === "delete") return deleteFromForm(services, actor, form);
  return refused(400, "Invalid request: choose create, update or delete");
}
