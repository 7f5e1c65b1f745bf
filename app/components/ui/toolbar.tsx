/**
 * The kit's toolbar (WAI-ARIA toolbar pattern): one tab stop for the whole
 * row, the arrow keys (and Home, End) move between its buttons, and Tab
 * leaves it. The button that last had focus keeps the tab stop ("roving
 * tabindex"), so coming back lands where the author left.
 */
import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from "react";

/** What the arrows move between. */
const ITEMS = "button:not([disabled]), select:not([disabled]), input:not([disabled])";

/** The index the key moves to among `count` items from `current` (wrapping), or null. */
export function toolbarMove(current: number, count: number, key: string): number | null {
  if (count === 0) return null;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  if (key === "ArrowRight") return (current + 1) % count;
  if (key === "ArrowLeft") return (current - 1 + count) % count;
  return null;
}

export function Toolbar({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const current = useRef(0);
  const items = () => Array.from(ref.current?.querySelectorAll<HTMLElement>(ITEMS) ?? []);

  // After every render (buttons come and go): exactly one item is in the tab order.
  useLayoutEffect(() => {
    ref.current?.querySelectorAll<HTMLElement>(":disabled").forEach((el) => (el.tabIndex = -1));
    const all = items();
    if (current.current >= all.length) current.current = 0;
    all.forEach((el, i) => (el.tabIndex = i === current.current ? 0 : -1));
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // A select keeps its own arrows.
    if (event.target instanceof HTMLSelectElement && event.key.startsWith("Arrow")) return;
    const all = items();
    const at = all.indexOf(event.target as HTMLElement);
    if (at < 0) return;
    const next = toolbarMove(at, all.length, event.key);
    if (next === null) return;
    event.preventDefault();
    all[at]!.tabIndex = -1;
    all[next]!.tabIndex = 0;
    all[next]!.focus();
  };

  return (
    <div
      ref={ref}
      role="toolbar"
      aria-label={label}
      aria-orientation="horizontal"
      className={className}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        const all = items();
        const at = all.indexOf(event.target);
        if (at < 0) return;
        current.current = at;
        all.forEach((el, i) => (el.tabIndex = i === at ? 0 : -1));
      }}
    >
      {children}
    </div>
  );
}
