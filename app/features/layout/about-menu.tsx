import { Link } from "react-router";
import { DropdownMenu } from "~/components/ui/dropdown-menu";
import { useHydrated } from "~/lib/use-hydrated";
import { ChevronDownIcon } from "./icons";
import { ABOUT_LINKS } from "./nav-links";

/**
 * The About dropdown: the kit's disclosure menu of the informational pages.
 * Only JavaScript opens it, so its links are drawn once hydrated; the footer
 * lists the same pages for readers and crawlers without it (decision 0160).
 */
export function AboutMenu() {
  const hydrated = useHydrated();
  return (
    <DropdownMenu
      trigger={(open) => (
        <>
          About
          <ChevronDownIcon className={`h-4 w-4 transition-transform ${open ? "rotate-180" : ""}`} />
        </>
      )}
      triggerClassName="inline-flex items-center gap-1 rounded px-2 py-1 hover:text-brand-700"
      panelClassName="absolute right-0 z-40 mt-2 w-64 rounded-md border border-slate-200 bg-white py-2 shadow-lg"
    >
      {(close) =>
        hydrated ? (
          <ul>
            {ABOUT_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  onClick={close}
                  className="block px-4 py-2 text-sm text-slate-800 hover:bg-brand-50 focus:bg-brand-50"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        ) : null
      }
    </DropdownMenu>
  );
}
