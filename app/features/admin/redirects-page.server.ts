/**
 * /admin/redirects (docs/product/administration.md#redirects Redirects page, docs/product/README.md#data-model URL redirect, redirect,
 * redirects, codes): the list newest first, create, update (inline
 * edit), delete. Admins only; each change is recorded in the audit trail in
 * its transaction; the server answers the redirects (server/http/redirects.ts).
 *
 * Refused when saved: a from path that is not a plain site path, or is under
 * a reserved prefix (/admin, /api, …); a to path that is neither a site path
 * nor an http(s) URL; a redirect to itself; and any redirect that would close
 * a loop with the others (A → B when B → A, or longer chains). The check and
 * the write run under a table lock, so two admins cannot build a loop at once.
 */
import { desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { invalidateLocal } from "#server/cache/cache";
import type { Database } from "#server/db/client";
import type { Services } from "#server/services";
import { profiles, urlRedirects } from "#server/db/schema";
import { DEFAULT_REDIRECT_STATUS, normalisePath } from "#server/http/redirects";
import type { Actor } from "~/features/accounts/permissions";
import { assertCan } from "~/features/accounts/permissions.server";
import { isUniqueViolation, messageOf } from "#server/db/errors";
import { recordAdminAction } from "~/features/audit/audit.server";
import { isUuid } from "~/lib/uuid";
import { formText, onceText, onceTextOrNull } from "~/lib/read-input.server";

import {
  findLoop,
  landingPath,
  REDIRECT_MESSAGES,
  validateRedirect,
  type RedirectFormValues,
  type RedirectInput,
} from "~/features/import/redirect-rules";

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
  intent: onceTextOrNull,
  id: onceTextOrNull,
  confirmed: formText,
});
export type RedirectsActionForm = z.output<typeof redirectsActionForm>;

export type AdminRedirect = {
  id: string;
  fromPath: string;
  toPath: string;
  statusCode: number;
  notes: string | null;
  createdBy: string | null;
  createdAt: Date;
};

/** Every redirect, newest first (docs/product/administration.md#redirects). */
export async function listRedirects(
  db: Database,
  actor: Actor | null | undefined,
): Promise<AdminRedirect[]> {
  assertCan(actor, "admin.access");
  return db
    .select({
      id: urlRedirects.id,
      fromPath: urlRedirects.fromPath,
      toPath: urlRedirects.toPath,
      statusCode: urlRedirects.statusCode,
      notes: urlRedirects.notes,
      createdBy: profiles.username,
      createdAt: urlRedirects.createdAt,
    })
    .from(urlRedirects)
    .leftJoin(profiles, eq(profiles.id, urlRedirects.createdBy))
    .orderBy(desc(urlRedirects.createdAt), desc(urlRedirects.id));
}

export async function findRedirectById(db: Database, actor: Actor | null | undefined, id: string) {
  assertCan(actor, "admin.access");
  const [row] = await db
    .select({ id: urlRedirects.id, fromPath: urlRedirects.fromPath, toPath: urlRedirects.toPath })
    .from(urlRedirects)
    .where(eq(urlRedirects.id, id));
  return row ?? null;
}

export type RedirectResult =
  { ok: true; id: string } | { ok: false; status: 400 | 403 | 404 | 409 | 500; error: string };

class Refused extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Creates (id null) or updates a redirect, refusing self-redirects and loops.
 * `siteOrigin` makes absolute URLs on the site count in the loop check.
 */
export async function saveRedirect(
  db: Database,
  actor: Actor | null | undefined,
  id: string | null,
  input: RedirectInput,
  options: { siteOrigin?: string } = {},
): Promise<RedirectResult> {
  const failed = id === null ? REDIRECT_MESSAGES.createFailed : REDIRECT_MESSAGES.updateFailed;
  assertCan(actor, "admin.access");
  if (landingPath(input.toPath, options.siteOrigin) === input.fromPath) {
    return { ok: false, status: 400, error: failed(REDIRECT_MESSAGES.self) };
  }
  try {
    const savedId = await db.transaction(async (tx) => {
      // One writer at a time: the loop check reads what the others wrote.
      await tx.execute(sql`LOCK TABLE ${urlRedirects} IN SHARE ROW EXCLUSIVE MODE`);
      const rows = await tx
        .select({
          id: urlRedirects.id,
          fromPath: urlRedirects.fromPath,
          toPath: urlRedirects.toPath,
        })
        .from(urlRedirects);
      const before = id === null ? undefined : rows.find((r) => r.id === id);
      if (id !== null && !before) throw new Refused(404, REDIRECT_MESSAGES.notFound);
      const others = new Map<string, string>();
      for (const row of rows) {
        if (row.id === id) continue;
        const from = normalisePath(row.fromPath);
        if (from) others.set(from, row.toPath);
      }
      if (others.has(input.fromPath)) throw new Refused(409, REDIRECT_MESSAGES.duplicate);
      const loop = findLoop(others, input.fromPath, input.toPath, options.siteOrigin);
      if (loop) throw new Refused(409, REDIRECT_MESSAGES.loop(loop));

      let savedId: string;
      if (id === null) {
        const [row] = await tx
          .insert(urlRedirects)
          .values({ ...input, createdBy: actor.id })
          .returning({ id: urlRedirects.id });
        savedId = row!.id;
      } else {
        await tx
          .update(urlRedirects)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(urlRedirects.id, id));
        savedId = id;
      }
      await recordAdminAction(tx, actor, {
        action: id === null ? "redirect.create" : "redirect.update",
        targetType: "redirect",
        targetId: savedId,
        targetLabel: input.fromPath,
        details:
          id === null
            ? { toPath: input.toPath, statusCode: input.statusCode }
            : {
                before: { fromPath: before!.fromPath, toPath: before!.toPath },
                toPath: input.toPath,
                statusCode: input.statusCode,
              },
      });
      return savedId;
    });
    // Other instances hear the table's NOTIFY; this one need not wait for it.
    invalidateLocal(["redirects"]);
    return { ok: true, id: savedId };
  } catch (error) {
    if (error instanceof Refused) {
      return { ok: false, status: error.status, error: failed(error.message) };
    }
    if (isUniqueViolation(error)) {
      return { ok: false, status: 409, error: failed(REDIRECT_MESSAGES.duplicate) };
    }
    return { ok: false, status: 500, error: failed(messageOf(error)) };
  }
}

export async function deleteRedirect(
  db: Database,
  actor: Actor | null | undefined,
  id: string,
): Promise<RedirectResult> {
  assertCan(actor, "admin.access");
  try {
    const deleted = await db.transaction(async (tx) => {
      const [row] = await tx.delete(urlRedirects).where(eq(urlRedirects.id, id)).returning({
        id: urlRedirects.id,
        fromPath: urlRedirects.fromPath,
        toPath: urlRedirects.toPath,
      });
      if (!row) return null;
      await recordAdminAction(tx, actor, {
        action: "redirect.delete",
        targetType: "redirect",
        targetId: row.id,
        targetLabel: row.fromPath,
        details: { toPath: row.toPath },
      });
      return row.id;
    });
    if (!deleted) {
      return {
        ok: false,
        status: 404,
        error: REDIRECT_MESSAGES.deleteFailed(REDIRECT_MESSAGES.notFound),
      };
    }
    invalidateLocal(["redirects"]);
    return { ok: true, id: deleted };
  } catch (error) {
    return { ok: false, status: 500, error: REDIRECT_MESSAGES.deleteFailed(messageOf(error)) };
  }
}

// ------------------------------------------------------------- the page

export const REDIRECTS_PATH = "/admin/redirects";
const DONE = {
  created: REDIRECT_MESSAGES.created,
  updated: REDIRECT_MESSAGES.updated,
  deleted: REDIRECT_MESSAGES.deleted,
} as const;

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
export const redirectsPageQuery = z.object({ done: formText, edit: formText });
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
    notice: done && Object.hasOwn(DONE, done) ? DONE[done as keyof typeof DONE] : null,
    question: REDIRECT_MESSAGES.deleteQuestion,
  };
}

/** What a change answers (app/lib/action.server.ts sends it). */
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
      confirmStep: {
        heading: string;
        question: string;
        yes: string;
        action: string;
        fields: Record<string, string>;
      };
    };

/**
 * POST intent=create (fromPath, toPath, statusCode, notes); intent=update
 * (id and the same); intent=delete (id, confirmed=1, else a confirmation
 * step). Success goes back to the page (PRG); failures answer 4xx with the
 * spec's alert, keeping what was typed.
 */
export async function runRedirectsAction(
  { db, config }: Pick<Services, "db" | "config">,
  actor: Actor,
  form: RedirectsActionForm,
): Promise<RedirectsActionResult> {
  const options = { siteOrigin: config.siteUrl };
  const { intent, id } = form;
  if (intent === "create" || intent === "update") {
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
      return {
        ok: false,
        status: 404,
        error: failed(REDIRECT_MESSAGES.notFound),
        values: null,
        editId: null,
      };
    }
    const valid = validateRedirect(values);
    if (!valid.ok) {
      // The spec's own text for missing fields; the others inside its alert.
      const error = valid.error === REDIRECT_MESSAGES.missing ? valid.error : failed(valid.error);
      return { ok: false, status: 400, error, values, editId };
    }
    const result = await saveRedirect(db, actor, editId, valid.input, options);
    if (!result.ok)
      return { ok: false, status: result.status, error: result.error, values, editId };
    return {
      ok: true,
      redirect: `${REDIRECTS_PATH}?done=${intent === "create" ? "created" : "updated"}`,
    };
  }
  if (intent === "delete") {
    const notFound = REDIRECT_MESSAGES.deleteFailed(REDIRECT_MESSAGES.notFound);
    if (!id || !isUuid(id))
      return { ok: false, status: 404, error: notFound, values: null, editId: null };
    if (form.confirmed !== "1") {
      const target = await findRedirectById(db, actor, id);
      if (!target) return { ok: false, status: 404, error: notFound, values: null, editId: null };
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
    if (!result.ok)
      return {
        ok: false,
        status: result.status,
        error: result.error,
        values: null,
        editId: null,
      };
    return { ok: true, redirect: `${REDIRECTS_PATH}?done=deleted` };
  }
  return {
    ok: false,
    status: 400,
    error: "Invalid request: choose create, update or delete",
    values: null,
    editId: null,
  };
}
