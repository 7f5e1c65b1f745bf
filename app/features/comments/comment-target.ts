import { createContext, useContext } from "react";

/**
 * The comment a page was opened at: "#c-{id}", the anchor notifications link to
 * (app/features/notifications/community.server.ts). Null for any other hash.
 */
export function commentTargetOf(hash: string): string | null {
  const match = /^#c-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(hash);
  return match ? match[1]!.toLowerCase() : null;
}

/** The comment shown highlighted: the one the page was opened at, once it is listed. */
export const HighlightedComment = createContext<string | null>(null);

export const useHighlightedComment = () => useContext(HighlightedComment);
