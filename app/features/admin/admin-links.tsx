/** The admin pages, linked from each of them (docs/product/administration.md#access); Reports with its open count (docs/decisions/0122). */
import { Link, useRouteLoaderData } from "react-router";
import { ADMIN_PAGES, type AdminPagePath } from "~/lib/admin-pages";

export function AdminLinks({ current }: { current: AdminPagePath }) {
  // The root loader counts open reports for admins.
  const openReports = useRouteLoaderData<{ openReports?: number | null }>("root")?.openReports ?? 0;
  return (
    <nav aria-label="Admin pages" className="mb-4">
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {ADMIN_PAGES.map((page) => (
          <li key={page.to}>
            <Link
              to={page.to}
              aria-current={page.to === current ? "page" : undefined}
              className={
                page.to === current
                  ? "font-semibold text-slate-900"
                  : "text-brand-700 underline hover:text-brand-900"
              }
            >
              {page.label}
              {page.to === "/admin/reports" && openReports > 0 ? (
                <span
                  data-testid="open-reports-badge"
                  className="ml-1 inline-block min-w-5 rounded-full bg-red-700 px-1.5 text-center text-xs font-bold leading-5 text-white no-underline"
                >
                  {openReports > 99 ? "99+" : openReports}
                  <span className="sr-only"> open</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
