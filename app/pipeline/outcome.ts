/**
 * What an action's `run` answers, and how the action helper puts it on the
 * wire (app/pipeline/action.server.ts, docs/request-pipeline.md §3).
 */

/**
 * What a feature answers when it refuses: the helper sends the rest with its
 * status. `error` is the alert, a string; a page whose failure says it
 * elsewhere (beside a field, in a toast) answers its own shape: null, an
 * `{ field, message }`, or no `error` at all.
 */
export type Failure = {
  ok: false;
  status: number;
  error?: unknown;
  fieldErrors?: Record<string, string>;
};

/**
 * What `run` may return: a failure, a success to redirect, or a success sent
 * as data. `setCookie` (cookies Better Auth set) goes on the answer's headers,
 * never in its body.
 */
export type Outcome = (Failure | { ok: true; redirect?: string } | Empty) & {
  setCookie?: readonly string[];
  /** Headers of this answer alone (a 429's Retry-After), over the action's; never in the body. */
  setHeaders?: Record<string, string>;
};

/**
 * An answer with a status and no body (a beacon's 204, 400 or 429): no
 * Content-Type, nothing to parse.
 */
export type Empty = { ok: boolean; status: number; empty: true };

/**
 * What goes on the wire of a data answer (docs/decisions/0220, 0252):
 * "bare" (the default) leaves out the helper's `ok` and `status`; "ok" keeps
 * `ok: true` on successes (api.comments' JSON, as its script reads it);
 * "envelope" sends every outcome as `run` made it, `ok` and a failure's
 * `status` in the body too (a page script that reads them: /edit-profile).
 */
export type Wire = "bare" | "ok" | "envelope";
