import { defaultPageMeta } from "~/features/seo/meta";
import { data, redirect } from "react-router";
import { db } from "#server/db/client";
import { requireAdmin } from "~/features/accounts/permissions.server";
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
import { readForm } from "~/lib/read-input.server";

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

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireAdmin(request);
  const headers = { "Cache-Control": "private, no-store" };
  if (params.categoryId === "new") return data({ isNew: true, values: EMPTY }, { headers });
  const row = await loadCategory(db(), actor, params.categoryId);
  // docs/product/administration.md#categories: "Failed to load category" (alert, then back to /admin).
  if (!row) throw redirect(dashboardFailure("category-load"), { headers });
  return data({ isNew: false, values: valuesOfCategory(row) }, { headers });
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  if (request.method !== "POST")
    return data({ error: "Method not allowed", values: null }, { status: 405 });
  const read = await readForm(request, categoryFormSchema, { limit: SMALL_BODY_LIMIT_BYTES });
  if (!read.ok && read.problem !== "invalid") {
    return data({ error: "Invalid request", values: null }, { status: 400 });
  }
  // What was typed, shown again on any failure.
  const values = categoryFormValues.parse(read.fields);
  if (!read.ok) return data({ error: read.message ?? "Invalid request", values }, { status: 400 });
  const id = params.categoryId === "new" ? null : params.categoryId;
  const result = await saveCategory(db(), actor, id, read.data);
  if (!result.ok) return data({ error: result.error, values }, { status: result.status });
  throw redirect(
    `/admin?tab=categories&done=${id === null ? "category-created" : "category-updated"}`,
  );
}

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
