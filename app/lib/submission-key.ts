/**
 * A key per submission of a member's write (server/db/idempotency.ts): sent
 * with it, and again with its retries, so that a retry never writes twice.
 * getRandomValues works in every context (randomUUID needs a secure one).
 */
export function newSubmissionKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The header scripts send it in; plain forms send it as the `idempotencyKey` field. */
export const SUBMISSION_KEY_HEADER = "Idempotency-Key";
export const SUBMISSION_KEY_FIELD = "idempotencyKey";

/** The pause before sending a write again. */
const RETRY_PAUSE_MS = 500;

/**
 * Sends a scripted write with its submission key, and once more with the
 * same key when no answer came back (the connection failed) or the service
 * was briefly unavailable (503). If the first attempt was written after all,
 * the server answers the second with the first's answer and writes nothing.
 */
export async function sendSubmission(
  url: string,
  init: RequestInit,
  key: string = newSubmissionKey(),
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set(SUBMISSION_KEY_HEADER, key);
  const attempt = () => fetch(url, { ...init, headers });
  try {
    const response = await attempt();
    if (response.status !== 503) return response;
  } catch (error) {
    if (init.signal?.aborted) throw error;
  }
  await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
  return attempt();
}
