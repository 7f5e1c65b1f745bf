import { useState, type FormEvent, type RefObject } from "react";
import { useNavigate } from "react-router";
import { CloseIcon } from "./icons";

/** Where a search for `query` goes; undefined when the trimmed query is blank (docs/product/reading.md#search). */
export function searchHref(query: string): string | undefined {
  const trimmed = query.trim();
  return trimmed ? `/search?q=${encodeURIComponent(trimmed)}` : undefined;
}

export type SearchFormProps = { input: RefObject<HTMLInputElement | null>; close: () => void };

/** The search dialog's content (search-dialog.tsx), loaded the first time it opens. */
export function SearchForm({ input, close }: SearchFormProps) {
  const [query, setQuery] = useState("");
  const navigate = useNavigate();
  const target = searchHref(query);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    close();
    setQuery("");
    void navigate(target);
  };

  return (
    <div className="p-5">
      <div className="flex items-center justify-between">
        <h2 id="search-dialog-title" className="text-lg font-bold">
          Search posts
        </h2>
        <button
          type="button"
          onClick={close}
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
  );
}
