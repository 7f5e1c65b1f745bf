/**
 * A draft's preview (docs/milestones.md#issue-18-the-writing-studio): the post drawn exactly as its published page
 * will be, for its author and admins (anyone else: not found), and for
 * whoever holds its "share preview" link until the link is revoked or the
 * post is published. The link's token is random (32 bytes) and only its
 * SHA-256 is stored. Previews are never cached (no-store) nor indexed.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import type { Services } from "#server/services";
import { postPreviewLinks, posts } from "#server/db/schema";
import { can, type Actor, type Resource } from "~/features/accounts/permissions";
import { queryAnyPostById } from "~/features/posts/posts.server";
import type { PostDetail, PostView } from "~/features/posts/types";
import { isUuid } from "~/lib/uuid";

/** A preview is the viewer's own: no shared cache keeps it, no search engine lists it. */
export const PREVIEW_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

export const previewPath = (postId: string) => `/preview/${postId}`;

function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

export type PreviewAccess = "owner" | "share";

/**
 * The preview, and how the viewer may see it; undefined (a 404) for anyone
 * else. `draw` is the post page's own (reader's viewOfPost), handed in by the
 * route so the preview is the published page.
 */
export async function loadPreview(
  db: Database,
  input: { postId: string; actor: Actor | null | undefined; token?: string | null },
  draw: (post: PostDetail) => Promise<PostView>,
): Promise<{ view: PostView; access: PreviewAccess; status: string } | undefined> {
  const owner = await ownerOf(db, input.postId);
  if (!owner) return undefined;
  let access: PreviewAccess | null = null;
  if (can(input.actor, "post.write", { kind: "post", authorId: owner.authorId })) access = "owner";
  else if (input.token && owner.status !== "published") {
    const [link] = await db
      .select({ tokenHash: postPreviewLinks.tokenHash })
      .from(postPreviewLinks)
      .where(eq(postPreviewLinks.postId, owner.id));
    if (link && sameHash(link.tokenHash, hashToken(input.token))) access = "share";
  }
  if (!access) return undefined;
  const post = await queryAnyPostById(db, input.postId);
  if (!post) return undefined;
  // A draft has no date yet: it shows the day it would be published.
  const dated = { ...post, publishedAt: post.publishedAt ?? new Date() };
  return { view: await draw(dated), access, status: owner.status };
}

async function ownerOf(db: Database, postId: string) {
  if (!isUuid(postId)) return undefined;
  const [row] = await db
    .select({ id: posts.id, authorId: posts.authorId, status: posts.status })
    .from(posts)
    .where(eq(posts.id, postId));
  return row;
}

/** Who may manage a post's share link: whoever may edit it. */
/**
 * The post as the role table sees it ("post.write" on its author), or null
 * when there is none by that id: what the share action's guard asks about.
 */
export async function previewResource(
  { db }: Pick<Services, "db">,
  postId: string,
): Promise<Resource | null> {
  const owner = await ownerOf(db, postId);
  return owner ? { kind: "post", authorId: owner.authorId } : null;
}

async function mayManage(db: Database, actor: Actor | null | undefined, postId: string) {
  const owner = await ownerOf(db, postId);
  return Boolean(owner && can(actor, "post.write", { kind: "post", authorId: owner.authorId }));
}

/** A new share link (replacing any earlier one); answers its token, shown once. */
export async function createShareLink(
  db: Database,
  actor: Actor | null | undefined,
  postId: string,
): Promise<string | null> {
  if (!actor || !(await mayManage(db, actor, postId))) return null;
  const token = randomBytes(32).toString("base64url");
  const row = { postId, tokenHash: hashToken(token), createdBy: actor.id, createdAt: new Date() };
  await db
    .insert(postPreviewLinks)
    .values(row)
    .onConflictDoUpdate({ target: postPreviewLinks.postId, set: row });
  return token;
}

export async function revokeShareLink(
  db: Database,
  actor: Actor | null | undefined,
  postId: string,
): Promise<boolean> {
  if (!(await mayManage(db, actor, postId))) return false;
  await db.delete(postPreviewLinks).where(eq(postPreviewLinks.postId, postId));
  return true;
}

/** Publishing ends a draft's share link (called by the save action). */
export async function endShareLinks(db: Database, postId: string): Promise<void> {
  await db.delete(postPreviewLinks).where(eq(postPreviewLinks.postId, postId));
}

export async function hasShareLink(db: Database, postId: string): Promise<boolean> {
  if (!isUuid(postId)) return false;
  const [row] = await db
    .select({ postId: postPreviewLinks.postId })
    .from(postPreviewLinks)
    .where(eq(postPreviewLinks.postId, postId));
  return Boolean(row);
}

/**
 * The preview page's Share and Revoke (docs/milestones.md#issue-18-the-writing-studio): the share link's path, or
 * that it was revoked; null when the actor may not edit the post (the route
 * answers 404, as for a post that is not there).
 */
export async function sharePreview(
  { db }: Pick<Services, "db">,
  actor: Actor,
  input: { postId: string; intent: "share" | "revoke" },
): Promise<{ link: string | null; revoked: boolean } | null> {
  if (input.intent === "share") {
    const token = await createShareLink(db, actor, input.postId);
    return token ? { link: `${previewPath(input.postId)}?token=${token}`, revoked: false } : null;
  }
  return (await revokeShareLink(db, actor, input.postId)) ? { link: null, revoked: true } : null;
}
