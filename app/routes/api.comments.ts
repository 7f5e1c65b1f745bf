import { data, redirect } from "react-router";
import { db } from "#server/db/client";
import { idempotencyKeyOf } from "#server/db/idempotency";
import { runtime } from "#server/runtime";
import { requireCan } from "~/features/accounts/permissions.server";
import { getSessionUser } from "~/features/accounts/session.server";
import {
  COMMENT_MESSAGES,
  COMMENTS_MAX_SHOWN,
  COMMENTS_PAGE,
  createComment,
  deleteComment,
  listComments,
  toggleLike,
} from "~/features/comments/comments.server";
import { TEXT_FORM_LIMIT_BYTES, TOO_LARGE_MESSAGE } from "#server/http/limits";
import { anyFields, readForm, textOf } from "~/lib/read-input.server";
import { isUuid } from "~/lib/uuid";
import type { Route } from "./+types/api.comments";

const noStore = { "Cache-Control": "private, no-store" };

/**
 * GET ?postId=&offset=[&limit=] → { comments, hasMore, total }: 5 top-level
 * comments at a time, or `limit` (1 to 100: a refresh of what a page shows).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const postId = url.searchParams.get("postId");
  const offset = Number(url.searchParams.get("offset") ?? 0);
  const limit = Number(url.searchParams.get("limit") ?? COMMENTS_PAGE);
  if (
    !isUuid(postId) ||
    !Number.isInteger(offset) ||
    offset < 0 ||
    offset > 100_000 ||
    !Number.isInteger(limit) ||
    limit < 1 ||
    limit > COMMENTS_MAX_SHOWN
  ) {
    return Response.json({ error: "Invalid request" }, { status: 400, headers: noStore });
  }
  const viewer = await getSessionUser(request);
  const page = await listComments(db(), postId, viewer, { offset, limit });
  return Response.json(page, { headers: noStore });
}

/** A post page address to come back to (no-JavaScript forms). */
function returnPath(value: FormDataEntryValue | null): string {
  return typeof value === "string" && /^\/post\/[a-z0-9-]+$/.test(value) ? value : "/";
}

/**
 * POST intent=create (postId, content, parentId?), delete (commentId), like
 * (commentId, liked=true|false). With js=1 the answer is JSON; a plain form
 * goes back to the post's Conversation section.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Method not allowed" }, { status: 405 });
  const body = await readForm(request, anyFields, { limit: TEXT_FORM_LIMIT_BYTES });
  if (!body.ok && body.problem === "too-large") {
    return data({ error: TOO_LARGE_MESSAGE }, { status: 413 });
  }
  const form = body.ok ? body.form : null;
  if (!form) return data({ error: "Invalid request" }, { status: 400 });
  const field = (name: string) => textOf(form, name);
  const js = field("js") === "1";
  const intent = field("intent");
  const actor = await getSessionUser(request);
  const log = (error: unknown) => runtime().log.error({ err: error }, "comment");
  const back = returnPath(form.get("returnTo"));

  if (intent === "create") {
    const member = requireCan(actor, request, "comment.create");
    const result = await createComment(
      db(),
      member,
      { postId: field("postId"), content: field("content"), parentId: field("parentId") || null },
      { log, idempotencyKey: idempotencyKeyOf(request, form) },
    );
    if (!result.ok) return data({ error: result.error }, { status: result.status });
    if (!js) throw redirect(`${back}?commented=1#comments-${field("postId")}`);
    return data({ ok: true, id: result.id });
  }
  if (intent === "delete") {
    const member = requireCan(actor, request, "comment.delete");
    const result = await deleteComment(db(), member, field("commentId"));
    if (!result.ok)
      return data({ error: COMMENT_MESSAGES.deleteFailed }, { status: result.status });
    if (!js) throw redirect(`${back}#comments`);
    return data({ ok: true });
  }
  if (intent === "like") {
    const member = requireCan(actor, request, "comment.like");
    const liked = field("liked");
    const result = await toggleLike(
      db(),
      member,
      field("commentId"),
      liked === "true" ? true : liked === "false" ? false : undefined,
      { idempotencyKey: idempotencyKeyOf(request, form) },
    );
    if (!result.ok) return data({ error: result.error }, { status: result.status });
    if (!js) throw redirect(`${back}#comments`);
    return data(result);
  }
  return data({ error: "Unknown action" }, { status: 400 });
}
