import { useCallback, useSyncExternalStore } from "react";

/**
 * A post's comment count as the Conversation last learnt it, shared with the
 * post's header so both follow a comment posted or deleted in place. Until
 * the Conversation publishes one (and on the server) the page's count holds.
 */
const counts = new Map<string, number>();
const listeners = new Set<() => void>();

export function publishCommentCount(postId: string, count: number) {
  if (counts.get(postId) === count) return;
  counts.set(postId, count);
  for (const listener of listeners) listener();
}

/** The Conversation is gone (the post left the page): the page's count holds again. */
export function forgetCommentCount(postId: string) {
  if (!counts.delete(postId)) return;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useCommentCount(postId: string, fromPage: number): number {
  const current = useCallback(() => counts.get(postId) ?? fromPage, [postId, fromPage]);
  return useSyncExternalStore(subscribe, current, () => fromPage);
}
