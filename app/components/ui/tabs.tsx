/**
 * The kit's tabs: each tab is an address (a link with aria-current="page"
 * on the current one), so a tab can be bookmarked, reloaded and opened
 * without JavaScript, and the server renders only the current panel.
 */
import { Link } from "react-router";

export type LinkTab = { id: string; label: string; to: string };

export function LinkTabs({
  label,
  tabs,
  current,
}: {
  /** The navigation landmark's name. */
  label: string;
  tabs: readonly LinkTab[];
  current: string;
}) {
  return (
    <nav aria-label={label} className="mb-6 border-b border-slate-300">
      <ul className="flex flex-wrap gap-1">
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link
              to={tab.to}
              aria-current={current === tab.id ? "page" : undefined}
              className={`-mb-px inline-block border-b-2 px-4 py-2 font-semibold ${
                current === tab.id
                  ? "border-brand-700 text-brand-700"
                  : "border-transparent text-slate-700 hover:text-slate-900"
              }`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
