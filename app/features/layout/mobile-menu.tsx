import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useLocation } from "react-router";
import { clientLog } from "~/lib/client-log";
import { MenuIcon } from "./icons";
import type { MenuContent as MenuContentType } from "./mobile-menu-content";
import type { NavCategory } from "./nav-links";

/**
 * The mobile side menu: a modal <dialog> sliding from the side, closed on
 * navigation. Its content is drawn the first time it opens: only JavaScript
 * opens it, so the page's HTML need not carry it (about 4 KB, decision 0160),
 * and its code loads on that first open, so pages do not ship it (docs/milestones.md#issue-17-performance).
 */
export function MobileMenu({ categories }: { categories: NavCategory[] }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [Content, setContent] = useState<typeof MenuContentType | null>(null);
  const location = useLocation();
  useEffect(() => dialog.current?.close(), [location.pathname, location.search]);

  const open = async () => {
    try {
      const { MenuContent } = await import("./mobile-menu-content");
      // The content first, so that the modal focuses its first control.
      flushSync(() => setContent(() => MenuContent));
      dialog.current?.showModal();
    } catch (error) {
      clientLog.error("Failed to open the menu", { message: String(error) });
    }
  };

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => void open()}
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
        {Content ? <Content categories={categories} close={() => dialog.current?.close()} /> : null}
      </dialog>
    </>
  );
}
