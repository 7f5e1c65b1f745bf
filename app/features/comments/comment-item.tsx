import { Fragment, useState } from "react";
import { Link } from "react-router";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { isAwaitingApproval } from "~/features/accounts/awaiting-approval";
import type { HeaderUser } from "~/features/accounts/header-user";
import { Avatar, VerifiedBadge } from "~/features/posts/post-card";
import { clientLog } from "~/lib/client-log";
import { plural } from "~/lib/format";
import { relativeTime } from "~/lib/relative-time";
import { newSubmissionKey } from "~/lib/submission-key";
import { ReportButton } from "~/features/reports/lazy-report-button";
import { HIDDEN_NOTE } from "~/features/reports/hidden-note";
import { postComment as post } from "./comment-api";
import { mentionParts } from "./mention-links";
import { useHighlightedComment } from "./comment-target";
import { CommentForm } from "./comment-form";
import type { CommentDraft } from "./comment-form.server";
import type { CommentView } from "./comments.server";
import { listKnowsChange, useListRequestedAt } from "./list-freshness";
import { useSiteTimeZone } from "~/lib/site-time-zone";

const DELETE_FAILED = "Failed to delete comment. Please try again.";
const DELETE_CONFIRM = "Are you sure you want to delete this comment?";

/** One comment (or reply): like, reply, delete (asks first), and its replies. */
export function CommentItem({
  comment,
  postId,
  postPath,
  user,
  onChanged,
  isReply = false,
  draft,
}: {
  comment: CommentView;
  postId: string;
  postPath: string;
  user: HeaderUser | null;
  /** After a delete or a reply; `change` is how many top-level comments that made or took. */
  onChanged: (change?: number) => void;
  isReply?: boolean;
  draft?: CommentDraft;
}) {
  const { replying, openedByReply, toggleReply, closeReply } = useReplyBox(Boolean(draft));
  const highlighted = useHighlightedComment() === comment.id;
  const awaiting = isAwaitingApproval(user);
  const { remove, deleting, deleteError, confirmDialog } = useDelete(comment.id, () =>
    onChanged(isReply ? 0 : -1),
  );

  return (
    <article
      // The anchor notifications link to ("comment-…" ids belong to the comment boxes).
      id={`c-${comment.id}`}
      aria-label={`Comment by ${comment.author.name}`}
      // The comment a notification opened is marked (also by :target without JavaScript).
      data-highlighted={highlighted ? "true" : undefined}
      aria-current={highlighted ? "true" : undefined}
      className="comment-item flex scroll-mt-24 gap-3"
    >
      <Avatar author={comment.author} size={isReply ? 28 : 36} />
      <div className="min-w-0 flex-1">
        <CommentByline comment={comment} />
        {comment.hidden ? (
          <p className="mt-1 text-xs font-semibold text-amber-800">{HIDDEN_NOTE}</p>
        ) : null}
        <p className="mt-1 whitespace-pre-line break-words text-slate-800">
          <CommentText text={comment.content} mentions={comment.mentions} />
        </p>
        <div className="mt-2 flex items-center gap-4 text-sm">
          <LikeButton comment={comment} user={user} postPath={postPath} postId={postId} />
          {/* On a reply too: the server attaches a reply to a reply to the top comment. */}
          {user && !awaiting ? (
            <button
              type="button"
              aria-expanded={replying}
              onClick={toggleReply}
              className="font-medium text-slate-700 hover:underline"
            >
              Reply
            </button>
          ) : null}
          {comment.canReport && user && !awaiting ? (
            <ReportButton
              kind="comment"
              id={comment.id}
              name={`comment by ${comment.author.name}`}
            />
          ) : null}
          {comment.canDelete ? (
            <button
              type="button"
              disabled={deleting}
              onClick={() => void remove()}
              className="font-medium text-red-700 hover:underline"
            >
              Delete
            </button>
          ) : null}
        </div>
        {deleteError ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {deleteError}
          </p>
        ) : null}
        {confirmDialog}
        {replying ? (
          <CommentForm
            postId={postId}
            postPath={postPath}
            user={user}
            parentId={comment.id}
            onPosted={() => onChanged(0)}
            onCancel={closeReply}
            draft={draft}
            focusOnOpen={openedByReply}
          />
        ) : null}
        <Replies
          replies={comment.replies}
          postId={postId}
          postPath={postPath}
          user={user}
          onChanged={onChanged}
        />
      </div>
    </article>
  );
}

/** The reply box's state; opened by Reply (not a refused draft shown again) it takes the focus. */
function useReplyBox(hasDraft: boolean) {
  const [replying, setReplying] = useState(hasDraft);
  const [openedByReply, setOpenedByReply] = useState(false);
  const toggleReply = () => {
    setOpenedByReply(!replying);
    setReplying(!replying);
  };
  return { replying, openedByReply, toggleReply, closeReply: () => setReplying(false) };
}

/** Like or unlike; a member awaiting approval sees the count but cannot like. */
function LikeButton({
  comment,
  user,
  postPath,
  postId,
}: {
  comment: CommentView;
  user: HeaderUser | null;
  postPath: string;
  postId: string;
}) {
  const awaiting = isAwaitingApproval(user);
  const { liked, likes, like } = useLike(comment, user, postPath);
  return (
    <button
      type="button"
      aria-pressed={liked}
      // The count in words on the button (an aria-label on a <span> is invalid markup).
      aria-label={`${liked ? "Liked" : "Like"}, ${plural(likes, "like")}`}
      // A member awaiting approval: the box above says why.
      disabled={awaiting}
      aria-describedby={awaiting ? `comment-${postId}-awaiting` : undefined}
      onClick={() => void like()}
      className={`font-medium ${liked ? "text-brand-700" : "text-slate-700"} hover:underline disabled:cursor-not-allowed disabled:no-underline`}
    >
      {liked ? "Liked" : "Like"} ({likes})
    </button>
  );
}

/** A comment's replies, each with its own actions. */
function Replies({
  replies,
  postId,
  postPath,
  user,
  onChanged,
}: {
  replies: CommentView["replies"];
  postId: string;
  postPath: string;
  user: HeaderUser | null;
  onChanged: (change?: number) => void;
}) {
  if (!replies.length) return null;
  return (
    <ul className="mt-4 space-y-4 border-l-2 border-slate-200 pl-4">
      {replies.map((reply) => (
        <li key={reply.id}>
          <CommentItem
            comment={reply}
            postId={postId}
            postPath={postPath}
            user={user}
            onChanged={onChanged}
            isReply
          />
        </li>
      ))}
    </ul>
  );
}

/** The like button's state: shown at once, then as the server answers (undone on a failure). */
function useLike(comment: CommentView, user: HeaderUser | null, postPath: string) {
  const [liked, setLiked] = useState(comment.likedByMe);
  const [likes, setLikes] = useState(comment.likeCount);
  // When this member last clicked (performance.now()); null before the first click.
  const [clickedAt, setClickedAt] = useState<number | null>(null);
  const requestedAt = useListRequestedAt();
  // A fresh load of the list (after hydration, a post or a delete) brings new counts,
  // unless it was asked for before the last click (it would undo that click).
  const [shown, setShown] = useState(comment);
  if (shown !== comment) {
    setShown(comment);
    if (listKnowsChange(requestedAt, clickedAt)) {
      setLiked(comment.likedByMe);
      setLikes(comment.likeCount);
    }
  }

  const like = async () => {
    if (!user) {
      window.location.assign(`/login?redirectTo=${encodeURIComponent(postPath)}`);
      return;
    }
    const next = !liked;
    setClickedAt(performance.now());
    setLiked(next);
    setLikes((n) => Math.max(0, n + (next ? 1 : -1)));
    try {
      // One key per click: a retry of this click cannot undo it (docs/decisions/0095).
      const result = await post(
        { intent: "like", commentId: comment.id, liked: String(next) },
        newSubmissionKey(),
        { retry: true },
      );
      if (result.redirected || !result.ok) throw new Error("like failed");
      setLiked(Boolean(result.body.liked));
      setLikes(Number(result.body.likeCount));
    } catch (error) {
      // Like failures are only logged (docs/product/community.md#likes).
      clientLog.error("Like toggle failed", { error: String(error) });
      setLiked(!next);
      setLikes((n) => Math.max(0, n + (next ? -1 : 1)));
    }
  };
  return { liked, likes, like };
}

/** Delete, after asking; a failure says so under the comment. */
function useDelete(commentId: string, onDeleted: () => void) {
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const { confirm, dialog: confirmDialog } = useConfirm();

  const remove = async () => {
    if (!(await confirm(DELETE_CONFIRM, { confirmLabel: "Delete", danger: true }))) return;
    setDeleting(true);
    setDeleteError(null);
    try {
      const result = await post({ intent: "delete", commentId: commentId });
      if (result.redirected || !result.ok) throw new Error("delete failed");
      onDeleted();
    } catch {
      setDeleteError(DELETE_FAILED);
      setDeleting(false);
    }
  };
  return { remove, deleting, deleteError, confirmDialog };
}

/** The author, the badge and when. */
function CommentByline({ comment }: { comment: CommentView }) {
  const timeZone = useSiteTimeZone();
  return (
    <p className="text-sm">
      <Link
        to={`/user/${comment.author.username}`}
        className="font-semibold text-slate-900 hover:underline"
      >
        {comment.author.name}
      </Link>
      <VerifiedBadge role={comment.author.role} />
      <span className="ml-2 text-slate-600">
        <time dateTime={comment.createdAt} suppressHydrationWarning>
          {relativeTime(comment.createdAt, timeZone)}
        </time>
      </span>
    </p>
  );
}

/** The comment's text, its members' @mentions linked to their profiles (docs/decisions/0266). */
function CommentText({ text, mentions }: { text: string; mentions: string[] | undefined }) {
  return mentionParts(text, mentions ?? []).map((part, index) =>
    "href" in part ? (
      <Link
        key={index}
        to={part.href}
        className="font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        {part.mention}
      </Link>
    ) : (
      <Fragment key={index}>{part.text}</Fragment>
    ),
  );
}
