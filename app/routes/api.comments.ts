import { data, redirect } from "react-router";
import { db } from "#server/db/client";
import { idempotencyKeyOf } from "#server/db/idempotency";
import { runtime } from "#server/runtime";
import { requireCan } from "~/features/accounts/permissions.server";
import { getSessionUser } from "~/features/accounts/session.server";
import {
  COMMENT_MESSAGES,
  createComment,
  deleteComment,
  listComments,
  toggleLike,
} from "~/features/comments/comments.server";
import { TEXT_FORM_LIMIT_BYTES, TOO_LARGE_MESSAGE } from "#server/http/limits";
import { readForm, readQuery } from "~/lib/read-input.server";
import { commentActionForm, commentsPageQuery } from "~/features/comments/comment-form.server";
import type { Route } from "./+types/api.comments";

const noStore = { "Cache-Control": "private, no-store" };

/**
 * GET ?postId=&offset=[&limit=] → { comments, hasMore, total }: 5 top-level
 * comments at a time, or `limit` (1 to 100: a refresh of what a page shows).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const query = readQuery(request, commentsPageQuery);
  if (!query.ok) {
    return Response.json({ error: "Invalid request" }, { status: 400, headers: noStore });
  }
  const { postId, offset, limit } = query.data;
  const viewer = await getSessionUser(request);
  const page = await listComments(db(), postId, viewer, { offset, limit });
  return Response.json(page, { headers: noStore });
}

/**
 * POST intent=create (postId, content, parentId?), delete (commentId), like
 * (commentId, liked=true|false). With js=1 the answer is JSON; a plain form
 * goes back to the post's Conversation section.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Method not allowed" }, { status: 405 });
  const body = await readForm(request, commentActionForm, { limit: TEXT_FORM_LIMIT_BYTES });
  if (!body.ok && body.problem === "too-large") {
    return data({ error: TOO_LARGE_MESSAGE }, { status: 413 });
  }
  if (!body.ok) return data({ error: "Invalid request" }, { status: 400 });
  const { js, intent, postId, content, parentId, commentId, liked, returnTo: back } = body.data;
  const actor = await getSessionUser(request);
  const log = (error: unknown) => runtime().log.error({ err: error }, "comment");

  if (intent === "create") {
    const member = requireCan(actor, request, "comment.create");
    const result = await createComment(
      db(),
      member,
      { postId, content, parentId },
      { log, idempotencyKey: idempotencyKeyOf(request, body.form) },
    );
    if (!result.ok) return data({ error: result.error }, { status: result.status });
    if (!js) throw redirect(`${back}?commented=1#comments-${postId}`);
    return data({ ok: true, id: result.id });
  }
  if (intent === "delete") {
    const member = requireCan(actor, request, "comment.delete");
    const result = await deleteComment(db(), member, commentId);
    if (!result.ok)
      return data({ error: COMMENT_MESSAGES.deleteFailed }, { status: result.status });
    if (!js) throw redirect(`${back}#comments`);
    return data({ ok: true });
  }
  if (intent === "like") {
    const member = requireCan(actor, request, "comment.like");
    const result = await toggleLike(db(), member, commentId, liked, {
      idempotencyKey: idempotencyKeyOf(request, body.form),
    });
    if (!result.ok) return data({ error: result.error }, { status: result.status });
    if (!js) throw redirect(`${back}#comments`);
    return data(result);
  }
  return data({ error: "Unknown action" }, { status: 400 });
}
