/**
 * The dashboard's Categories tab (docs/product/administration.md#categories): every category with its post
 * count, View, Edit and Delete (asks first; not for uncategorized).
 */
import { Link } from "react-router";
import { primaryButton } from "~/components/ui/button-styles";
import { cellClass, DataTable, rowClass } from "~/components/ui/data-table";
import { ConfirmDelete } from "./confirm-action";
import type { DashboardData } from "./dashboard-data";

export function CategoriesTab({ data }: { data: DashboardData }) {
  const { rows } = data.categories!;
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Link to="/admin/categories/new" className={primaryButton}>
          Add Category
        </Link>
      </div>
      <DataTable caption="Categories" headers={["Name", "Slug", "Posts", "Actions"]}>
        {rows.map((c) => (
          <tr key={c.id} className={rowClass}>
            <td className="py-2 pr-3 font-medium text-slate-900">{c.name}</td>
            <td className="py-2 pr-3 font-mono">{c.slug}</td>
            <td className={cellClass}>{c.postCount}</td>
            <td className="py-2">
              <div className="flex flex-wrap gap-2">
                <Link
                  to={`/categories/${c.slug}`}
                  className="rounded border border-slate-400 px-2 py-1 text-xs font-semibold"
                >
                  View<span className="sr-only">{` ${c.name}`}</span>
                </Link>
                <Link
                  to={`/admin/categories/${c.id}`}
                  className="rounded border border-slate-400 px-2 py-1 text-xs font-semibold"
                >
                  Edit<span className="sr-only">{` ${c.name}`}</span>
                </Link>
                {c.deletable ? (
                  <ConfirmDelete
                    action={data.here}
                    question={data.confirmations.deleteCategory}
                    fields={{ intent: "category-delete", categoryId: c.id }}
                    name={c.name}
                  />
                ) : null}
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
