import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { clientLog } from "~/lib/client-log";
import { SearchIcon } from "./icons";
import type { SearchForm as SearchFormType } from "./search-form";

/**
 * The search modal: a native <dialog> (focus kept inside, Escape closes,
 * focus returns to the opener). The opener is a link to /search, so without
 * JavaScript it still leads to a search form; the dialog's form is drawn the
 * first time it opens, not sent in every page's HTML (decision 0160), and its
 * code loads on that first open, so pages do not ship it (docs/milestones.md#issue-17-performance).
 */
export function SearchDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [Form, setForm] = useState<typeof SearchFormType | null>(null);
  const open = async () => {
    try {
      const { SearchForm } = await import("./search-form");
      flushSync(() => setForm(() => SearchForm));
      dialog.current?.showModal();
      input.current?.focus();
    } catch (error) {
      clientLog.error("Failed to open search", { message: String(error) });
    }
  };

  return (
    <>
      <a
        href="/search"
        role="button"
        aria-haspopup="dialog"
        onClick={(event) => {
          event.preventDefault();
          void open();
        }}
        onKeyDown={(event) => {
          // A button opens on Space as well as Enter.
          if (event.key === " ") {
            event.preventDefault();
            void open();
          }
        }}
        className="inline-flex h-9 w-9 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 hover:text-brand-700"
      >
        <SearchIcon />
        <span className="sr-only">Search</span>
      </a>
      <dialog
        ref={dialog}
        aria-labelledby="search-dialog-title"
        className="m-auto mt-24 w-[min(36rem,calc(100%-2rem))] rounded-lg p-0 shadow-xl backdrop:bg-slate-900/50"
        onClick={(event) => {
          // A click on the backdrop (the dialog element itself) closes it.
          if (event.target === dialog.current) dialog.current?.close();
        }}
      >
        {Form ? <Form input={input} close={() => dialog.current?.close()} /> : null}
      </dialog>
    </>
  );
}
