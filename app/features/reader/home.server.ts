import type { Database } from "#server/db/client";
import { listCategories, readerCategories } from "~/features/categories/categories.server";
import { featuredPosts, HOME_FEATURED_LIMIT, publishedPosts } from "~/features/posts/posts.server";
import { loadArchivePage } from "~/features/posts/archive.server";

export const HOME_LISTED = 4;
export const RECOMMENDED_TOPICS = 6;
/** The archive starts after the hero and the listed posts. */
export const HOME_ARCHIVE_SKIP = 1 + HOME_LISTED;
/**
 * Page 1 ends with a few older posts as one-line rows and a link to the archive (docs/decisions/0269):
 * 20 more cards made the phone page 13,861 px tall. Page 2 starts with the next one.
 */
export const HOME_OLDER = 6;

/**
 * Home (docs/product/reading.md#home): one hero, up to 4 listed of the 50 newest, 4 featured, up
 * to 6 topics; then "Older posts" (docs/decisions/0110, 0269): 6 from the sixth newest on page 1,
 * then 20 a page. Page 2 on shows the archive alone; past the last page, archive is
 * null (the route answers 404).
 */
export async function loadHome(db: Database, categorySlug: string | null, page = 1) {
  const categories = await listCategories(db);
  const active = categorySlug ? categories.find((c) => c.slug === categorySlug) : undefined;
  const unknownCategory = Boolean(categorySlug && !active);
  const scope = active ? { kind: "category" as const, id: active.id } : { kind: "all" as const };
  const [newest, featured, archive] = await Promise.all([
    unknownCategory || page > 1 ? Promise.resolve([]) : publishedPosts(db, active?.id),
    featuredPosts(db, HOME_FEATURED_LIMIT),
    unknownCategory
      ? null
      : loadArchivePage(db, scope, page, { skip: HOME_ARCHIVE_SKIP, firstPageSize: HOME_OLDER }),
  ]);
  const topics = readerCategories(categories)
    .filter((c) => c.postCount > 0)
    .sort((a, b) => b.postCount - a.postCount || a.name.localeCompare(b.name))
    .slice(0, RECOMMENDED_TOPICS)
    .map((c) => ({ name: c.name, slug: c.slug }));
  return {
    hero: newest[0] ?? null,
    listed: newest.slice(1, 1 + HOME_LISTED),
    archive,
    featured,
    topics,
    activeCategory: active ? { name: active.name, slug: active.slug } : null,
    unknownCategory,
  };
}
