/**
 * Comments, replies and likes (docs/product/community.md#likes Comment section, docs/product/README.md#data-model, docs/product/README.md#roles-and-permissions).
 * Plain text, trimmed, 1 to 5,000 characters, no banned words, a per-member
 * rate limit counted from the member's own recent comments in the database
 * (so it holds across server instances). One reply level: a reply to a reply
 * attaches to its top comment. Deleting is soft (is_deleted) and takes the
 * comment's replies with it; the post's comment_count and each like_count
 * are kept by triggers in the same transaction.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import { formText } from "~/lib/form-fields";
import type { Database } from "#server/db/client";
import type { Services } from "#server/services";
import { claimIdempotencyKey, onceForKey, recordIdempotentResult } from "#server/db/idempotency";
import { commentLikes, comments, posts, profiles } from "#server/db/schema";
import { can, effectiveRole, type Actor, type Role } from "~/features/accounts/permissions";
import { isPubliclyVisible } from "~/features/posts/posts.server";
import { notifyCommentEvents } from "~/features/notifications/community.server";
import { mentionedUsernames } from "~/features/notifications/notification-rules";
import { mentionedMembers, shownThrough } from "./comment-reach.server";
import { containsBannedWord } from "~/features/profiles/banned-words.server";
import { isUuid } from "~/lib/uuid";

export const COMMENT_MAX = 5000;
export const COMMENTS_PAGE = 5;
/** The most top-level comments one page or request shows. */
export const COMMENTS_MAX_SHOWN = 100;
/** At most this many comments per member in RATE_WINDOW_SECONDS. */
export const RATE_LIMIT = 5;
export const RATE_WINDOW_SECONDS = 60;

export const COMMENT_MESSAGES = {
  empty: "Please write a comment before posting.",
  tooLong: `Comments can be at most ${COMMENT_MAX.toLocaleString("en-GB")} characters.`,
  banned: "Your comment contains inappropriate content. Please remove it and try again.",
  rateLimited: "You are commenting too quickly. Please wait a minute and try again.",
  postNotFound: "Post not found",
  parentNotFound: "The comment you are replying to no longer exists.",
  failed: "Failed to post comment. Please try again.",
  deleteFailed: "Failed to delete comment. Please try again.",
  forbidden: "You do not have permission to do that.",
} as const;

export type CommentView = {
  id: string;
  content: string;
  createdAt: string;
  likeCount: number;
  likedByMe: boolean;
  canDelete: boolean;
  /** Hidden from readers by members' reports (decision 0122): shown to its author and admins only. */
  hidden: boolean;
  /** The viewer may report it (a member's, not their own). */
  canReport: boolean;
  author: { username: string; name: string; photoUrl: string | null; role: Role };
  /** The members its @mentions name who exist (usernames as stored): linked when shown (docs/decisions/0266). */
  mentions: string[];
  replies: CommentView[];
};

export type CommentPage = { comments: CommentView[]; hasMore: boolean; total: number };

const columns = {
  id: comments.id,
  parentId: comments.parentId,
  content: comments.content,
  createdAt: comments.createdAt,
  likeCount: comments.likeCount,
  isHidden: comments.isHidden,
  authorId: comments.authorId,
  username: profiles.username,
  name: sql<string>`coalesce(nullif(${profiles.fullName}, ''), ${profiles.username})`,
  photoUrl: profiles.profilePhotoUrl,
  role: profiles.role,
};

/** The post's comments this viewer sees (not deleted; hidden ones to their author and admins). */
function liveComments(postId: string, viewer: Actor | null) {
  // A comment hidden by reports is seen by its author and admins only (decision 0122).
  const visible =
    viewer && effectiveRole(viewer) === "admin"
      ? undefined
      : viewer
        ? or(eq(comments.isHidden, false), eq(comments.authorId, viewer.id))
        : eq(comments.isHidden, false);
  return and(eq(comments.postId, postId), eq(comments.isDeleted, false), visible);
}

/** How many comments the viewer sees on the post now (the list's `total`). */
export async function commentTotal(
  db: Database,
  postId: string,
  viewer: Actor | null,
): Promise<number> {
  const [row] = await db.select({ n: count() }).from(comments).where(liveComments(postId, viewer));
  return row?.n ?? 0;
}

/** Top-level comments newest first, 5 at a time, each with its replies (oldest first). */
export async function listComments(
  db: Database,
  postId: string,
  viewer: Actor | null,
  options: { offset?: number; limit?: number; around?: string } = {},
): Promise<CommentPage> {
  const offset = Math.max(options.offset ?? 0, 0);
  const live = liveComments(postId, viewer);
  const asked = options.limit ?? COMMENTS_PAGE;
  const reach = options.around && offset === 0 ? await shownThrough(db, live, options.around) : 0;
  const limit = Math.min(Math.max(asked, reach, 1), COMMENTS_MAX_SHOWN);
  const [tops, [total]] = await Promise.all([
    db
      .select(columns)
      .from(comments)
      .innerJoin(profiles, eq(profiles.id, comments.authorId))
      .where(and(live, isNull(comments.parentId)))
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(limit + 1)
      .offset(offset),
    db.select({ n: count() }).from(comments).where(live),
  ]);
  const page = tops.slice(0, limit);
  const replies = page.length
    ? await db
        .select(columns)
        .from(comments)
        .innerJoin(profiles, eq(profiles.id, comments.authorId))
        .where(
          and(
            live,
            inArray(
              comments.parentId,
              page.map((c) => c.id),
            ),
          ),
        )
        .orderBy(asc(comments.createdAt), asc(comments.id))
    : [];
  const ids = [...page, ...replies].map((c) => c.id);
  const liked = new Set(
    viewer && ids.length
      ? (
          await db
            .select({ id: commentLikes.commentId })
            .from(commentLikes)
            .where(and(eq(commentLikes.userId, viewer.id), inArray(commentLikes.commentId, ids)))
        ).map((r) => r.id)
      : [],
  );
  const mentioned = await mentionedMembers(db, [...page, ...replies]);
  const view = (row: (typeof tops)[number]): CommentView => ({
    id: row.id,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    likeCount: row.likeCount,
    likedByMe: liked.has(row.id),
    canDelete: can(viewer, "comment.delete", {
      kind: "comment",
      authorId: row.authorId,
      authorRole: row.role,
    }),
    hidden: row.isHidden,
    canReport: row.authorId !== viewer?.id && can(viewer, "report.create"),
    author: { username: row.username, name: row.name, photoUrl: row.photoUrl, role: row.role },
    mentions: mentionedUsernames(row.content).flatMap((name) => mentioned.get(name) ?? []),
    replies: [],
  });
  const byId = new Map(page.map((row) => [row.id, view(row)]));
  for (const reply of replies) byId.get(reply.parentId!)?.replies.push(view(reply));
  return { comments: [...byId.values()], hasMore: tops.length > limit, total: total?.n ?? 0 };
}

/**
 * How many top-level comments the post page renders: `?comments=` (what Load
 * more links to without JavaScript), a multiple of 5 up to 100; else 5.
 */
/** The post page's ?comments=N: how many comments the page shows (commentsToShow). */
export const postCommentsQuery = z.object({
  comments: formText.transform((value) => commentsToShow(value)),
});

export function commentsToShow(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) &&
    n >= COMMENTS_PAGE &&
    n <= COMMENTS_MAX_SHOWN &&
    n % COMMENTS_PAGE === 0
    ? n
    : COMMENTS_PAGE;
}

/** The published post a comment may be attached to. */
export async function findCommentablePost(db: Database, postId: string) {
  if (!isUuid(postId)) return null;
  const [row] = await db
    .select({ id: posts.id, slug: posts.slug, title: posts.title, authorId: posts.authorId })
    .from(posts)
    .where(and(eq(posts.id, postId), isPubliclyVisible));
  return row ?? null;
}

export type CreateResult =
  { ok: true; id: string } | { ok: false; status: 400 | 403 | 404 | 429 | 500; error: string };

export async function createComment(
  db: Database,
  actor: Actor,
  input: { postId: string; content: string; parentId?: string | null },
  options: {
    log?: (error: unknown) => void;
    /** The submission's idempotency key (server/db/idempotency.ts): a retry posts nothing new. */
    idempotencyKey?: string;
    /** The job queue for the e-mails of the notifications; absent: none is started. */
    jobs?: Services["jobs"];
  } = {},
): Promise<CreateResult> {
  if (!can(actor, "comment.create")) {
    return { ok: false, status: 403, error: COMMENT_MESSAGES.forbidden };
  }
  const content = input.content.replace(/\r\n/g, "\n").trim();
  if (!content) return { ok: false, status: 400, error: COMMENT_MESSAGES.empty };
  if (content.length > COMMENT_MAX) {
    return { ok: false, status: 400, error: COMMENT_MESSAGES.tooLong };
  }
  const post = await findCommentablePost(db, input.postId);
  if (!post) return { ok: false, status: 404, error: COMMENT_MESSAGES.postNotFound };
  let parentId: string | null = null;
  let repliedTo: { commentId: string; authorId: string } | null = null;
  if (input.parentId) {
    if (!isUuid(input.parentId)) {
      return { ok: false, status: 400, error: COMMENT_MESSAGES.parentNotFound };
    }
    const [parent] = await db
      .select({ id: comments.id, parentId: comments.parentId, authorId: comments.authorId })
      .from(comments)
      .where(
        and(
          eq(comments.id, input.parentId),
          eq(comments.postId, post.id),
          eq(comments.isDeleted, false),
        ),
      );
    if (!parent) return { ok: false, status: 404, error: COMMENT_MESSAGES.parentNotFound };
    // One reply level: a reply to a reply answers the top comment.
    parentId = parent.parentId ?? parent.id;
    // The member answered is the one whose comment was replied to (decision 0120).
    repliedTo = { commentId: parent.id, authorId: parent.authorId };
  }
  let banned = false;
  try {
    banned = await containsBannedWord(db, content);
  } catch (error) {
    options.log?.(error);
  }
  if (banned) return { ok: false, status: 400, error: COMMENT_MESSAGES.banned };

  try {
    return await db.transaction(async (tx) => {
      const key = options.idempotencyKey;
      const claim = await claimIdempotencyKey<CreateResult>(
        tx,
        actor.id,
        key,
        `comment:${post.id}:${parentId ?? ""}`,
      );
      if (!claim.fresh) {
        return "result" in claim && claim.result
          ? claim.result
          : ({ ok: false, status: 400, error: COMMENT_MESSAGES.failed } as const);
      }
      const answer = async (result: CreateResult) => {
        await recordIdempotentResult(tx, actor.id, key, result);
        return result;
      };
      // One member's comments are counted one at a time (a transaction-scoped
      // lock on the member), so parallel requests cannot all pass the limit.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`comment:${actor.id}`}))`);
      const [recent] = await tx
        .select({ n: count() })
        .from(comments)
        .where(
          and(
            eq(comments.authorId, actor.id),
            gt(comments.createdAt, sql`now() - make_interval(secs => ${RATE_WINDOW_SECONDS})`),
          ),
        );
      if ((recent?.n ?? 0) >= RATE_LIMIT) {
        return answer({ ok: false, status: 429, error: COMMENT_MESSAGES.rateLimited });
      }
      const [row] = await tx
        .insert(comments)
        .values({ postId: post.id, authorId: actor.id, content, parentId })
        .returning({ id: comments.id });
      await notifyCommentEvents(
        { db: tx, jobs: options.jobs },
        {
          actorId: actor.id,
          comment: { id: row!.id, content },
          post,
          repliedTo,
        },
      );
      return answer({ ok: true, id: row!.id });
    });
  } catch (error) {
    options.log?.(error);
    return { ok: false, status: 500, error: COMMENT_MESSAGES.failed };
  }
}

type Executor = Pick<Database, "insert" | "select" | "update" | "execute">;

export type DeleteResult = { ok: true } | { ok: false; status: 403 | 404; error: string };

/** Own comment: any member; a plain user's: mentors too; any: admins (decided by permissions). */
export async function deleteComment(
  db: Database,
  actor: Actor,
  commentId: string,
  options: {
    /** Runs in the delete's transaction (an admin's decision on reports: closed and audited). */
    also?: (tx: Executor, deleted: { postId: string; authorId: string }) => Promise<void>;
  } = {},
): Promise<DeleteResult> {
  if (!isUuid(commentId)) return { ok: false, status: 404, error: COMMENT_MESSAGES.deleteFailed };
  const [found] = await db
    .select({
      id: comments.id,
      postId: comments.postId,
      authorId: comments.authorId,
      role: profiles.role,
    })
    .from(comments)
    .innerJoin(profiles, eq(profiles.id, comments.authorId))
    .where(and(eq(comments.id, commentId), eq(comments.isDeleted, false)));
  if (!found) return { ok: false, status: 404, error: COMMENT_MESSAGES.deleteFailed };
  if (
    !can(actor, "comment.delete", {
      kind: "comment",
      authorId: found.authorId,
      authorRole: found.role,
    })
  ) {
    return { ok: false, status: 403, error: COMMENT_MESSAGES.deleteFailed };
  }
  await db.transaction(async (tx) => {
    await tx
      .update(comments)
      .set({ isDeleted: true })
      .where(
        and(
          eq(comments.isDeleted, false),
          sql`(${comments.id} = ${found.id} OR ${comments.parentId} = ${found.id})`,
        ),
      );
    await options.also?.(tx, { postId: found.postId, authorId: found.authorId });
  });
  return { ok: true };
}

export type LikeResult =
  | { ok: true; liked: boolean; likeCount: number }
  | { ok: false; status: 400 | 403 | 404; error: string };

/**
 * Likes or unlikes; `like` says which (absent: toggle). With an idempotency
 * key, a retry answers what the first did (the state and count it left) and
 * changes nothing, so a retried toggle never flips back (docs/decisions/0095).
 */
export async function toggleLike(
  db: Database,
  actor: Actor,
  commentId: string,
  like?: boolean,
  options: { idempotencyKey?: string } = {},
): Promise<LikeResult> {
  if (!can(actor, "comment.like"))
    return { ok: false, status: 403, error: COMMENT_MESSAGES.forbidden };
  if (!isUuid(commentId)) return { ok: false, status: 404, error: "Comment not found" };
  const once = await db.transaction((tx) =>
    onceForKey<LikeResult>(
      tx as unknown as Database,
      actor.id,
      options.idempotencyKey,
      `like:${commentId}:${like ?? "toggle"}`,
      async () => {
        const [found] = await tx
          .select({ id: comments.id })
          .from(comments)
          .where(and(eq(comments.id, commentId), eq(comments.isDeleted, false)));
        if (!found) return { ok: false, status: 404, error: "Comment not found" } as const;
        const pair = and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, actor.id));
        let liked: boolean;
        if (like === false) {
          await tx.delete(commentLikes).where(pair);
          liked = false;
        } else {
          const inserted = await tx
            .insert(commentLikes)
            .values({ commentId, userId: actor.id })
            .onConflictDoNothing()
            .returning({ c: commentLikes.commentId });
          if (inserted.length === 0 && like === undefined) {
            await tx.delete(commentLikes).where(pair);
            liked = false;
          } else {
            liked = true;
          }
        }
        const [row] = await tx
          .select({ likeCount: comments.likeCount })
          .from(comments)
          .where(eq(comments.id, commentId));
        return { ok: true, liked, likeCount: row?.likeCount ?? 0 } as const;
      },
    ),
  );
  return "mismatch" in once ? { ok: false, status: 400, error: "Invalid request" } : once.result;
}
