import { createContext, useContext } from "react";

/**
 * When the comments shown were asked for (`performance.now()` at the request's
 * start; 0 for the server-rendered ones). A like clicked after that moment is
 * newer than the list: a list that was in flight during the click (the fresh
 * load that starts as the section nears the viewport) must not undo it.
 */
export const ListRequestedAt = createContext(0);

export function useListRequestedAt() {
  return useContext(ListRequestedAt);
}

/** Whether a list asked for at `requestedAt` knows of a local change made at `changedAt`. */
export function listKnowsChange(requestedAt: number, changedAt: number | null) {
  return changedAt === null || requestedAt >= changedAt;
}
