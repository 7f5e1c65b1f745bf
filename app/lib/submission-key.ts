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
