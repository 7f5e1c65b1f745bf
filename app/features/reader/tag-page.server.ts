/**
 * The tag page, /tag/{slug} (docs/product/reading.md#archives-tags-and-feeds): the tag's published posts, 20 a
 * page, newest first. A tag no visible post carries has no page (its name
 * may come from a draft), so page 1 empty is a 404 as well.
 */
import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { tags } from "#server/db/schema";
import { featuredPosts, SIDEBAR_FEATURED_LIMIT } from "~/features/posts/posts.server";
import { loadArchivePage } from "~/features/posts/archive.server";

/** docs/product/reading.md's tag slug: lower case, spaces as hyphens; anything else is no tag's. */
const TAG_SLUG = /^[^\sA-Z/?#]{1,60}$/;

export async function findTagBySlug(db: Database, slug: string) {
  if (!TAG_SLUG.test(slug)) return null;
  const [row] = await db
    .select({ id: tags.id, name: tags.name, slug: tags.slug })
    .from(tags)
    .where(eq(tags.slug, slug))
    .limit(1);
  return row ?? null;
}

export async function loadTagPage(db: Database, slug: string, page = 1) {
  const tag = await findTagBySlug(db, slug);
  if (!tag) return null;
  const [archive, featured] = await Promise.all([
    loadArchivePage(db, { kind: "tag", id: tag.id }, page),
    featuredPosts(db, SIDEBAR_FEATURED_LIMIT),
  ]);
  if (!archive || archive.posts.length === 0) return null;
  return { tag, archive, featured };
}
