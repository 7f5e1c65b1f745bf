import { Link } from "react-router";

/**
 * The header frame. Category links, the About menu, search, the bell and the
 * avatar menu arrive with the reading and community features.
 */
/** "FounderBridge" → "FB"; a one-word name gives its first two letters. */
function initials(name: string) {
  const capitals = name.match(/[A-Z]/g) ?? [];
  return (capitals.length >= 2 ? capitals.slice(0, 2).join("") : name.slice(0, 2)).toUpperCase();
}

export function SiteHeader({ siteName }: { siteName: string }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-900">
          <span
            aria-hidden="true"
            className="inline-flex h-8 w-8 items-center justify-center rounded-md bg-brand-700 text-sm text-white"
          >
            {initials(siteName)}
          </span>
          <span>{siteName}</span>
        </Link>
        <nav aria-label="Main">
          <ul className="flex items-center gap-4 text-sm font-medium text-slate-700">
            <li>
              <Link to="/" className="hover:text-brand-700">
                Home
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
