import { SUBMISSION_KEY_HEADER, sendSubmission } from "~/lib/submission-key";

/**
 * The comments' resource route, as the conversation's client code calls it.
 * With `retry`, a write that got no answer (or a 503) is sent once more with
 * the same key (sendSubmission).
 */
export async function postComment(
  fields: Record<string, string>,
  submissionKey?: string,
  options: { retry?: boolean } = {},
) {
  const init: RequestInit = {
    method: "POST",
    body: new URLSearchParams({ ...fields, js: "1" }),
    redirect: "manual",
  };
  const response =
    submissionKey && options.retry
      ? await sendSubmission("/api/comments", init, submissionKey)
      : await fetch("/api/comments", {
          ...init,
          headers: submissionKey ? { [SUBMISSION_KEY_HEADER]: submissionKey } : {},
        });
  if (response.type === "opaqueredirect") return { redirected: true as const };
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { redirected: false as const, ok: response.ok, body };
}
