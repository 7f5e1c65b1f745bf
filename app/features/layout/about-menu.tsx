import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { ChevronDownIcon } from "./icons";
import { ABOUT_LINKS } from "./nav-links";

/**
 * The About dropdown: a disclosure (button with aria-expanded controlling a
 * list of links). Enter/Space toggle it; Escape closes it and returns focus
 * to the button; ArrowDown opens it on the first link, ArrowUp/ArrowDown move
 * between links; leaving it (focus or click elsewhere) closes it.
 */
export function AboutMenu() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const links = () => Array.from(root.current?.querySelectorAll<HTMLAnchorElement>("a") ?? []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    if (!open) {
      setOpen(true);
      requestAnimationFrame(() => links()[0]?.focus());
      return;
    }
    const all = links();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    const next = event.key === "ArrowDown" ? index + 1 : index - 1;
    all[(next + all.length) % all.length]?.focus();
  };

  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex items-center gap-1 rounded px-2 py-1 hover:text-brand-700"
      >
        About
        <ChevronDownIcon className={`h-4 w-4 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <ul
        id={id}
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-64 rounded-md border border-slate-200 bg-white py-2 shadow-lg"
      >
        {ABOUT_LINKS.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              onClick={() => setOpen(false)}
              className="block px-4 py-2 text-sm text-slate-800 hover:bg-brand-50 focus:bg-brand-50"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
