/**
 * /admin/redirects (spec 2 §2 Redirects page, §3 URL redirect, §5 redirect,
 * §8 redirects, §9 codes): the list newest first, create, update (inline
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
import { profiles, urlRedirects } from "#server/db/schema";
import {
  DEFAULT_REDIRECT_STATUS,
  isReservedPath,
  normalisePath,
  REDIRECT_STATUS_CODES,
  RESERVED_PREFIXES,
  type RedirectStatus,
} from "#server/http/redirects";
import type { Actor } from "~/features/accounts/permissions";
import { assertCan } from "~/features/accounts/permissions.server";
import { isUniqueViolation, messageOf } from "#server/db/errors";
import { hidesSitePage } from "~/features/import/import.server";
import { recordAdminAction } from "~/features/audit/audit.server";
import { isUuid } from "~/lib/uuid";
import { formText, onceText, onceTextOrNull, readQuery } from "~/lib/read-input.server";

export const REDIRECT_PATH_MAX = 2000;
export const REDIRECT_NOTES_MAX = 500;

export const REDIRECT_MESSAGES = {
  /** Spec 2 §5 and §8. */
  missing: "Please fill in both From Path and To Path",
  deleteQuestion: "Are you sure you want to delete this redirect?",
  empty: "No redirects configured yet",
  createFailed: (message: string) => `Error creating redirect: ${message}`,
  updateFailed: (message: string) => `Error updating redirect: ${message}`,
  deleteFailed: (message: string) => `Error deleting redirect: ${message}`,
  /** Ours: the {message} of those alerts, and the successes. */
  badFrom: "From Path must be a path on this site starting with / (without ? or #)",
  reservedFrom: `From Path cannot be under ${RESERVED_PREFIXES.join(", ")}`,
  sitePageFrom: "From Path is one of the site's own pages: a redirect there would hide it",
  badTo: "To Path must be a path on this site starting with / or an http(s) URL",
  tooLong: `Paths must be at most ${REDIRECT_PATH_MAX} characters`,
  notesTooLong: `Notes must be at most ${REDIRECT_NOTES_MAX} characters`,
  badStatus: "Status code must be 301, 302, 307 or 308",
  self: "From Path and To Path are the same page",
  loop: (chain: string[]) => `This redirect would create a loop: ${chain.join(" → ")}`,
  duplicate: "A redirect from this path already exists",
  notFound: "Redirect not found",
  forbidden: "Permission denied: only admins can do this",
  created: "Redirect created successfully!",
  updated: "Redirect updated successfully!",
  deleted: "Redirect deleted successfully!",
} as const;

export type RedirectFormValues = {
  fromPath: string;
  toPath: string;
  statusCode: string;
  notes: string;
};

export const EMPTY_REDIRECT_FORM: RedirectFormValues = {
  fromPath: "",
  toPath: "",
  statusCode: String(DEFAULT_REDIRECT_STATUS),
  notes: "",
};

export type RedirectInput = {
  fromPath: string;
  toPath: string;
  statusCode: RedirectStatus;
  notes: string | null;
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

/** A site path or an http(s) URL, as stored (trimmed; a site path normalised but its query kept). */
export function normaliseTarget(raw: string): string | null {
  const to = raw.trim();
  if (!to || /\s|\\/.test(to)) return null;
  if (to.startsWith("/")) {
    if (to.startsWith("//")) return null;
    const cut = to.search(/[?#]/);
    const path = normalisePath(cut === -1 ? to : to.slice(0, cut));
    return path === null ? null : path + (cut === -1 ? "" : to.slice(cut));
  }
  try {
    const url = new URL(to);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) return null;
    return to;
  } catch {
    return null;
  }
}

/**
 * The site path a target lands on (its query and fragment ignored), or null
 * when it leaves the site. An absolute URL on the site's own origin counts as
 * the site.
 */
export function landingPath(toPath: string, siteOrigin?: string): string | null {
  if (toPath.startsWith("/")) {
    const cut = toPath.search(/[?#]/);
    return normalisePath(cut === -1 ? toPath : toPath.slice(0, cut));
  }
  if (!siteOrigin) return null;
  try {
    const url = new URL(toPath);
    return url.origin === new URL(siteOrigin).origin ? normalisePath(url.pathname) : null;
  } catch {
    return null;
  }
}

/** A value made by `make`, or the issue `message` when it gives null. */
const madeBy = (make: (raw: string) => string | null, message: string) =>
  z.string().transform((raw, ctx) => {
    const made = make(raw);
    if (made !== null) return made;
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });

/**
 * The redirect checked: both paths first (the spec's message), then their
 * length, then each field in the form's order.
 */
export const redirectInputSchema = z
  .object({
    fromPath: z.string().trim(),
    toPath: z.string().trim(),
    statusCode: z.string(),
    notes: z.string().trim(),
  })
  .refine((v) => v.fromPath !== "" && v.toPath !== "", {
    message: REDIRECT_MESSAGES.missing,
    abort: true,
  })
  .refine((v) => v.fromPath.length <= REDIRECT_PATH_MAX && v.toPath.length <= REDIRECT_PATH_MAX, {
    message: REDIRECT_MESSAGES.tooLong,
    abort: true,
  })
  .pipe(
    z.object({
      fromPath: madeBy(normalisePath, REDIRECT_MESSAGES.badFrom)
        .refine((path) => !isReservedPath(path), REDIRECT_MESSAGES.reservedFrom)
        // The import's rule (docs/decisions/0119): never in front of a page of the site's.
        .refine((path) => !hidesSitePage(path), REDIRECT_MESSAGES.sitePageFrom),
      toPath: madeBy(normaliseTarget, REDIRECT_MESSAGES.badTo),
      statusCode: z
        .string()
        .transform((v) => Number(v || DEFAULT_REDIRECT_STATUS))
        .refine(
          (code): code is RedirectStatus =>
            (REDIRECT_STATUS_CODES as readonly number[]).includes(code),
          REDIRECT_MESSAGES.badStatus,
        ),
      notes: z
        .string()
        .refine((v) => [...v].length <= REDIRECT_NOTES_MAX, REDIRECT_MESSAGES.notesTooLong)
        .transform((v) => v || null),
    }),
  ) satisfies z.ZodType<RedirectInput, RedirectFormValues>;

export function validateRedirect(
  values: RedirectFormValues,
): { ok: true; input: RedirectInput } | { ok: false; error: string } {
  const parsed = redirectInputSchema.safeParse(values);
  return parsed.success
    ? { ok: true, input: parsed.data }
    : { ok: false, error: parsed.error.issues[0]!.message };
}

/**
 * The chain that `from → to` would close with the existing redirects
 * (from → … → from), or null when it ends somewhere else.
 */
export function findLoop(
  existing: ReadonlyMap<string, string>,
  from: string,
  to: string,
  siteOrigin?: string,
): string[] | null {
  const chain = [from];
  const seen = new Set<string>([from]);
  let next = landingPath(to, siteOrigin);
  while (next !== null) {
    chain.push(next);
    if (next === from) return chain;
    // A loop among the others (refused when saved, so only if written by hand) is not ours.
    if (seen.has(next)) return null;
    seen.add(next);
    const target = existing.get(next);
    next = target === undefined ? null : landingPath(target, siteOrigin);
  }
  return null;
}

export type AdminRedirect = {
  id: string;
  fromPath: string;
  toPath: string;
  statusCode: number;
  notes: string | null;
  createdBy: string | null;
  createdAt: Date;
};

/** Every redirect, newest first (spec 2 §7). */
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
          .values({ ...input, createdBy: actor!.id })
          .returning({ id: urlRedirects.id });
        savedId = row!.id;
      } else {
        await tx
          .update(urlRedirects)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(urlRedirects.id, id));
        savedId = id;
      }
      await recordAdminAction(tx, actor!, {
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
      await recordAdminAction(tx, actor!, {
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
const redirectsPageQuery = z.object({ done: formText, edit: formText });

export async function loadRedirectsPage(
  db: Database,
  actor: Actor,
  request: Request,
  formatDate: (date: Date) => string,
): Promise<RedirectsPageData> {
  const query = readQuery(request, redirectsPageQuery);
  const { done, edit } = query.ok ? query.data : { done: "", edit: "" };
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

export type RedirectsActionResult =
  | { kind: "redirect"; to: string }
  | {
      kind: "error";
      status: number;
      error: string;
      /** What was typed: the add form's, or the edited row's. */
      values: RedirectFormValues | null;
      editId: string | null;
    }
  | {
      kind: "confirm";
      step: {
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
  db: Database,
  actor: Actor,
  form: RedirectsActionForm,
  options: { siteOrigin?: string } = {},
): Promise<RedirectsActionResult> {
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
        kind: "error",
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
      return { kind: "error", status: 400, error, values, editId };
    }
    const result = await saveRedirect(db, actor, editId, valid.input, options);
    if (!result.ok)
      return { kind: "error", status: result.status, error: result.error, values, editId };
    return {
      kind: "redirect",
      to: `${REDIRECTS_PATH}?done=${intent === "create" ? "created" : "updated"}`,
    };
  }
  if (intent === "delete") {
    const notFound = REDIRECT_MESSAGES.deleteFailed(REDIRECT_MESSAGES.notFound);
    if (!id || !isUuid(id))
      return { kind: "error", status: 404, error: notFound, values: null, editId: null };
    if (form.confirmed !== "1") {
      const target = await findRedirectById(db, actor, id);
      if (!target)
        return { kind: "error", status: 404, error: notFound, values: null, editId: null };
      return {
        kind: "confirm",
        step: {
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
        kind: "error",
        status: result.status,
        error: result.error,
        values: null,
        editId: null,
      };
    return { kind: "redirect", to: `${REDIRECTS_PATH}?done=deleted` };
  }
  return {
    kind: "error",
    status: 400,
    error: "Invalid request: choose create, update or delete",
    values: null,
    editId: null,
  };
}
