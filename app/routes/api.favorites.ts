import { idempotencyKeyOf } from "#server/db/idempotency";
import { isSaved, toggleFavorite } from "~/features/favorites/favorites.server";
import { readQuery } from "~/lib/read-input.server";
import { services } from "~/lib/services.server";
import { defineAction, INVALID_REQUEST, noStore } from "~/pipeline/action.server";
import { sessionOf } from "~/pipeline/guards.server";
import { z } from "zod";
import { onceTextOrNull } from "~/lib/form-fields";
import { uuidSchema } from "~/lib/uuid";
import type { Route } from "./+types/api.favorites";

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
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readQuery(request, savedQuery);
  if (!query.ok) {
    return Response.json({ error: INVALID_REQUEST }, { status: 400, headers: noStore });
  }
  const { postId } = query.data;
  const viewer = await sessionOf(context, request);
  const saved = viewer ? await isSaved(services(context).db, viewer.id, postId) : false;
  return Response.json({ saved }, { headers: noStore });
}

/** A post page address to come back to (no-JavaScript forms). */
function returnPath(value: string | null): string {
  return value !== null && /^\/(post|[a-z0-9-]+)\/[a-z0-9-]+$/.test(value) ? value : "/favorites";
}

/**
 * POST postId, saved=true|false (absent: toggle), js=1 for a JSON answer;
 * a plain form goes back to returnTo. Visitors → /login, pending →
 * /pending-approval, before the body is read (app/pipeline/action.server.ts).
 * The JSON answer is `{ saved }`, as the page's script and a retried toggle
 * have always read it (the helper sends a success without its `ok`).
 */
export const action = defineAction({
  permission: "favorite.toggle",
  schema: toggleForm,
  run: async ({ db }, actor, { postId, saved: wanted, js, returnTo }, extra) => {
    const result = await toggleFavorite(
      db,
      actor,
      postId,
      wanted === null ? undefined : wanted === "true",
      { idempotencyKey: idempotencyKeyOf(extra.request, extra.form) },
    );
    if (!result.ok) return { ok: false, status: result.status, error: result.error };
    if (js !== "1") return { ok: true, redirect: returnPath(returnTo) };
    return { ok: true, saved: result.saved };
  },
});
