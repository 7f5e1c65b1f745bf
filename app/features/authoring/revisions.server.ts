/**
 * A post's history (docs/milestones.md#issue-18-the-writing-studio): every save by a person (Publish, Save as
 * draft, a restore; never an autosave) keeps a revision of the title, body,
 * excerpt and author. The last 50 per post are kept; the table's foreign key
 * deletes them with the post. A revision is compared with the post as it is
 * now (word by word, the `diff` library) and can be restored, which saves
 * the post again and so is itself a new revision.
 */
import { diffWords } from "diff";
import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { postRevisions, posts, profiles } from "#server/db/schema";
import { can, type Actor } from "~/features/accounts/permissions";
import { htmlToText } from "~/features/posts/sanitize.server";
import { isUuid } from "~/lib/uuid";
import { readingTimeMinutes } from "./post-rules";

export const REVISIONS_KEPT = 50;

type Snapshot = {
  postId: string;
  title: string;
  content: string;
  excerpt: string | null;
  authorId: string;
  savedBy: string;
  at: Date;
};

/** Keeps a revision and drops all but the newest 50 (inside the save's transaction). */
export async function recordRevision(tx: Database, snapshot: Snapshot): Promise<void> {
  await tx.insert(postRevisions).values({
    postId: snapshot.postId,
    title: snapshot.title,
    content: snapshot.content,
    excerpt: snapshot.excerpt,
    authorId: snapshot.authorId,
    savedBy: snapshot.savedBy,
    createdAt: snapshot.at,
  });
  const newest = tx
    .select({ id: postRevisions.id })
    .from(postRevisions)
    .where(eq(postRevisions.postId, snapshot.postId))
    .orderBy(desc(postRevisions.createdAt), desc(postRevisions.id))
    .limit(REVISIONS_KEPT);
  await tx
    .delete(postRevisions)
    .where(and(eq(postRevisions.postId, snapshot.postId), notInArray(postRevisions.id, newest)));
}

export type RevisionSummary = {
  id: string;
  title: string;
  savedAt: string;
  savedBy: string;
};

async function editablePost(db: Database, actor: Actor | null | undefined, postId: string) {
  if (!isUuid(postId)) return undefined;
  const [post] = await db
    .select({
      id: posts.id,
      slug: posts.slug,
      title: posts.title,
      content: posts.content,
      excerpt: posts.excerpt,
      authorId: posts.authorId,
      postType: posts.postType,
    })
    .from(posts)
    .where(eq(posts.id, postId));
  if (!post || !can(actor, "post.write", { kind: "post", authorId: post.authorId })) {
    return undefined;
  }
  return post;
}

/** The post's revisions, newest first; undefined when the actor may not edit the post. */
export async function listRevisions(
  db: Database,
  actor: Actor | null | undefined,
  postId: string,
): Promise<RevisionSummary[] | undefined> {
  if (!(await editablePost(db, actor, postId))) return undefined;
  const rows = await db
    .select({
      id: postRevisions.id,
      title: postRevisions.title,
      createdAt: postRevisions.createdAt,
      savedBy: sql<string>`coalesce(nullif(${profiles.fullName}, ''), ${profiles.username}, 'Someone')`,
    })
    .from(postRevisions)
    .leftJoin(profiles, eq(profiles.id, postRevisions.savedBy))
    .where(eq(postRevisions.postId, postId))
    .orderBy(desc(postRevisions.createdAt), desc(postRevisions.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    savedAt: r.createdAt.toISOString(),
    savedBy: r.savedBy,
  }));
}

export type DiffPart = { value: string; added?: boolean; removed?: boolean };

/** Word by word, from `before` to `after`. */
export function diffText(before: string, after: string): DiffPart[] {
  return diffWords(before, after).map((p) => ({
    value: p.value,
    ...(p.added ? { added: true } : {}),
    ...(p.removed ? { removed: true } : {}),
  }));
}

export type RevisionDiff = { title: DiffPart[]; excerpt: DiffPart[]; body: DiffPart[] };

/** What changed from the revision to the post as it is now (text of the body, not its HTML). */
export async function revisionDiff(
  db: Database,
  actor: Actor | null | undefined,
  postId: string,
  revisionId: string,
): Promise<RevisionDiff | undefined> {
  const post = await editablePost(db, actor, postId);
  if (!post || !isUuid(revisionId)) return undefined;
  const [revision] = await db
    .select()
    .from(postRevisions)
    .where(and(eq(postRevisions.id, revisionId), eq(postRevisions.postId, postId)));
  if (!revision) return undefined;
  return {
    title: diffText(revision.title, post.title),
    excerpt: diffText(revision.excerpt ?? "", post.excerpt ?? ""),
    body: diffText(htmlToText(revision.content), htmlToText(post.content)),
  };
}

/**
 * Puts the revision's title, body, excerpt and author back, and keeps that
 * as a new revision. Answers the post's slug, or undefined when not allowed.
 */
export async function restoreRevision(
  db: Database,
  actor: Actor | null | undefined,
  postId: string,
  revisionId: string,
  now: Date = new Date(),
): Promise<{ slug: string } | undefined> {
  const post = await editablePost(db, actor, postId);
  if (!post || !actor || !isUuid(revisionId)) return undefined;
  const [revision] = await db
    .select()
    .from(postRevisions)
    .where(and(eq(postRevisions.id, revisionId), eq(postRevisions.postId, postId)));
  if (!revision) return undefined;
  // A mentor restores their own post; the author stays theirs.
  const authorId =
    revision.authorId && can(actor, "post.write", { kind: "post", authorId: revision.authorId })
      ? revision.authorId
      : post.authorId;
  await db.transaction(async (tx) => {
    await tx
      .update(posts)
      .set({
        title: revision.title,
        content: revision.content,
        excerpt: revision.excerpt,
        authorId,
        readingTimeMinutes: readingTimeMinutes(htmlToText(revision.content), post.postType),
        updatedAt: now,
        updatedBy: actor.id,
      })
      .where(eq(posts.id, postId));
    await recordRevision(tx, {
      postId,
      title: revision.title,
      content: revision.content,
      excerpt: revision.excerpt,
      authorId,
      savedBy: actor.id,
      at: now,
    });
  });
  return { slug: post.slug };
}
