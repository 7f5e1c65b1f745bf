/**
 * Rows the application cannot work without, ensured at every start-up.
 *
 * Every insert is ON CONFLICT DO NOTHING: a row that exists is left exactly as
 * an admin last edited it. A named category that was deleted comes back on the
 * next start, because the header links to these six slugs (docs/product/reading.md#header-and-footer).
 */
import type { Database } from "./client";
import { categories, SITE_SETTINGS_ID, siteSettings, UNCATEGORIZED_ID } from "./schema";

type CategorySeed = Pick<
  typeof categories.$inferInsert,
  "name" | "slug" | "description" | "schemaType"
>;

/** The reserved fallback category; the same values as migration 0001 inserts. */
export const UNCATEGORIZED_CATEGORY = {
  id: UNCATEGORIZED_ID,
  name: "Uncategorized",
  slug: "uncategorized",
  description: "Posts that are not yet filed under a topic.",
  schemaType: "Article",
} as const satisfies CategorySeed & { id: string };

/** The categories the header links to by slug. */
export const NAMED_CATEGORIES = [
  {
    slug: "news",
    name: "News",
    description:
      "What changed this week for founders trading between the UK and India: policy, funding, visas and markets.",
    schemaType: "NewsArticle",
  },
  {
    slug: "guides",
    name: "Guides",
    description:
      "Step-by-step playbooks for setting up, hiring, banking and selling across the UK–India corridor.",
    schemaType: "BlogPosting",
  },
  {
    slug: "amas",
    name: "AMAs",
    description:
      "Mentors and operators answer the community's questions on building, funding and expanding a startup.",
    schemaType: "Article",
  },
  {
    slug: "podcast",
    name: "Podcast",
    description:
      "Conversations with founders, investors and advisers who have built companies in both countries.",
    schemaType: "Article",
  },
  {
    slug: "startup-story",
    name: "Startup Stories",
    description:
      "Honest accounts from founders who took a product from London to Bengaluru, or the other way round.",
    schemaType: "BlogPosting",
  },
  {
    slug: "events",
    name: "Events",
    description:
      "Meet-ups, office hours, trade missions and pitch nights for UK–India founders, online and in person.",
    schemaType: "Article",
  },
] as const satisfies readonly CategorySeed[];

export type NamedCategorySlug = (typeof NAMED_CATEGORIES)[number]["slug"];

/**
 * Ensures the single site_settings row, the reserved `uncategorized` category
 * and the six named categories exist. Idempotent; never updates a row.
 */
export async function ensureReservedRows(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(siteSettings).values({ id: SITE_SETTINGS_ID }).onConflictDoNothing();
    // No conflict target: a clash on the id or on the slug both mean "already there".
    await tx
      .insert(categories)
      .values([UNCATEGORIZED_CATEGORY, ...NAMED_CATEGORIES])
      .onConflictDoNothing();
  });
}
