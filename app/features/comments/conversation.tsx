import { useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { Link } from "react-router";
import { primaryButton, secondaryButton } from "~/components/ui/button-styles";
import { AwaitingApprovalNote, isAwaitingApproval } from "~/features/accounts/awaiting-approval";
import type { HeaderUser } from "~/features/accounts/header-user";
import { Avatar, VerifiedBadge } from "~/features/posts/post-card";
import { clientLog } from "~/lib/client-log";
import { plural } from "~/lib/format";
import { relativeTime } from "~/lib/relative-time";
import { forgetCommentCount, publishCommentCount } from "./comment-count";
import type { CommentDraft } from "./comment-form.server";
import type { CommentPage, CommentView } from "./comments.server";

export const COMMENT_LIMIT = 5000;
const DELETE_FAILED = "Failed to delete comment. Please try again.";
const DELETE_CONFIRM = "Are you sure you want to delete this comment?";
/** The most top-level comments the list endpoint returns at once. */
const MAX_SHOWN = 100;

async function post(fields: Record<string, string>) {
  const response = await fetch("/api/comments", {
    method: "POST",
    body: new URLSearchParams({ ...fields, js: "1" }),
    redirect: "manual",
  });
  if (response.type === "opaqueredirect") return { redirected: true as const };
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { redirected: false as const, ok: response.ok, body };
}

/**
 * The Conversation section (spec 1 §2): loaded when within 200 px of the
 * viewport, 5 top-level comments at a time, newest first, one reply level.
 * The post page's own post comes with its first 5 comments rendered on the
 * server (`initial`), so they read without JavaScript; with it they are
 * fetched fresh when the section nears the viewport. The comment form is a
 * plain POST form to the post page, so posting works without JavaScript; a
 * comment refused there comes back as `draft` (message and text as typed).
 */
export function Conversation({
  postId,
  postPath,
  commentCount,
  user,
  initial,
  draft,
}: {
  postId: string;
  postPath: string;
  commentCount: number;
  user: HeaderUser | null;
  initial?: CommentPage;
  draft?: CommentDraft;
}) {
  const root = useRef<HTMLDivElement>(null);
  const [items, setItems] = useState<CommentView[]>(initial?.comments ?? []);
  const [state, setState] = useState<"idle" | "loading" | "loaded" | "error">(
    initial ? "loaded" : "idle",
  );
  const [hasMore, setHasMore] = useState(initial?.hasMore ?? false);
  const [total, setTotal] = useState(initial?.total ?? commentCount);
  const initialCount = initial?.comments.length ?? 0;

  // The post's header shows the same count.
  useEffect(() => publishCommentCount(postId, total), [postId, total]);
  useEffect(() => () => forgetCommentCount(postId), [postId]);

  const load = useCallback(
    async (offset: number, limit = 5) => {
      setState("loading");
      try {
        const response = await fetch(
          `/api/comments?postId=${postId}&offset=${offset}&limit=${limit}`,
        );
        if (!response.ok) throw new Error(`comments: ${response.status}`);
        const page = (await response.json()) as CommentPage;
        setItems((current) => (offset === 0 ? page.comments : [...current, ...page.comments]));
        setHasMore(page.hasMore);
        setTotal(page.total);
        setState("loaded");
      } catch (error) {
        clientLog.error("Failed to load comments", { error: String(error) });
        setState("error");
      }
    },
    [postId],
  );

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          // Fresh copies of as many comments as the page shows (the page may be cached).
          void load(0, Math.max(5, initialCount));
        }
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [load, initialCount]);

  // After a post or a delete, as many top-level comments as were shown (one
  // more for a new top-level comment, one fewer for a deleted one), not just 5.
  const reload = (change = 0) => load(0, Math.min(MAX_SHOWN, Math.max(5, items.length + change)));
  // A refused reply goes back under its comment; when that comment is not
  // shown (gone, or further down), the main box keeps the text instead.
  const replyDraftFor =
    draft?.parentId && items.some((c) => c.id === draft.parentId) ? draft.parentId : null;

  return (
    <div ref={root} data-testid="conversation">
      <p className="mt-2 text-sm text-slate-700">{plural(total, "comment")}</p>
      <CommentForm
        postId={postId}
        postPath={postPath}
        user={user}
        onPosted={() => reload(1)}
        draft={draft && !replyDraftFor ? draft : undefined}
      />
      {state === "loading" && items.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700" role="status">
          Loading comments...
        </p>
      ) : null}
      {state === "error" ? (
        <p className="mt-4 text-sm text-red-700" role="alert">
          Failed to load comments.
        </p>
      ) : null}
      <ul className="mt-6 space-y-6">
        {items.map((comment) => (
          <li key={comment.id}>
            <CommentItem
              comment={comment}
              postId={postId}
              postPath={postPath}
              user={user}
              onChanged={reload}
              draft={replyDraftFor === comment.id ? draft : undefined}
            />
          </li>
        ))}
      </ul>
      {hasMore ? (
        // A link, so that it works without JavaScript too (the page with 5 more comments);
        // with JavaScript the next 5 are fetched in place.
        <a
          href={`${postPath}?comments=${items.length + 5}#comments-${postId}`}
          rel="nofollow"
          className={`${secondaryButton} mt-6 inline-block`}
          aria-disabled={state === "loading" ? true : undefined}
          onClick={(event) => {
            event.preventDefault();
            if (state !== "loading") void load(items.length);
          }}
        >
          {state === "loading" ? "Loading..." : "Load more"}
        </a>
      ) : null}
    </div>
  );
}

function CommentForm({
  postId,
  postPath,
  user,
  parentId,
  onPosted,
  onCancel,
  draft,
}: {
  postId: string;
  postPath: string;
  user: HeaderUser | null;
  parentId?: string;
  onPosted: () => void;
  onCancel?: () => void;
  draft?: CommentDraft;
}) {
  const hydrated = useHydrated();
  const [text, setText] = useState(draft?.content ?? "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(draft?.error ?? null);
  const id = `comment-${parentId ?? postId}`;
  const label = parentId ? "Write a reply" : "Add to the conversation";

  if (!user) {
    return (
      <div className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <textarea
          id={id}
          disabled
          rows={3}
          placeholder="Sign in to join the conversation."
          className="block w-full rounded-md border border-slate-300 bg-slate-100 px-3 py-2"
        />
        <p className="mt-3 flex gap-3">
          <Link
            to={`/login?redirectTo=${encodeURIComponent(postPath)}`}
            className="font-semibold text-brand-700 underline"
          >
            Sign in
          </Link>
          <Link to="/signup" className="font-semibold text-brand-700 underline">
            Sign Up
          </Link>
        </p>
      </div>
    );
  }

  if (isAwaitingApproval(user)) {
    // Verified, not yet approved: the box is there, closed, and says why.
    return (
      <div className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <textarea
          id={id}
          disabled
          rows={3}
          aria-describedby={`${id}-awaiting`}
          placeholder="Your account is awaiting approval."
          className="block w-full rounded-md border border-slate-300 bg-slate-100 px-3 py-2"
        />
        <AwaitingApprovalNote id={`${id}-awaiting`} className="mt-3" />
      </div>
    );
  }

  const blank = text.trim() === "";
  return (
    <form
      method="post"
      action={`${postPath}#comments-${postId}`}
      className="mt-4"
      onSubmit={async (event) => {
        event.preventDefault();
        if (busy || blank) return;
        setBusy(true);
        setError(null);
        try {
          const result = await post({
            intent: "create",
            postId,
            content: text,
            ...(parentId ? { parentId } : {}),
          });
          if (result.redirected) {
            window.location.assign("/pending-approval");
            return;
          }
          if (!result.ok) {
            setError(String(result.body.error ?? "Failed to post comment. Please try again."));
            return;
          }
          setText("");
          onPosted();
          onCancel?.();
        } catch {
          setError("Failed to post comment. Please try again.");
        } finally {
          setBusy(false);
        }
      }}
    >
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="postId" value={postId} />
      <input type="hidden" name="returnTo" value={postPath} />
      {parentId ? <input type="hidden" name="parentId" value={parentId} /> : null}
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        name="content"
        rows={parentId ? 2 : 3}
        required
        maxLength={COMMENT_LIMIT}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ""}`}
        className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700"
      />
      <div className="mt-1 flex items-center justify-between gap-3">
        <span id={`${id}-count`} className="text-xs text-slate-600">
          {text.length.toLocaleString("en-GB")}/{COMMENT_LIMIT.toLocaleString("en-GB")}
        </span>
        <span className="flex gap-2">
          {onCancel ? (
            <button type="button" className={secondaryButton} onClick={onCancel}>
              Cancel
            </button>
          ) : null}
          {/* Without JavaScript the box's `required` stops a blank comment instead. */}
          <button type="submit" className={primaryButton} disabled={busy || (hydrated && blank)}>
            {busy ? "Posting..." : parentId ? "Reply" : "Post Comment"}
          </button>
        </span>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function CommentItem({
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
  const [liked, setLiked] = useState(comment.likedByMe);
  const [likes, setLikes] = useState(comment.likeCount);
  // A fresh load of the list (after hydration, a post or a delete) brings new counts.
  const [shown, setShown] = useState(comment);
  if (shown !== comment) {
    setShown(comment);
    setLiked(comment.likedByMe);
    setLikes(comment.likeCount);
  }
  const [replying, setReplying] = useState(Boolean(draft));
  const awaiting = isAwaitingApproval(user);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const like = async () => {
    if (!user) {
      window.location.assign(`/login?redirectTo=${encodeURIComponent(postPath)}`);
      return;
    }
    const next = !liked;
    setLiked(next);
    setLikes((n) => Math.max(0, n + (next ? 1 : -1)));
    try {
      const result = await post({ intent: "like", commentId: comment.id, liked: String(next) });
      if (result.redirected || !result.ok) throw new Error("like failed");
      setLiked(Boolean(result.body.liked));
      setLikes(Number(result.body.likeCount));
    } catch (error) {
      // Like failures are only logged (spec 1 §8).
      clientLog.error("Like toggle failed", { error: String(error) });
      setLiked(!next);
      setLikes((n) => Math.max(0, n + (next ? -1 : 1)));
    }
  };

  const remove = async () => {
    if (!window.confirm(DELETE_CONFIRM)) return;
    setDeleting(true);
    setDeleteError(null);
    try {
      const result = await post({ intent: "delete", commentId: comment.id });
      if (result.redirected || !result.ok) throw new Error("delete failed");
      onChanged(isReply ? 0 : -1);
    } catch {
      setDeleteError(DELETE_FAILED);
      setDeleting(false);
    }
  };

  return (
    <article aria-label={`Comment by ${comment.author.name}`} className="flex gap-3">
      <Avatar author={comment.author} size={isReply ? 28 : 36} />
      <div className="min-w-0 flex-1">
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
              {relativeTime(comment.createdAt)}
            </time>
          </span>
        </p>
        <p className="mt-1 whitespace-pre-line break-words text-slate-800">{comment.content}</p>
        <div className="mt-2 flex items-center gap-4 text-sm">
          <button
            type="button"
            aria-pressed={liked}
            // A member awaiting approval: the box above says why.
            disabled={awaiting}
            aria-describedby={awaiting ? `comment-${postId}-awaiting` : undefined}
            onClick={() => void like()}
            className={`font-medium ${liked ? "text-brand-700" : "text-slate-700"} hover:underline disabled:cursor-not-allowed disabled:no-underline`}
          >
            {liked ? "Liked" : "Like"} <span aria-label={plural(likes, "like")}>({likes})</span>
          </button>
          {/* On a reply too: the server attaches a reply to a reply to the top comment. */}
          {user && !awaiting ? (
            <button
              type="button"
              aria-expanded={replying}
              onClick={() => setReplying((v) => !v)}
              className="font-medium text-slate-700 hover:underline"
            >
              Reply
            </button>
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
        {replying ? (
          <CommentForm
            postId={postId}
            postPath={postPath}
            user={user}
            parentId={comment.id}
            onPosted={() => onChanged(0)}
            onCancel={() => setReplying(false)}
            draft={draft}
          />
        ) : null}
        {comment.replies.length ? (
          <ul className="mt-4 space-y-4 border-l-2 border-slate-200 pl-4">
            {comment.replies.map((reply) => (
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
        ) : null}
      </div>
    </article>
  );
}
