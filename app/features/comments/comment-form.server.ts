/**
 * The comment form without JavaScript (docs/milestones.md#issue-5-community: "Posting works without
 * JavaScript too"). The form posts to the post page itself; this is that
 * page's action. Success answers 303 back to the post's Conversation section,
 * where the new comment is the first one the page renders. A refusal answers
 * the page again with the status (4xx) and a `commentDraft` that the
 * Conversation shows: the message beside the form and the text as typed.
 * With JavaScript the form goes through /api/comments instead (JSON).
 */
import { z } from "zod";
import { formText, formTextOr } from "~/lib/form-fields";
import { uuidSchema } from "~/lib/uuid";
import type { Services } from "#server/services";
import type { SessionUser } from "~/features/accounts/session.server";
import {
  COMMENT_MESSAGES,
  COMMENTS_MAX_SHOWN,
  COMMENTS_PAGE,
  createComment,
} from "./comments.server";

/** A post page address to come back to (no-JavaScript forms), else "/". */
const returnPath = (value: string) => (/^\/post\/[a-z0-9-]+$/.test(value) ? value : "/");

/**
 * A comment form's POST, as typed: intent=create (postId, content, parentId),
 * delete (commentId), like (commentId, liked=true|false); js=1 asks for JSON,
 * returnTo is the post page to go back to. createComment, deleteComment and
 * toggleLike check the values, with the spec's messages.
 */
export const commentActionForm = z.object({
  intent: formText,
  postId: formText,
  content: formText,
  parentId: formText.transform((v) => v || null),
  commentId: formText,
  liked: formText.transform((v) => (v === "true" ? true : v === "false" ? false : undefined)),
  js: formText.transform((v) => v === "1"),
  returnTo: formText.transform(returnPath),
});

/** GET /api/comments?postId=&offset=[&limit=]: refused (400) unless all three are in range. */
export const commentsPageQuery = z.object({
  postId: formText.pipe(uuidSchema),
  offset: formTextOr("0").transform(Number).pipe(z.number().int().min(0).max(100_000)),
  limit: formTextOr(String(COMMENTS_PAGE))
    .transform(Number)
    .pipe(z.number().int().min(1).max(COMMENTS_MAX_SHOWN)),
  /** A comment the page opened at (#c-…): the list reaches down to it (docs/decisions/0265). */
  around: formText.pipe(uuidSchema).optional(),
});

/** What the page needs to show a refused comment again. */
export type CommentDraft = {
  postId: string;
  parentId: string | null;
  content: string;
  error: string;
};

/** The largest text kept for showing again (a bigger body is refused, not echoed). */
const MAX_ECHO = 20_000;

export type CommentFormInput = z.output<typeof commentActionForm>;

/**
 * The page's comment form, read and guarded by the action helper
 * (app/routes/post.tsx): creates the comment, or refuses with the draft to
 * show again. `path` is the page's own address (the answer goes back there).
 */
export async function commentFormAction(
  { db, log, jobs }: Pick<Services, "db" | "log" | "jobs">,
  member: SessionUser,
  { intent, postId, parentId, content }: CommentFormInput,
  { path, idempotencyKey }: { path: string; idempotencyKey: string | undefined },
) {
  const refuse = (status: number, error: string) => ({
    ok: false as const,
    status,
    error,
    commentDraft: {
      postId,
      parentId,
      content: content.length > MAX_ECHO ? "" : content,
      error,
    } satisfies CommentDraft,
  });
  if (intent !== "create") return refuse(400, COMMENT_MESSAGES.failed);
  const result = await createComment(
    db,
    member,
    { postId, content, parentId },
    { log: (error: unknown) => log.error({ err: error }, "comment"), idempotencyKey, jobs },
  );
  if (!result.ok) return refuse(result.status, result.error);
  // With ?comments= the page is rendered for the member, not the shared page from the cache,
  // which may show the comments of a minute ago (decision 0154): the new comment is there.
  return { ok: true as const, location: `${path}?comments=${COMMENTS_PAGE}#comments-${postId}` };
}
