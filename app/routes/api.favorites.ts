import { data, redirect } from "react-router";
import { db } from "#server/db/client";
import { idempotencyKeyOf } from "#server/db/idempotency";
import { requireCan } from "~/features/accounts/permissions.server";
import { getSessionUser } from "~/features/accounts/session.server";
import { isUuid } from "~/lib/uuid";
import { isSaved, toggleFavorite } from "~/features/favorites/favorites.server";
import { TEXT_FORM_LIMIT_BYTES, TOO_LARGE_MESSAGE } from "#server/http/limits";
import { anyFields, readForm } from "~/lib/read-input.server";
import type { Route } from "./+types/api.favorites";

const noStore = { "Cache-Control": "private, no-store" };

/** GET ?postId= → { saved } for the signed-in member (false for visitors). */
export async function loader({ request }: Route.LoaderArgs) {
  const postId = new URL(request.url).searchParams.get("postId");
  if (!isUuid(postId)) {
    return Response.json({ error: "Invalid request" }, { status: 400, headers: noStore });
  }
  const actor = await getSessionUser(request);
  const saved = actor ? await isSaved(db(), actor.id, postId) : false;
  return Response.json({ saved }, { headers: noStore });
}

/** A post page address to come back to (no-JavaScript forms). */
function returnPath(value: FormDataEntryValue | null): string {
  return typeof value === "string" && /^\/(post|[a-z0-9-]+)\/[a-z0-9-]+$/.test(value)
    ? value
    : "/favorites";
}

/**
 * POST postId, saved=true|false (absent: toggle), js=1 for a JSON answer;
 * a plain form goes back to returnTo. Visitors → /login, pending →
 * /pending-approval (the permissions module).
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Method not allowed" }, { status: 405 });
  const body = await readForm(request, anyFields, { limit: TEXT_FORM_LIMIT_BYTES });
  const actor = await getSessionUser(request);
  const member = requireCan(actor, request, "favorite.toggle");
  if (!body.ok && body.problem === "too-large") {
    return data({ error: TOO_LARGE_MESSAGE }, { status: 413 });
  }
  const form = body.ok ? body.form : null;
  if (!form) return data({ error: "Invalid request" }, { status: 400 });
  const postId = form.get("postId");
  const wanted = form.get("saved");
  if (!isUuid(postId) || (wanted !== null && wanted !== "true" && wanted !== "false")) {
    return data({ error: "Invalid request" }, { status: 400 });
  }
  const result = await toggleFavorite(
    db(),
    member,
    postId,
    wanted === null ? undefined : wanted === "true",
    { idempotencyKey: idempotencyKeyOf(request, form) },
  );
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  if (form.get("js") !== "1") throw redirect(returnPath(form.get("returnTo")));
  return data({ saved: result.saved }, { headers: noStore });
}
