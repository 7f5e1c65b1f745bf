/** The admin pages, linked from each of them (spec 2 §2); Reports with its open count (issue 20 §6). */
import { Link, useRouteLoaderData } from "react-router";

export const ADMIN_PAGES = [
  { to: "/admin", label: "Dashboard" },
  { to: "/admin/banned-words", label: "Banned Words" },
  { to: "/admin/redirects", label: "Redirects" },
  { to: "/admin/site-settings", label: "Site Settings" },
  { to: "/admin/reports", label: "Reports" },
  { to: "/admin/activity", label: "Activity" },
  { to: "/admin/analytics", label: "Analytics" },
  { to: "/admin/content-api", label: "Content API" },
  { to: "/admin/webhooks", label: "Webhooks" },
  { to: "/admin/import", label: "Import" },
] as const;

export function AdminLinks({ current }: { current: (typeof ADMIN_PAGES)[number]["to"] }) {
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
