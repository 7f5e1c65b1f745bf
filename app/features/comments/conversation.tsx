import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { secondaryButton } from "~/components/ui/button-styles";
import type { HeaderUser } from "~/features/accounts/header-user";
import { clientLog } from "~/lib/client-log";
import { plural } from "~/lib/format";
import { forgetCommentCount, publishCommentCount } from "./comment-count";
import { CommentForm } from "./comment-form";
import type { CommentDraft } from "./comment-form.server";
import { CommentItem } from "./comment-item";
import { commentTargetOf, HighlightedComment } from "./comment-target";
import { ListRequestedAt } from "./list-freshness";
import type { CommentPage, CommentView } from "./comments.server";

export { COMMENT_LIMIT } from "./comment-form";
/** The most top-level comments the list endpoint returns at once. */
const MAX_SHOWN = 100;

/**
 * The Conversation section (docs/product/community.md#comments): loaded when within 200 px of the
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
  // The page's own post may be opened at one of its comments (a notification's link).
  const hash = useLocation().hash;
  const target = initial ? commentTargetOf(hash) : null;
  const { root, items, state, hasMore, total, load, requestedAt } = useComments(
    postId,
    commentCount,
    initial,
    target,
  );
  const highlighted = useBringIntoView(target, items, state);

  // After a post or a delete, as many top-level comments as were shown (one
  // more for a new top-level comment, one fewer for a deleted one), not just 5.
  // load() shows its own failure (the "Failed to load comments" line), so nothing waits for it.
  const reload = (change = 0) =>
    void load(0, Math.min(MAX_SHOWN, Math.max(5, items.length + change)));
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
      <ListRequestedAt.Provider value={requestedAt}>
        <HighlightedComment.Provider value={highlighted}>
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
        </HighlightedComment.Provider>
      </ListRequestedAt.Provider>
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

/**
 * The comments shown and their total: the page's first ones, fetched fresh
 * when the section nears the viewport, then as many more as are asked for.
 */
function useComments(
  postId: string,
  commentCount: number,
  initial: CommentPage | undefined,
  target: string | null,
) {
  const root = useRef<HTMLDivElement>(null);
  const [items, setItems] = useState<CommentView[]>(initial?.comments ?? []);
  const [state, setState] = useState<"idle" | "loading" | "loaded" | "error">(
    initial ? "loaded" : "idle",
  );
  const [hasMore, setHasMore] = useState(initial?.hasMore ?? false);
  const [total, setTotal] = useState(initial?.total ?? commentCount);
  // When the items shown were asked for (list-freshness.ts).
  const [requestedAt, setRequestedAt] = useState(0);
  // A newer count from the page (the members' shared page learns it after hydrating) replaces it.
  const [givenCount, setGivenCount] = useState(commentCount);
  if (givenCount !== commentCount) {
    setGivenCount(commentCount);
    setTotal(commentCount);
  }
  const initialCount = initial?.comments.length ?? 0;

  // The post's header shows the same count.
  useEffect(() => publishCommentCount(postId, total), [postId, total]);
  useEffect(() => () => forgetCommentCount(postId), [postId]);

  const load = useCallback(
    async (offset: number, limit = 5, around: string | null = null) => {
      setState("loading");
      const started = performance.now();
      try {
        const response = await fetch(
          `/api/comments?postId=${postId}&offset=${offset}&limit=${limit}${around ? `&around=${around}` : ""}`,
        );
        if (!response.ok) throw new Error(`comments: ${response.status}`);
        const page = (await response.json()) as CommentPage;
        setItems((current) => (offset === 0 ? page.comments : [...current, ...page.comments]));
        setRequestedAt(started);
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
    // Opened at a comment: the list reaches down to it at once, wherever it is
    // (it may be beyond the first page; docs/decisions/0265).
    if (target) {
      const timer = setTimeout(() => void load(0, Math.max(5, initialCount), target), 0);
      return () => clearTimeout(timer);
    }
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
  }, [load, initialCount, target]);
  return { root, items, state, hasMore, total, load, requestedAt };
}

/**
 * The comment the page was opened at, once listed: brought into view (once
 * per target, after the list's fresh load, which may move it) and returned
 * to be highlighted (docs/decisions/0265).
 */
function useBringIntoView(
  target: string | null,
  items: CommentView[],
  state: "idle" | "loading" | "loaded" | "error",
): string | null {
  const listed =
    target !== null && items.some((c) => c.id === target || c.replies.some((r) => r.id === target));
  const shownFor = useRef<string | null>(null);
  useEffect(() => {
    if (!listed || state !== "loaded" || shownFor.current === target) return;
    shownFor.current = target;
    document.getElementById(`c-${target}`)?.scrollIntoView({ block: "center" });
  }, [listed, state, target]);
  return listed ? target : null;
}
