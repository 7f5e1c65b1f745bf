import { idempotencyKeyOf } from "#server/db/idempotency";
import {
  COMMENT_MESSAGES,
  createComment,
  deleteComment,
  listComments,
  toggleLike,
} from "~/features/comments/comments.server";
import { commentActionForm, commentsPageQuery } from "~/features/comments/comment-form.server";
import { readQuery } from "~/lib/read-input.server";
import { services } from "~/lib/services.server";
import { defineIntents, intent, INVALID_REQUEST, noStore } from "~/pipeline/action.server";
import { sessionOf } from "~/pipeline/guards.server";
import type { Route } from "./+types/api.comments";

/**
 * GET ?postId=&offset=[&limit=] → { comments, hasMore, total }: 5 top-level
 * comments at a time, or `limit` (1 to 100: a refresh of what a page shows).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readQuery(request, commentsPageQuery);
  if (!query.ok) {
    return Response.json({ error: INVALID_REQUEST }, { status: 400, headers: noStore });
  }
  const { postId, offset, limit, around } = query.data;
  const viewer = await sessionOf(context, request);
  const page = await listComments(services(context).db, postId, viewer, {
    offset,
    limit,
    around,
  });
  return Response.json(page, { headers: noStore });
}

/**
 * POST intent=create (postId, content, parentId?), delete (commentId), like
 * (commentId, liked=true|false). With js=1 the answer is JSON; a plain form
 * goes back to the post's Conversation section. Visitors (and blocked
 * members) go to /login, pending members to /pending-approval, before the
 * body is read (app/pipeline/action.server.ts). The JSON answers carry
 * `ok: true`, as the comments script has always read them (`wire: "ok"`).
 */
export const action = defineIntents({
  wire: "ok",
  intents: {
    create: intent({
      permission: "comment.create",
      schema: commentActionForm,
      run: async ({ db, log, jobs }, actor, { js, postId, content, parentId, returnTo }, extra) => {
        const result = await createComment(
          db,
          actor,
          { postId, content, parentId },
          {
            log: (error: unknown) => log.error({ err: error }, "comment"),
            idempotencyKey: idempotencyKeyOf(extra.request, extra.form),
            jobs,
          },
        );
        if (!result.ok) return { ok: false, status: result.status, error: result.error };
        if (!js) return { ok: true, redirect: `${returnTo}?commented=1#comments-${postId}` };
        return { ok: true, id: result.id };
      },
    }),
    delete: intent({
      permission: "comment.delete",
      schema: commentActionForm,
      run: async ({ db }, actor, { js, commentId, returnTo }) => {
        const result = await deleteComment(db, actor, commentId);
        if (!result.ok)
          return { ok: false, status: result.status, error: COMMENT_MESSAGES.deleteFailed };
        if (!js) return { ok: true, redirect: `${returnTo}#comments` };
        return { ok: true };
      },
    }),
    like: intent({
      permission: "comment.like",
      schema: commentActionForm,
      run: async ({ db }, actor, { js, commentId, liked, returnTo }, extra) => {
        const result = await toggleLike(db, actor, commentId, liked, {
          idempotencyKey: idempotencyKeyOf(extra.request, extra.form),
        });
        if (!result.ok) return { ok: false, status: result.status, error: result.error };
        if (!js) return { ok: true, redirect: `${returnTo}#comments` };
        return result;
      },
    }),
  },
});
