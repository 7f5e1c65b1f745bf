import { defaultPageMeta } from "~/features/seo/meta";
import { data, redirect } from "react-router";
import { CategoryEditor } from "~/features/admin/category-editor";
import {
  categoryFormSchema,
  categoryFormValues,
  loadCategory,
  saveCategory,
  valuesOfCategory,
  type CategoryFormValues,
} from "~/features/admin/category-editor.server";
import { dashboardFailure } from "~/features/admin/dashboard-view.server";
import type { Route } from "./+types/admin.category";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { services } from "~/lib/services.server";
import { defineAction, noStore } from "~/pipeline/action.server";
import { actor } from "~/pipeline/guards.server";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Category Editor", { noindex: true });
}

const EMPTY: CategoryFormValues = {
  name: "",
  slug: "",
  description: "",
  sidebar_widget: "",
  sidebar_widget_2: "",
};

/** Under the admins' guard (app/routes.ts): the actor is an admin. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.categoryId === "new") {
    return data({ isNew: true, values: EMPTY }, { headers: noStore });
  }
  const row = await loadCategory(services(context).db, actor(context), params.categoryId);
  // docs/product/administration.md#categories: "Failed to load category" (alert, then back to /admin).
  if (!row) throw redirect(dashboardFailure("category-load"), { headers: noStore });
  return data({ isNew: false, values: valuesOfCategory(row) }, { headers: noStore });
}

/**
 * POST the category's fields (/admin/categories/new creates one). A refusal
 * shows the form again as typed (`values`: null when nothing could be read);
 * success goes back to the dashboard's Categories tab.
 */
export const action = defineAction({
  permission: "admin.access",
  refusal: "to-home",
  schema: categoryFormSchema,
  limit: SMALL_BODY_LIMIT_BYTES,
  messages: { schemaMessage: true },
  refusedBody: ({ error, fields }) => ({
    error,
    values: fields ? categoryFormValues.parse(fields) : null,
  }),
  run: async ({ db }, admin, input, { params, fields }) => {
    const id = params.categoryId === "new" ? null : (params.categoryId ?? null);
    const result = await saveCategory(db, admin, id, input);
    if (!result.ok) {
      const values = categoryFormValues.parse(fields);
      return { ok: false, status: result.status, error: result.error, values };
    }
    const done = id === null ? "category-created" : "category-updated";
    return { ok: true, redirect: `/admin?tab=categories&done=${done}` };
  },
});

export default function AdminCategory({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CategoryEditor
      key={actionData?.values ? JSON.stringify(actionData.values) : "loaded"}
      isNew={loaderData.isNew}
      values={actionData?.values ?? loaderData.values}
      error={actionData?.error ?? null}
    />
  );
}
