/**
 * The site's URL redirects (docs/product/administration.md#redirects): the
 * list newest first, create, update, delete. Admins only; each change is
 * recorded in the audit trail in its transaction; the server answers the
 * redirects (server/http/redirects.ts).
 *
 * Refused when saved: a redirect to itself, and any redirect that would close
 * a loop with the others (A → B when B → A, or longer chains). The check and
 * the write run under a table lock, so two admins cannot build a loop at once.
 * What a path may be: ~/features/import/redirect-rules (validateRedirect).
 */
import { desc, eq, sql } from "drizzle-orm";
import { invalidateLocal } from "#server/cache/cache";
import type { Database } from "#server/db/client";
import { profiles, urlRedirects } from "#server/db/schema";
import { normalisePath } from "#server/http/redirects";
import type { Actor } from "~/features/accounts/permissions";
import { assertCan } from "~/features/accounts/permissions.server";
import { isUniqueViolation, messageOf } from "#server/db/errors";
import { recordAdminAction } from "~/features/audit/audit.server";
import {
  findLoop,
  landingPath,
  REDIRECT_MESSAGES,
  type RedirectInput,
} from "~/features/import/redirect-rules";

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
