import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { AwaitingApprovalNote, isAwaitingApproval } from "~/features/accounts/awaiting-approval";
import type { HeaderUser } from "~/features/accounts/header-user";
import type { CommentDraft } from "./comment-form.server";

export { COMMENT_LIMIT } from "./comment-limit";

// The open box is for members only: readers' pages do not load its code (decision 0107).
// The server renders it in place (no fallback streamed in later: the page works without
// JavaScript); the browser's bundle keeps only the lazy import.
const CommentBox = import.meta.env.SSR
  ? (await import("./comment-box")).default
  : lazy(() => import("./comment-box"));

export type CommentFormProps = {
  postId: string;
  postPath: string;
  user: HeaderUser | null;
  parentId?: string;
  onPosted: () => void;
  onCancel?: () => void;
  draft?: CommentDraft;
  /** Focus the box once shown (a reply box opened by its Reply button). */
  focusOnOpen?: boolean;
};

/** The comment box (a reply's too): closed for a visitor or a member awaiting approval. */
export function CommentForm(props: CommentFormProps) {
  const { postId, postPath, user, parentId } = props;
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

  return (
    <Suspense fallback={null}>
      <CommentBox {...props} />
    </Suspense>
  );
}
