/** The dashboard's Categories tab: the categories, and deleting one (asks first: confirmed=1). */
import type { Services } from "~/lib/services.server";
import type { Actor } from "~/features/accounts/permissions";
import { isUuid } from "~/lib/uuid";
import {
  CATEGORY_MESSAGES,
  deleteCategory,
  findAdminCategory,
  listAdminCategories,
  UNCATEGORIZED_SLUG,
} from "./categories-tab.server";
import type { ConfirmStepData, DashboardData } from "./dashboard-data";
import type { DashboardActionForm } from "./dashboard-view.server";

const failure = (status: number, error: string) => ({ ok: false as const, status, error });

export async function loadCategoriesTab(
  { db }: Pick<Services, "db">,
  actor: Actor,
): Promise<DashboardData["categories"]> {
  const rows = await listAdminCategories(db, actor);
  return { rows: rows.map((c) => ({ ...c, deletable: c.slug !== UNCATEGORIZED_SLUG })) };
}

/** intent=category-delete, categoryId. */
export async function runCategoryDeleteIntent(
  { db }: Pick<Services, "db">,
  actor: Actor,
  { form, here }: { form: DashboardActionForm; here: string },
) {
  const { categoryId } = form;
  if (!categoryId) return failure(400, "Invalid request: choose a category");
  if (!isUuid(categoryId)) return failure(404, CATEGORY_MESSAGES.notFound);
  if (form.confirmed !== "1") {
    const target = await findAdminCategory(db, actor, categoryId);
    if (!target) return failure(404, CATEGORY_MESSAGES.notFound);
    if (target.slug === UNCATEGORIZED_SLUG) return failure(409, CATEGORY_MESSAGES.reserved);
    return {
      ok: true as const,
      confirmStep: <ConfirmStepData>{
        heading: `Delete the category "${target.name}"?`,
        question: CATEGORY_MESSAGES.deleteQuestion,
        yes: "Yes, delete",
        action: here,
        fields: { intent: "category-delete", categoryId },
      },
    };
  }
  const result = await deleteCategory(db, actor, categoryId);
  if (!result.ok) return failure(result.status, result.error);
  return { ok: true as const, redirect: `${here}&done=category-delete` };
}
