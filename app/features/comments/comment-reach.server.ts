/**
 * What the comment list looks up beside its rows: how far down a list opened at
 * a comment reaches (docs/decisions/0265), and who its @mentions name
 * (docs/decisions/0266).
 */
import { and, count, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { comments, profiles } from "#server/db/schema";
import { mentionedUsernames } from "~/features/notifications/notification-rules";
import { isUuid } from "~/lib/uuid";

const COMMENTS_PAGE = 5;

/**
 * How many top-level comments, from the newest, the list must show to include
 * `commentId` (a reply counts as its top comment), rounded up to whole pages
 * of 5; 0 when the viewer cannot see it on this post (docs/decisions/0265).
 */
export async function shownThrough(
  db: Database,
  /** The comments the viewer sees on the post (comments.server.ts). */
  live: SQL | undefined,
  commentId: string,
): Promise<number> {
  if (!isUuid(commentId)) return 0;
  const [found] = await db
    .select({ id: comments.id, parentId: comments.parentId })
    .from(comments)
    .where(and(live, eq(comments.id, commentId)));
  if (!found) return 0;
  const topId = found.parentId ?? found.id;
  // Newest first by (created_at, id): the top comment and those before it (in SQL: the
  // timestamps keep their microseconds).
  const [upTo] = await db
    .select({ n: count() })
    .from(comments)
    .where(
      and(
        live,
        isNull(comments.parentId),
        sql`(${comments.createdAt}, ${comments.id}) >= (select c.created_at, c.id from comments c where c.id = ${topId})`,
      ),
    );
  const needed = upTo?.n ?? 0;
  if (needed === 0) return 0;
  return Math.ceil(needed / COMMENTS_PAGE) * COMMENTS_PAGE;
}

/**
 * The members the comments @mention who have a profile to link to (not
 * blocked: their profile is a 404), by lower-case username.
 */
export async function mentionedMembers(
  db: Database,
  rows: { content: string }[],
): Promise<Map<string, string>> {
  const names = [...new Set(rows.flatMap((row) => mentionedUsernames(row.content)))];
  if (names.length === 0) return new Map();
  const found = await db
    .select({ username: profiles.username })
    .from(profiles)
    .where(
      and(inArray(sql`lower(${profiles.username})`, names), sql`${profiles.status} <> 'blocked'`),
    );
  return new Map(found.map((p) => [p.username.toLowerCase(), p.username]));
}
