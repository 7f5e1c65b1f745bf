import type { Database } from "#server/db/client";
import { listCategories, readerCategories } from "~/features/categories/categories.server";
import { featuredPosts, HOME_FEATURED_LIMIT, publishedPosts } from "~/features/posts/posts.server";

export const HOME_LISTED = 4;
export const RECOMMENDED_TOPICS = 6;

/** Home (spec 1 §2): one hero, up to 4 listed of the 50 newest, 4 featured, up to 6 topics. */
export async function loadHome(db: Database, categorySlug: string | null) {
  const categories = await listCategories(db);
  const active = categorySlug ? categories.find((c) => c.slug === categorySlug) : undefined;
  const [newest, featured] = await Promise.all([
    categorySlug && !active ? Promise.resolve([]) : publishedPosts(db, active?.id),
    featuredPosts(db, HOME_FEATURED_LIMIT),
  ]);
  const topics = readerCategories(categories)
    .filter((c) => c.postCount > 0)
    .sort((a, b) => b.postCount - a.postCount || a.name.localeCompare(b.name))
    .slice(0, RECOMMENDED_TOPICS)
    .map((c) => ({ name: c.name, slug: c.slug }));
  return {
    hero: newest[0] ?? null,
    listed: newest.slice(1, 1 + HOME_LISTED),
    featured,
    topics,
    activeCategory: active ? { name: active.name, slug: active.slug } : null,
    unknownCategory: Boolean(categorySlug && !active),
  };
}
