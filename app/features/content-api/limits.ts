export const MAX_LIMIT = 100;

/**
 * The Content API's rate limits (docs/decisions/0175), kept
 * in the rate_limits table so every instance counts together.
 */
export const CONTENT_API_LIMITS = {
  /** Answers per key and minute, from wherever the key is used. */
  readsPerKey: { windowMs: 60_000, max: 300 },
  /** Requests with a missing, unknown or revoked key per client address and minute. */
  wrongKeysPerAddress: { windowMs: 60_000, max: 10 },
} as const;
