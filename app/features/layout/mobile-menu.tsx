import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link, useLocation } from "react-router";
import { CloseIcon, MenuIcon } from "./icons";
import { ThemeOptions } from "./theme-toggle";
import { ABOUT_LINKS, type NavCategory } from "./nav-links";

/**
 * The mobile side menu: a modal <dialog> sliding from the side, closed on
 * navigation. Its content is drawn the first time it opens: only JavaScript
 * opens it, so the page's HTML need not carry it (about 4 KB, decision 0160).
 */
export function MobileMenu({ categories }: { categories: NavCategory[] }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [opened, setOpened] = useState(false);
  const location = useLocation();
  useEffect(() => dialog.current?.close(), [location.pathname, location.search]);

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          // The content first, so that the modal focuses its first control.
          flushSync(() => setOpened(true));
          dialog.current?.showModal();
        }}
        className="inline-flex h-9 w-9 items-center justify-center rounded text-slate-800 hover:bg-slate-100 md:hidden"
      >
        <MenuIcon />
        <span className="sr-only">Open menu</span>
      </button>
      <dialog
        ref={dialog}
        aria-label="Menu"
        className="ml-auto mr-0 h-full max-h-none w-80 max-w-[85vw] bg-white p-0 shadow-xl backdrop:bg-slate-900/50"
        onClick={(event) => {
          if (event.target === dialog.current) dialog.current?.close();
        }}
      >
        {opened ? (
          <MenuContent categories={categories} close={() => dialog.current?.close()} />
        ) : null}
      </dialog>
    </>
  );
}

function MenuContent({ categories, close }: { categories: NavCategory[]; close: () => void }) {
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
