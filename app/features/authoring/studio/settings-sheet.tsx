/**
 * The post's settings (docs/milestones.md#issue-18-the-writing-studio): a panel beside the text on wide screens, a
 * sheet over the page on phones. It is one <dialog> holding the form's own
 * fields (a descendant of the form, so they post with it): shown in place
 * (non-modal) on wide screens and before the page's script runs, and opened
 * modally on phones from the bar's Settings button (the page behind inert,
 * Escape and Close shut it).
 */
import { X } from "lucide-react";
import { useEffect, useRef, useSyncExternalStore, type ReactNode } from "react";

const WIDE = "(min-width: 1024px)";

function useWide(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const query = window.matchMedia(WIDE);
      query.addEventListener("change", notify);
      return () => query.removeEventListener("change", notify);
    },
    () => window.matchMedia(WIDE).matches,
    // Server: shown in place, like a wide screen.
    () => true,
  );
}

export function SettingsSheet({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const wide = useWide();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const modal = dialog.matches(":modal");
    if (wide) {
      if (modal) dialog.close();
      if (!dialog.open) dialog.show();
    } else if (open) {
      if (dialog.open && !modal) dialog.close();
      if (!dialog.open) dialog.showModal();
    } else if (dialog.open) {
      dialog.close();
    }
  }, [open, wide]);

  return (
    <dialog
      ref={ref}
      id="post-settings"
      aria-label="Post settings"
      open
      onClose={() => {
        if (open) onClose();
      }}
      className="static m-0 w-auto max-w-none border-0 bg-transparent p-0 text-inherit backdrop:bg-slate-900/50 [&:modal]:fixed [&:modal]:inset-0 [&:modal]:h-dvh [&:modal]:max-h-none [&:modal]:w-full [&:modal]:overflow-y-auto [&:modal]:bg-white [&:modal]:p-4"
    >
      <div className="mb-4 flex items-center justify-between lg:hidden [dialog:not(:modal)_&]:hidden">
        <h2 className="text-lg font-semibold text-slate-900">Post settings</h2>
        <button
          type="button"
          className="rounded p-2 text-slate-700 hover:bg-slate-100"
          onClick={() => ref.current?.close()}
        >
          <X aria-hidden="true" className="h-5 w-5" />
          <span className="sr-only">Close</span>
        </button>
      </div>
      <div className="space-y-6">{children}</div>
    </dialog>
  );
}
