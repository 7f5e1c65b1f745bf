import type { Database } from "#server/db/client";
import {
  featuredPosts,
  publishedPosts,
  SIDEBAR_FEATURED_LIMIT,
} from "~/features/posts/posts.server";
import { prepareWidgets } from "~/features/posts/widgets.server";
import { findCategoryBySlug } from "~/features/categories/categories.server";

/** The category page (spec 1 §2): header, its published posts, widgets and featured posts. */
export async function loadCategoryPage(db: Database, slug: string) {
  const category = await findCategoryBySlug(db, slug);
  if (!category) return null;
  const [posts, featured] = await Promise.all([
    publishedPosts(db, category.id),
    featuredPosts(db, SIDEBAR_FEATURED_LIMIT),
  ]);
  return {
    category: {
      id: category.id,
      name: category.name,
      slug: category.slug,
      description: category.description,
      postCount: category.postCount,
    },
    posts,
    featured,
    widgets: prepareWidgets([category.sidebarWidget, category.sidebarWidget2]),
  };
}
