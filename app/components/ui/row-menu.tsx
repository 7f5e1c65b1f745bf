/**
 * A table row's "…" menu (docs/decisions/0260): the row's secondary actions behind one small
 * button, so that a row shows one primary action and no stack of coloured buttons. A
 * `<details>`/`<summary>` disclosure: it opens and closes without JavaScript, and its links and
 * buttons are real ones. With JavaScript, Escape (focus back on the summary), a click outside or a chosen
 * entry closes it. Red is kept for the confirmation a destructive entry asks (confirm-dialog.tsx).
 */
import { useEffect, useRef, type ReactNode } from "react";

/** The class of one entry of the menu (a link or a button). */
export const rowMenuItem =
  "flex w-full items-center rounded px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100";

export function RowMenu({ label, children }: { label: string; children: ReactNode }) {
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const element = details.current;
    if (!element) return;
    const close = (focus: boolean) => {
      if (!element.open) return;
      element.open = false;
      if (focus) element.querySelector("summary")?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!element.contains(event.target as Node)) close(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close(true);
    };
    // A chosen entry closes the menu once its click has done its work (a post, a link).
    const onChoose = (event: MouseEvent) => {
      const entry = (event.target as Element).closest("a, button");
      // Focus left inside the closed menu would fall to the page: it goes to the summary, which
      // a dialog opened later (after a fetch) then gives it back to.
      if (entry && element.contains(entry))
        setTimeout(() => close(element.contains(document.activeElement)), 0);
    };
    document.addEventListener("pointerdown", onPointer);
    element.addEventListener("keydown", onKey);
    element.addEventListener("click", onChoose);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      element.removeEventListener("keydown", onKey);
      element.removeEventListener("click", onChoose);
    };
  }, []);
  return (
    <details ref={details} className="row-menu relative inline-block">
      <summary
        className="inline-flex min-h-8 min-w-8 cursor-pointer list-none items-center justify-center rounded border border-slate-300 px-2 text-sm font-bold text-slate-800 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
        aria-label={label}
        title={label}
      >
        <span aria-hidden="true">…</span>
      </summary>
      <div
        role="group"
        aria-label={label}
        className="absolute right-0 z-20 mt-1 min-w-44 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
      >
        {children}
      </div>
    </details>
  );
}

/**
 * Gives focus back to a dialog's opener; an opener inside a menu that closed meanwhile (a
 * row's "…" entry) gives it to the menu's summary, the control still in sight.
 */
export function focusOpener(opener: HTMLElement | null) {
  if (!opener?.isConnected) return;
  const menu = opener.closest("details");
  if (menu && !menu.open && opener.tagName !== "SUMMARY")
    menu.querySelector<HTMLElement>("summary")?.focus();
  else opener.focus();
}
