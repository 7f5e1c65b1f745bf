/**
 * The community's notifications (docs/decisions/0120): a reply to your
 * comment, a comment on your post, an @mention in a comment. Never for one's
 * own action, one notification per member per comment (reply before comment
 * before mention), only approved members are told, and replies (or comments)
 * on the same target while unread are grouped into one row.
 */
import { inArray, or, sql } from "drizzle-orm";
import { profiles } from "#server/db/schema";
import { excerpt, mentionedUsernames } from "./notification-rules";
import { groupedTitle, notifyAll, type NotifyTarget } from "./notify.server";

export const COMMUNITY_PHRASES = {
  reply: "replied to your comment",
  comment: (postTitle: string) => `commented on your post "${excerpt(postTitle, 80)}"`,
  mention: "mentioned you in a comment",
} as const;

/** A comment's anchor on its post's page (its article's id; "comment-…" ids are the comment boxes'). */
export const commentAnchor = (commentId: string) => `c-${commentId}`;
export const commentLink = (postSlug: string, commentId: string) =>
  `/post/${postSlug}#${commentAnchor(commentId)}`;

export type CommentEvent = {
  actorId: string;
  comment: { id: string; content: string };
  post: { id: string; slug: string; title: string; authorId: string };
  /** The comment answered and its author, for a reply. */
  repliedTo: { commentId: string; authorId: string } | null;
};

/** Tells whoever a new comment concerns; call it in the comment's transaction. */
export async function notifyCommentEvents(to: NotifyTarget, event: CommentEvent): Promise<void> {
  const { db } = to;
  const mentions = mentionedUsernames(event.comment.content);
  const ids = [event.actorId, event.post.authorId];
  if (event.repliedTo) ids.push(event.repliedTo.authorId);
  const people = await db
    .select({
      id: profiles.id,
      username: profiles.username,
      fullName: profiles.fullName,
      status: profiles.status,
    })
    .from(profiles)
    .where(
      mentions.length
        ? or(inArray(profiles.id, ids), inArray(sql`lower(${profiles.username})`, mentions))
        : inArray(profiles.id, ids),
    );
  const byId = new Map(people.map((p) => [p.id, p]));
  const actor = byId.get(event.actorId);
  if (!actor) return;
  const actorName = actor.fullName?.trim() || actor.username;
  // The actor is never told; each member at most once per comment.
  const told = new Set<string>([event.actorId]);
  const may = (id: string) => !told.has(id) && byId.get(id)?.status === "approved";
  const message = excerpt(event.comment.content);
  const link = commentLink(event.post.slug, event.comment.id);

  if (event.repliedTo && may(event.repliedTo.authorId)) {
    told.add(event.repliedTo.authorId);
    await notifyAll(to, [event.repliedTo.authorId], {
      type: "reply",
      title: groupedTitle(actorName, 1, COMMUNITY_PHRASES.reply),
      message,
      link,
      actorId: event.actorId,
      group: {
        key: `comment:${event.repliedTo.commentId}`,
        actorName,
        phrase: COMMUNITY_PHRASES.reply,
      },
    });
  }
  if (may(event.post.authorId)) {
    told.add(event.post.authorId);
    const phrase = COMMUNITY_PHRASES.comment(event.post.title);
    await notifyAll(to, [event.post.authorId], {
      type: "comment",
      title: groupedTitle(actorName, 1, phrase),
      message,
      link,
      actorId: event.actorId,
      group: { key: `post:${event.post.id}`, actorName, phrase },
    });
  }
  const mentioned = people
    .filter((p) => mentions.includes(p.username.toLowerCase()) && may(p.id))
    .map((p) => p.id);
  if (mentioned.length) {
    await notifyAll(to, mentioned, {
      type: "mention",
      title: groupedTitle(actorName, 1, COMMUNITY_PHRASES.mention),
      message,
      link,
      actorId: event.actorId,
    });
  }
}
