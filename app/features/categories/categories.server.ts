import { asc, sql } from "drizzle-orm";
import { CACHE_TTL, createCache } from "#server/cache/cache";
import type { Database } from "#server/db/client";
import { categories, type SidebarWidget } from "#server/db/schema";

export type CategoryWithCount = {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  schemaType: "NewsArticle" | "BlogPosting" | "Article";
  sidebarWidget: SidebarWidget | null;
  sidebarWidget2: SidebarWidget | null;
  /** Publicly visible posts in the category. */
  postCount: number;
};

/** The slugs the header links to, in the header's order (docs/product/reading.md#header-and-footer). */
export const HEADER_CATEGORY_SLUGS = [
  "news",
  "guides",
  "amas",
  "podcast",
  "startup-story",
  "events",
] as const;

const allCategoriesCache = createCache<CategoryWithCount[]>({
  name: "categories",
  ttl: CACHE_TTL.categories,
  // Post counts change with posts too.
  scopes: ["categories", "posts"],
  max: 1,
});

/** Every category ordered by name, with its count of visible posts (cached 10 minutes). */
export function listCategories(db: Database): Promise<CategoryWithCount[]> {
  return allCategoriesCache.get("all", () => loadCategories(db));
}

async function loadCategories(db: Database): Promise<CategoryWithCount[]> {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
      schemaType: categories.schemaType,
      sidebarWidget: categories.sidebarWidget,
      sidebarWidget2: categories.sidebarWidget2,
      postCount: sql<number>`(
        SELECT count(*)::int FROM posts p
        WHERE p.category_id = "categories"."id"
          AND p.status = 'published' AND p.published_at <= now()
      )`.mapWith(Number),
    })
    .from(categories)
    .orderBy(asc(categories.name));
}

/** One category by slug, or undefined. */
export async function findCategoryBySlug(
  db: Database,
  slug: string,
): Promise<CategoryWithCount | undefined> {
  const all = await listCategories(db);
  return all.find((c) => c.slug === slug);
}

/**
 * The categories offered to readers as topics (/categories, the home page's
 * recommended topics): every category, except Uncategorized while it holds no
 * published post (it is where posts wait for a real category, not a topic).
 */
export function readerCategories<T extends { slug: string; postCount: number }>(all: T[]): T[] {
  return all.filter((c) => c.slug !== "uncategorized" || c.postCount > 0);
}

/** The header's categories that exist, in the header's order. */
export function headerCategories(all: CategoryWithCount[]) {
  return HEADER_CATEGORY_SLUGS.flatMap((slug) => {
    const found = all.find((c) => c.slug === slug);
    return found ? [{ name: found.name, slug: found.slug }] : [];
  });
}

export { postCountLabel } from "./labels";
