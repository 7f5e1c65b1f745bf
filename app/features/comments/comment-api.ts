import { SUBMISSION_KEY_HEADER } from "~/lib/submission-key";

/** The comments' resource route, as the conversation's client code calls it. */
export async function postComment(fields: Record<string, string>, submissionKey?: string) {
  const response = await fetch("/api/comments", {
    method: "POST",
    body: new URLSearchParams({ ...fields, js: "1" }),
    headers: submissionKey ? { [SUBMISSION_KEY_HEADER]: submissionKey } : {},
    redirect: "manual",
  });
  if (response.type === "opaqueredirect") return { redirected: true as const };
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { redirected: false as const, ok: response.ok, body };
}
