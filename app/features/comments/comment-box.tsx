import { useEffect, useRef, useState, type FormEvent } from "react";
import { primaryButton, secondaryButton } from "~/components/ui/button-styles";
import { newSubmissionKey, SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import { useHydrated } from "~/lib/use-hydrated";
import { postComment as post } from "./comment-api";
import type { CommentFormProps } from "./comment-form";
import { COMMENT_LIMIT } from "./comment-limit";

/**
 * A member's open comment box (a reply's too): a plain POST form, sent by fetch once hydrated.
 * Its own chunk, loaded only where a member can write (docs/milestones.md#issue-17-performance, decision 0107).
 */
export default function CommentBox({
  postId,
  postPath,
  parentId,
  onPosted,
  onCancel,
  draft,
  focusOnOpen,
}: CommentFormProps) {
  const hydrated = useHydrated();
  // Reply opens its box with the caret in it: typing goes there, not to the button.
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focusOnOpen) box.current?.focus();
  }, [focusOnOpen]);
  const { text, changeText, busy, error, submit } = useSendComment({
    postId,
    parentId,
    draft,
    onPosted,
    onCancel,
  });
  const [formKey] = useState(newSubmissionKey);
  const id = `comment-${parentId ?? postId}`;
  const label = parentId ? "Write a reply" : "Add to the conversation";

  const blank = text.trim() === "";
  return (
    <form
      method="post"
      action={`${postPath}#comments-${postId}`}
      className="mt-4"
      onSubmit={submit}
    >
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="postId" value={postId} />
      <input type="hidden" name="returnTo" value={postPath} />
      {/* A browser resubmitting this form (back, reload, a double click) posts once. */}
      <input type="hidden" name={SUBMISSION_KEY_FIELD} value={formKey} suppressHydrationWarning />
      {parentId ? <input type="hidden" name="parentId" value={parentId} /> : null}
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <textarea
        ref={box}
        id={id}
        name="content"
        rows={parentId ? 2 : 3}
        required
        maxLength={COMMENT_LIMIT}
        value={text}
        onChange={(event) => changeText(event.currentTarget.value)}
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

/**
 * The box's text, and its sending by fetch: one submission key kept for the
 * retries of one text, the server's message on a refusal, and a member
 * awaiting approval sent to /pending-approval.
 */
function useSendComment({
  postId,
  parentId,
  draft,
  onPosted,
  onCancel,
}: Pick<CommentFormProps, "postId" | "parentId" | "draft" | "onPosted" | "onCancel">) {
  const [text, setText] = useState(draft?.content ?? "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(draft?.error ?? null);
  // This submission's key: kept for its retries (a failed post sent again), new once it is
  // posted or the text changes. Without JavaScript the hidden field carries one per rendering.
  const submissionKey = useRef<string | null>(null);
  const blank = text.trim() === "";

  const changeText = (value: string) => {
    submissionKey.current = null;
    setText(value);
  };

  const submit = (event: FormEvent<HTMLFormElement>) =>
    // A failure shows in the form (setError); nothing waits for it.
    void (async () => {
      event.preventDefault();
      if (busy || blank) return;
      setBusy(true);
      setError(null);
      try {
        submissionKey.current ??= newSubmissionKey();
        const result = await post(
          { intent: "create", postId, content: text, ...(parentId ? { parentId } : {}) },
          submissionKey.current,
        );
        if (result.redirected) {
          window.location.assign("/pending-approval");
          return;
        }
        if (!result.ok) {
          setError(
            typeof result.body.error === "string"
              ? result.body.error
              : "Failed to post comment. Please try again.",
          );
          return;
        }
        submissionKey.current = null;
        setText("");
        onPosted();
        onCancel?.();
      } catch {
        setError("Failed to post comment. Please try again.");
      } finally {
        setBusy(false);
      }
    })();

  return { text, changeText, busy, error, submit };
}
