/**
 * The admin's own shell (docs/decisions/0259): no public header, promotion bar or footer; a
 * sidebar of every admin section (Reports with its open count, docs/decisions/0122) and "View
 * site", and one content width. At 768 px and below the sections become one line at the top that
 * scrolls sideways on its own, and the page's content comes right after it.
 */
import type { ReactNode } from "react";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import { ADMIN_SECTIONS, currentAdminSection } from "~/lib/admin-pages";

type RootData = { openReports?: number | null; siteName?: string };

function ReportsBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      data-testid="open-reports-badge"
      className="ml-1.5 inline-block min-w-5 rounded-full bg-slate-700 px-1.5 text-center text-xs font-bold leading-5 text-white no-underline"
    >
      {count > 99 ? "99+" : count}
      <span className="sr-only"> open</span>
    </span>
  );
}

export function AdminShell({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const openReports = root?.openReports ?? 0;
  const { pathname, search } = useLocation();
  const current = currentAdminSection(pathname, search);
  return (
    <div className="flex min-h-screen flex-col min-[769px]:flex-row">
      <div
        data-testid="admin-sidebar"
        className="border-b border-slate-200 bg-slate-50 min-[769px]:sticky min-[769px]:top-0 min-[769px]:flex min-[769px]:h-screen min-[769px]:w-56 min-[769px]:shrink-0 min-[769px]:flex-col min-[769px]:border-b-0 min-[769px]:border-r"
      >
        <p className="hidden px-4 pb-2 pt-5 text-sm font-bold text-slate-900 min-[769px]:block">
          {root?.siteName ?? "FounderBridge"}{" "}
          <span className="font-normal text-slate-600">Admin</span>
        </p>
        <nav
          aria-label="Admin pages"
          className="min-w-0 min-[769px]:flex-1 min-[769px]:overflow-y-auto"
        >
          <ul
            data-testid="admin-sections"
            className="flex gap-1 overflow-x-auto whitespace-nowrap px-2 py-2 text-sm min-[769px]:flex-col min-[769px]:overflow-x-visible min-[769px]:px-2"
          >
            {ADMIN_SECTIONS.map((section) => {
              const here = section.to === current;
              return (
                <li key={section.to} className="shrink-0">
                  <Link
                    to={section.to}
                    aria-current={here ? "page" : undefined}
                    className={`flex items-center rounded-md px-3 py-2 ${
                      here
                        ? "bg-slate-200 font-semibold text-slate-900"
                        : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                    }`}
                  >
                    {section.label}
                    {section.to === "/admin/reports" ? <ReportsBadge count={openReports} /> : null}
                  </Link>
                </li>
              );
            })}
            <li className="shrink-0 min-[769px]:hidden">
              <Link to="/" className="flex rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100">
                View site
              </Link>
            </li>
          </ul>
        </nav>
        <div className="hidden border-t border-slate-200 p-2 text-sm min-[769px]:block">
          <Link
            to="/"
            className="flex rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900"
          >
            View site
          </Link>
          <form method="post" action="/logout">
            <button
              type="submit"
              className="flex w-full rounded-md px-3 py-2 text-left text-slate-700 hover:bg-slate-100 hover:text-slate-900"
            >
              Sign Out
            </button>
          </form>
        </div>
      </div>
      <div data-testid="admin-content" className="min-w-0 flex-1">
        <div className="mx-auto w-full max-w-5xl px-4 py-6 min-[769px]:px-8 min-[769px]:py-8">
          {children}
        </div>
      </div>
    </div>
  );
}
