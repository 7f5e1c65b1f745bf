import { Link } from "react-router";
import { CloseIcon } from "./icons";
import { ThemeOptions } from "./theme-toggle";
import { ABOUT_LINKS, type NavCategory } from "./nav-links";

/** The mobile menu's content (mobile-menu.tsx), loaded the first time the menu opens. */
export function MenuContent({
  categories,
  close,
}: {
  categories: NavCategory[];
  close: () => void;
}) {
  return (
    <>
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <p className="font-bold">Menu</p>
        <button
          type="button"
          onClick={close}
          className="rounded p-1 text-slate-700 hover:bg-slate-100"
        >
          <CloseIcon />
          <span className="sr-only">Close menu</span>
        </button>
      </div>
      <nav aria-label="Mobile" className="px-4 py-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Topics</p>
        <ul className="mt-2 space-y-1">
          <li>
            <Link to="/" className="block rounded px-2 py-2 hover:bg-brand-50">
              Home
            </Link>
          </li>
          {categories.map((c) => (
            <li key={c.slug}>
              <Link
                to={`/categories/${c.slug}`}
                className="block rounded px-2 py-2 hover:bg-brand-50"
              >
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-xs font-semibold uppercase tracking-wide text-slate-600">About</p>
        <ul className="mt-2 space-y-1">
          {ABOUT_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="block rounded px-2 py-2 hover:bg-brand-50">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-xs font-semibold uppercase tracking-wide text-slate-600">Theme</p>
        <ThemeOptions />
      </nav>
    </>
  );
}
