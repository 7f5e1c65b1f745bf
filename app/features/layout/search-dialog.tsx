import { useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router";
import { CloseIcon, SearchIcon } from "./icons";

/** Where a search for `query` goes; undefined when the trimmed query is blank (spec 1 §2, §5). */
export function searchHref(query: string): string | undefined {
  const trimmed = query.trim();
  return trimmed ? `/search?q=${encodeURIComponent(trimmed)}` : undefined;
}

/**
 * The search modal: a native <dialog> (focus kept inside, Escape closes,
 * focus returns to the opener). The opener is a link to /search, so without
 * JavaScript it still leads to a search form; the dialog's form is drawn the
 * first time it opens, not sent in every page's HTML (decision 0160).
 */
export function SearchDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [opened, setOpened] = useState(false);
  const open = () => {
    flushSync(() => setOpened(true));
    dialog.current?.showModal();
    input.current?.focus();
  };
  const [query, setQuery] = useState("");
  const navigate = useNavigate();
  const target = searchHref(query);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    dialog.current?.close();
    setQuery("");
    void navigate(target);
  };

  return (
    <>
      <a
        href="/search"
        role="button"
        aria-haspopup="dialog"
        onClick={(event) => {
          event.preventDefault();
          open();
        }}
        onKeyDown={(event) => {
          // A button opens on Space as well as Enter.
          if (event.key === " ") {
            event.preventDefault();
            open();
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
        {opened ? (
          <div className="p-5">
            <div className="flex items-center justify-between">
              <h2 id="search-dialog-title" className="text-lg font-bold">
                Search posts
              </h2>
              <button
                type="button"
                onClick={() => dialog.current?.close()}
                className="rounded p-1 text-slate-700 hover:bg-slate-100"
              >
                <CloseIcon />
                <span className="sr-only">Close search</span>
              </button>
            </div>
            <form
              role="search"
              action="/search"
              method="get"
              onSubmit={onSubmit}
              className="mt-4 flex gap-2"
            >
              <label htmlFor="search-dialog-query" className="sr-only">
                Search query
              </label>
              <input
                ref={input}
                id="search-dialog-query"
                name="q"
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder="Search articles, guides, AMAs…"
                autoComplete="off"
                className="min-w-0 flex-1 rounded-md border border-slate-400 px-3 py-2"
              />
              <button
                type="submit"
                disabled={!target}
                className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 disabled:cursor-not-allowed disabled:bg-slate-500"
              >
                Search
              </button>
            </form>
          </div>
        ) : null}
      </dialog>
    </>
  );
}
