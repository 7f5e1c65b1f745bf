import { useEffect, useSyncExternalStore } from "react";
import { useFetcher } from "react-router";
import { AWAITING_APPROVAL_SHORT, isAwaitingApproval } from "~/features/accounts/awaiting-approval";
import type { HeaderUser } from "~/features/accounts/header-user";
import { SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import { useSubmissionKey } from "~/lib/use-submission-key";
import { favoriteBase, favoriteIdle } from "./favorite-styles";

const noop = () => () => {};

/**
 * A member's Add to favorites / Saved toggle (favorite-toggle.tsx): a form that
 * posts to /api/favorites — a plain POST without JavaScript (the server sends
 * them back to the post), and with JavaScript a fetcher whose submission shows
 * the new state at once. The server decides (pending members are sent to
 * /pending-approval); members awaiting approval see it disabled, with the reason.
 * `saved` undefined: the state is asked of the server after hydration (posts
 * appended by infinite scroll, and the members' shared page).
 */
export function MemberFavoriteToggle({
  postId,
  postPath,
  user,
  saved: initial,
}: {
  postId: string;
  postPath: string;
  user: HeaderUser;
  saved?: boolean;
}) {
  const fetcher = useFetcher<{ saved?: boolean; error?: string }>({ key: `favorite-${postId}` });
  const state = useFetcher<{ saved: boolean }>();
  // A resubmitted click writes once (docs/decisions/0095); each new click gets a new key.
  const [submissionKey, renewKey] = useSubmissionKey();
  // True once running in the browser: the form then asks for JSON.
  const hydrated = useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
  useEffect(() => {
    if (user && initial === undefined && state.state === "idle" && !state.data) {
      void state.load(`/api/favorites?postId=${encodeURIComponent(postId)}`);
    }
    // Once per post.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [postId, user, initial]);

  if (isAwaitingApproval(user)) {
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        <button
          type="button"
          disabled
          aria-describedby={`favorite-${postId}-awaiting`}
          className={`${favoriteBase} cursor-not-allowed border-slate-300 bg-slate-50 text-slate-600`}
        >
          <span aria-hidden="true">☆</span>
          Add to favorites
        </button>
        <span id={`favorite-${postId}-awaiting`} className="text-xs text-slate-700">
          {AWAITING_APPROVAL_SHORT}
        </span>
      </span>
    );
  }

  const pending = fetcher.formData?.get("saved");
  const saved =
    typeof pending === "string"
      ? pending === "true"
      : (fetcher.data?.saved ?? state.data?.saved ?? initial ?? false);

  return (
    <fetcher.Form method="post" action="/api/favorites" className="inline" onSubmit={renewKey}>
      <input type="hidden" name="postId" value={postId} />
      <input
        type="hidden"
        name={SUBMISSION_KEY_FIELD}
        value={submissionKey}
        suppressHydrationWarning
      />
      <input type="hidden" name="saved" value={saved ? "false" : "true"} />
      <input type="hidden" name="returnTo" value={postPath} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <button
        type="submit"
        aria-pressed={saved}
        className={
          saved ? `${favoriteBase} border-brand-700 bg-brand-50 text-brand-900` : favoriteIdle
        }
      >
        <span aria-hidden="true">{saved ? "★" : "☆"}</span>
        {saved ? "Saved" : "Add to favorites"}
      </button>
      {fetcher.data?.error ? (
        <span role="alert" className="ml-2 text-sm text-red-700">
          {fetcher.data.error}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
