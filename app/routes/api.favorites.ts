import { data, redirect } from "react-router";
import { db } from "#server/db/client";
import { idempotencyKeyOf } from "#server/db/idempotency";
import { requireCan } from "~/features/accounts/permissions.server";
import { getSessionUser } from "~/features/accounts/session.server";
import { isSaved, toggleFavorite } from "~/features/favorites/favorites.server";
import { TEXT_FORM_LIMIT_BYTES, TOO_LARGE_MESSAGE } from "#server/http/limits";
import { readForm, readQuery } from "~/lib/read-input.server";
import { z } from "zod";
import { onceTextOrNull } from "~/lib/form-fields";
import { uuidSchema } from "~/lib/uuid";
import type { Route } from "./+types/api.favorites";

const noStore = { "Cache-Control": "private, no-store" };

/** GET ?postId=: one post's id. */
const savedQuery = z.object({ postId: uuidSchema });

/**
 * POST: postId, saved=true|false (absent: toggle), js, returnTo. The
 * idempotency key is read by idempotencyKeyOf, from the header or the form.
 */
const toggleForm = z.object({
  postId: uuidSchema,
  saved: z.preprocess(
    (value) => (value === undefined ? null : value),
    z.enum(["true", "false"]).nullable(),
  ),
  js: onceTextOrNull,
  returnTo: onceTextOrNull,
});

/** GET ?postId= → { saved } for the signed-in member (false for visitors). */
export async function loader({ request }: Route.LoaderArgs) {
  const query = readQuery(request, savedQuery);
  if (!query.ok) {
    return Response.json({ error: "Invalid request" }, { status: 400, headers: noStore });
  }
  const { postId } = query.data;
  const actor = await getSessionUser(request);
  const saved = actor ? await isSaved(db(), actor.id, postId) : false;
  return Response.json({ saved }, { headers: noStore });
}

/** A post page address to come back to (no-JavaScript forms). */
function returnPath(value: string | null): string {
  return value !== null && /^\/(post|[a-z0-9-]+)\/[a-z0-9-]+$/.test(value) ? value : "/favorites";
}

/**
 * POST postId, saved=true|false (absent: toggle), js=1 for a JSON answer;
 * a plain form goes back to returnTo. Visitors → /login, pending →
 * /pending-approval (the permissions module).
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Method not allowed" }, { status: 405 });
  const body = await readForm(request, toggleForm, { limit: TEXT_FORM_LIMIT_BYTES });
  const actor = await getSessionUser(request);
  const member = requireCan(actor, request, "favorite.toggle");
  if (!body.ok && body.problem === "too-large") {
    return data({ error: TOO_LARGE_MESSAGE }, { status: 413 });
  }
  if (!body.ok) return data({ error: "Invalid request" }, { status: 400 });
  const { postId, saved: wanted, js, returnTo } = body.data;
  const result = await toggleFavorite(
    db(),
    member,
    postId,
    wanted === null ? undefined : wanted === "true",
    { idempotencyKey: idempotencyKeyOf(request, body.form) },
  );
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  if (js !== "1") throw redirect(returnPath(returnTo));
  return data({ saved: result.saved }, { headers: noStore });
}
