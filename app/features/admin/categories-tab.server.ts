/**
 * The dashboard's Categories tab (docs/product/administration.md#categories Categories tab, category
 * deletion, reserved slug): every category with its post count, and
 * delete (asks first; refused for uncategorized; the posts move to
 * uncategorized through the foreign key's ON DELETE SET DEFAULT). Admins only.
 */
import { and, asc, count, eq, ne } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { categories, posts } from "#server/db/schema";
import type { Actor } from "~/features/accounts/permissions";
import { assertCan } from "~/features/accounts/permissions.server";
import { recordAdminAction } from "~/features/audit/audit.server";

export const UNCATEGORIZED_SLUG = "uncategorized";

export const CATEGORY_MESSAGES = {
  deleteQuestion:
    "Are you sure you want to delete this category? Its posts will move to Uncategorized.",
  deleted: "Category deleted successfully!",
  deleteFailed: "Failed to delete category",
  reserved: "Failed to delete category: the uncategorized category cannot be deleted",
  notFound: "Failed to delete category: Category not found",
  forbidden: "Permission denied: only admins can do this",
} as const;

export type AdminCategory = {
  id: string;
  name: string;
  slug: string;
  postCount: number;
};

/** Every category by name, with how many posts it holds (any status). */
export async function listAdminCategories(
  db: Database,
  actor: Actor | null | undefined,
): Promise<AdminCategory[]> {
  assertCan(actor, "admin.access");
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      postCount: count(posts.id),
    })
    .from(categories)
    .leftJoin(posts, eq(posts.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.name), asc(categories.slug));
  return rows.map((r) => ({ ...r, postCount: Number(r.postCount) }));
}

export async function findAdminCategory(db: Database, actor: Actor | null | undefined, id: string) {
  assertCan(actor, "admin.access");
  const [row] = await db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .where(eq(categories.id, id));
  return row ?? null;
}

export type CategoryActionResult =
  | { ok: true; message: string; moved: number }
  | { ok: false; status: 403 | 404 | 409 | 500; error: string };

/** Deletes a category (never uncategorized); its posts move to uncategorized. */
export async function deleteCategory(
  db: Database,
  actor: Actor | null | undefined,
  id: string,
): Promise<CategoryActionResult> {
  assertCan(actor, "admin.access");
  try {
    return await db.transaction(async (tx) => {
      const [target] = await tx
        .select({ slug: categories.slug, name: categories.name })
        .from(categories)
        .where(eq(categories.id, id));
      if (!target) return { ok: false, status: 404, error: CATEGORY_MESSAGES.notFound } as const;
      if (target.slug === UNCATEGORIZED_SLUG) {
        return { ok: false, status: 409, error: CATEGORY_MESSAGES.reserved } as const;
      }
      const [moved] = await tx.select({ n: count() }).from(posts).where(eq(posts.categoryId, id));
      const rows = await tx
        .delete(categories)
        .where(and(eq(categories.id, id), ne(categories.slug, UNCATEGORIZED_SLUG)))
        .returning({ id: categories.id });
      if (!rows.length) {
        return { ok: false, status: 404, error: CATEGORY_MESSAGES.notFound } as const;
      }
      await recordAdminAction(tx, actor, {
        action: "category.delete",
        targetType: "category",
        targetId: id,
        targetLabel: target.name,
        details: { slug: target.slug, postsMoved: Number(moved!.n) },
      });
      return { ok: true, message: CATEGORY_MESSAGES.deleted, moved: Number(moved!.n) } as const;
    });
  } catch {
    return { ok: false, status: 500, error: CATEGORY_MESSAGES.deleteFailed };
  }
}
