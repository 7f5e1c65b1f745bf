import type { Database } from "#server/db/client";
import { featuredPosts, SIDEBAR_FEATURED_LIMIT } from "~/features/posts/posts.server";
import { prepareWidgets } from "~/features/posts/widgets.server";
import { findCategoryBySlug } from "~/features/categories/categories.server";
import { loadArchivePage, type ArchivePage } from "~/features/posts/archive.server";
import { eventsPage, type EventArchivePage } from "~/features/events/event-list.server";
import { EVENTS_CATEGORY_SLUG } from "~/features/events/event-rules";

/** The Events category lists upcoming events first, then past ones (docs/decisions/0115). */
type CategoryArchive = (ArchivePage & { events?: undefined }) | EventArchivePage;

/**
 * The category page (docs/product/reading.md#categories): header, its published posts (20 a page,
 * docs/decisions/0110), widgets and featured posts. "category" null: no such
 * category; "archive" null: no such page of it.
 */
export async function loadCategoryPage(db: Database, slug: string, page = 1) {
  const category = await findCategoryBySlug(db, slug);
  if (!category) return null;
  const [archive, featured] = await Promise.all([
    category.slug === EVENTS_CATEGORY_SLUG
      ? eventsPage(db, category.id, page)
      : (loadArchivePage(
          db,
          { kind: "category", id: category.id },
          page,
        ) as Promise<CategoryArchive | null>),
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
    archive,
    featured,
    widgets: prepareWidgets([category.sidebarWidget, category.sidebarWidget2]),
  };
}
