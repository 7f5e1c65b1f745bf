/**
 * The comment form without JavaScript (issue 5: "Posting works without
 * JavaScript too"). The form posts to the post page itself; this is that
 * page's action. Success answers 303 back to the post's Conversation section,
 * where the new comment is the first one the page renders. A refusal answers
 * the page again with the status (4xx) and a `commentDraft` that the
 * Conversation shows: the message beside the form and the text as typed.
 * With JavaScript the form goes through /api/comments instead (JSON).
 */
import { data, redirect } from "react-router";
import type { Database } from "#server/db/client";
import { idempotencyKeyOf } from "#server/db/idempotency";
import { requireCan } from "~/features/accounts/permissions.server";
import type { SessionUser } from "~/features/accounts/session.server";
import { TEXT_FORM_LIMIT_BYTES } from "#server/http/limits";
import { anyFields, readForm, textOf } from "~/lib/read-input.server";
import { COMMENT_MESSAGES, createComment } from "./comments.server";

/** What the page needs to show a refused comment again. */
export type CommentDraft = {
  postId: string;
  parentId: string | null;
  content: string;
  error: string;
};

/** The largest text kept for showing again (a bigger body is refused, not echoed). */
const MAX_ECHO = 20_000;

export async function commentFormAction(
  db: Database,
  request: Request,
  actor: SessionUser | null,
  options: { log?: (error: unknown) => void } = {},
) {
  if (request.method !== "POST") {
    throw data({ error: "Method not allowed" }, { status: 405 });
  }
  // A body past the cap is not read further; it is refused as too long below.
  const body = await readForm(request, anyFields, { limit: TEXT_FORM_LIMIT_BYTES });
  const form = body.ok ? body.form : null;
  const field = (name: string) => textOf(form, name);
  const postId = field("postId");
  const parentId = field("parentId") || null;
  const content = field("content");
  const refuse = (status: number, error: string) =>
    data(
      {
        commentDraft: {
          postId,
          parentId,
          content: content.length > MAX_ECHO ? "" : content,
          error,
        } satisfies CommentDraft,
      },
      { status, headers: { "Cache-Control": "private, no-store" } },
    );
  if (!body.ok && body.problem === "too-large") return refuse(413, COMMENT_MESSAGES.tooLong);
  if (!form || field("intent") !== "create") return refuse(400, COMMENT_MESSAGES.failed);

  // Visitors (and blocked members) go to /login, pending members to /pending-approval.
  const member = requireCan(actor, request, "comment.create");
  const result = await createComment(
    db,
    member,
    { postId, content, parentId },
    { ...options, idempotencyKey: idempotencyKeyOf(request, form) },
  );
  if (!result.ok) return refuse(result.status, result.error);
  const here = new URL(request.url).pathname;
  return redirect(`${here}#comments-${postId}`, 303);
}
