import { Link } from "react-router";
import { DropdownMenu } from "~/components/ui/dropdown-menu";
import { ChevronDownIcon } from "./icons";
import { ABOUT_LINKS } from "./nav-links";

/** The About dropdown: the kit's disclosure menu of the informational pages. */
export function AboutMenu() {
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
      {(close) => (
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
      )}
    </DropdownMenu>
  );
}
