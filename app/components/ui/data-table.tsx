/**
 * The kit's table for lists: a search form (GET, so it works without
 * JavaScript and the address says what was searched), the table with its
 * header row and one row saying so when there is nothing to show, and a pager
 * of Previous / Next links.
 */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { secondaryButton } from "./button-styles";
import { inputClass } from "./form";

/** A body row's and a cell's classes, for the rows a caller renders. */
export const rowClass = "border-b border-slate-200 align-top";
export const cellClass = "py-2 pr-3";

export function DataTable({
  caption,
  headers,
  empty,
  children,
}: {
  /** Read by screen readers only. */
  caption?: string;
  headers: readonly string[];
  /** Shown in one row when `children` is empty (no rows). */
  empty?: string;
  /** The body rows (<tr>). */
  children: ReactNode[] | ReactNode;
}) {
  const isEmpty = Array.isArray(children) ? children.length === 0 : !children;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="border-b border-slate-300 text-slate-700">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className={cellClass}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {isEmpty && empty ? (
            <tr>
              <td colSpan={headers.length} className="py-4 text-slate-700">
                {empty}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A search box for a table: GETs `action` with `q` (and the `hidden` fields). */
export function TableSearch({
  action,
  id,
  label,
  query,
  hidden = {},
}: {
  action: string;
  id: string;
  label: string;
  query: string;
  hidden?: Record<string, string>;
}) {
  return (
    <Form method="get" action={action} className="flex flex-wrap items-end gap-2" role="search">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="grow">
        <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
          {label}
        </label>
        <input
          id={id}
          type="search"
          name="q"
          defaultValue={query}
          maxLength={200}
          className={inputClass}
        />
      </div>
      <button type="submit" className={secondaryButton}>
        Search
      </button>
    </Form>
  );
}

/** Previous / Next links around the page label, with the "showing" line. */
export function Pager({
  label,
  showing,
  pageLabel,
  page,
  pageCount,
  href,
}: {
  /** The navigation landmark's name (e.g. "Users pages"). */
  label: string;
  showing: string;
  pageLabel: string;
  page: number;
  pageCount: number;
  href: (page: number) => string;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700">{showing}</p>
      <div className="flex items-center gap-3">
        {page > 1 ? (
          <Link to={href(page - 1)} className={secondaryButton}>
            Previous
          </Link>
        ) : null}
        <span className="text-sm text-slate-800">{pageLabel}</span>
        {page < pageCount ? (
          <Link to={href(page + 1)} className={secondaryButton}>
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

/** What a paged list knows of where it is (the pager's figures and the search text). */
export type PagedList = {
  query: string;
  page: number;
  pageCount: number;
  showing: string;
  pageLabel: string;
};

/**
 * A searchable, paged list: the search form (searching `list.query`), the
 * table and the pager below it.
 */
export function SearchableTable({
  list,
  search,
  pagerLabel,
  href,
  ...table
}: {
  list: PagedList;
  search: Omit<Parameters<typeof TableSearch>[0], "query">;
  /** The pager's landmark name (e.g. "Users pages"). */
  pagerLabel: string;
  href: (page: number) => string;
} & Parameters<typeof DataTable>[0]) {
  return (
    <div className="space-y-4">
      <TableSearch {...search} query={list.query} />
      <DataTable {...table} />
      <Pager
        label={pagerLabel}
        showing={list.showing}
        pageLabel={list.pageLabel}
        page={list.page}
        pageCount={list.pageCount}
        href={href}
      />
    </div>
  );
}
