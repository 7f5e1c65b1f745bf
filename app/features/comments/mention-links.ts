/**
 * @mentions in a comment's text as links to the members' profiles
 * (docs/decisions/0266). Comments are plain text: React renders each part as
 * text or as a link it builds itself, so no markup from the comment reaches
 * the page. Only members the server found (`known`, their usernames as
 * stored) are linked; any other "@word" stays text.
 */
import { MENTION_PATTERN } from "~/features/notifications/notification-rules";

export type CommentPart = { text: string } | { mention: string; href: string };

export function mentionParts(text: string, known: readonly string[]): CommentPart[] {
  if (known.length === 0 || !text.includes("@")) return [{ text }];
  const byLower = new Map(known.map((name) => [name.toLowerCase(), name]));
  const parts: CommentPart[] = [];
  let at = 0;
  for (const match of text.matchAll(new RegExp(MENTION_PATTERN.source, "g"))) {
    const username = byLower.get(match[1]!.toLowerCase());
    if (!username) continue;
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ mention: match[0], href: `/user/${encodeURIComponent(username)}` });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
