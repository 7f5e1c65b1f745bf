/**
 * The kit's dropdown menu: a disclosure (a button with aria-expanded
 * controlling a panel of links and forms), the pattern for site navigation.
 * The panel is in the server's HTML (hidden until opened), so its links and
 * forms are real ones. The keyboard, written once here: Enter/Space toggle;
 * Escape closes and returns focus to the button; with `arrows`, ArrowDown on
 * the button opens the panel on its first entry and ArrowUp/ArrowDown move
 * between entries (wrapping); focus or a click leaving the menu closes it.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from "react";

/** The entry that ArrowUp/ArrowDown moves to from `current` (-1: none focused), wrapping. */
export function nextIndex(current: number, count: number, key: "ArrowDown" | "ArrowUp"): number {
  if (count === 0) return -1;
  const next = key === "ArrowDown" ? current + 1 : current < 0 ? count - 1 : current - 1;
  return (next + count) % count;
}

/** What the panel's arrows move between: its links and enabled buttons. */
const ENTRIES = "a[href], button:not([disabled])";

export function DropdownMenu({
  trigger,
  triggerClassName,
  triggerLabel,
  panelClassName,
  arrows = true,
  before,
  after,
  children,
}: {
  /** The button's content (given whether the menu is open). */
  trigger: ReactNode | ((open: boolean) => ReactNode);
  triggerClassName: string;
  /** The button's accessible name when its content is not one. */
  triggerLabel?: string;
  panelClassName: string;
  arrows?: boolean;
  /** Rendered before/after the button (e.g. a <noscript> fallback). */
  before?: ReactNode;
  after?: ReactNode;
  /** The panel's content; `close` closes the menu (e.g. when an entry is chosen). */
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const entries = () => Array.from(panel.current?.querySelectorAll<HTMLElement>(ENTRIES) ?? []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (!arrows || (event.key !== "ArrowDown" && event.key !== "ArrowUp")) return;
    event.preventDefault();
    if (!open) {
      setOpen(true);
      requestAnimationFrame(() => entries()[0]?.focus());
      return;
    }
    const all = entries();
    all[
      nextIndex(all.indexOf(document.activeElement as HTMLElement), all.length, event.key)
    ]?.focus();
  };

  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      {before}
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={triggerLabel}
        onClick={() => setOpen((value) => !value)}
        className={triggerClassName}
      >
        {typeof trigger === "function" ? trigger(open) : trigger}
      </button>
      {after}
      <div ref={panel} id={id} hidden={!open} className={panelClassName}>
        {children(() => setOpen(false))}
      </div>
    </div>
  );
}
