/** The admin pages, linked from each of them (spec 2 §2). */
import { Link } from "react-router";

export const ADMIN_PAGES = [
  { to: "/admin", label: "Dashboard" },
  { to: "/admin/banned-words", label: "Banned Words" },
  { to: "/admin/redirects", label: "Redirects" },
  { to: "/admin/site-settings", label: "Site Settings" },
  { to: "/admin/activity", label: "Activity" },
  { to: "/admin/analytics", label: "Analytics" },
] as const;

export function AdminLinks({ current }: { current: (typeof ADMIN_PAGES)[number]["to"] }) {
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
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
