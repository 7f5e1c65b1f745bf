/**
 * The kit's table for lists: a search form (GET, so it works without
 * JavaScript and the address says what was searched), the table with its
 * header row (a sortable column's header is a link that sorts by it) and one
 * row saying so when there is nothing to show, and a pager of Previous / Next
 * links. A `stacked` table shows each row as a card below 640 px, each cell
 * labelled by its `data-label` (app.css), so no page scrolls sideways.
 */
import type { ReactNode } from "react";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { Form, Link } from "react-router";
import { secondaryButton } from "./button-styles";
import { inputClass } from "./form";

/** A body row's and a cell's classes, for the rows a caller renders. */
export const rowClass = "border-b border-slate-200 align-top";
export const cellClass = "py-2 pr-3";

/** A column header: its text, and for a sortable column where sorting by it goes. */
export type TableHeader =
  | string
  | {
      label: string;
      /** The column sorted by it: the address sorting by it and its direction now (null: not sorted by it). */
      sort?: { href: string; direction: "ascending" | "descending" | null };
      /** Shown to screen readers only (e.g. a column of checkboxes). */
      srOnly?: boolean;
    };

function HeaderCell({ header }: { header: TableHeader }) {
  const h = typeof header === "string" ? { label: header } : header;
  const sort = h.sort;
  if (!sort) {
    return (
      <th scope="col" className={cellClass}>
        {h.srOnly ? <span className="sr-only">{h.label}</span> : h.label}
      </th>
    );
  }
  const Icon =
    sort.direction === "ascending"
      ? ArrowUp
      : sort.direction === "descending"
        ? ArrowDown
        : ArrowUpDown;
  return (
    <th scope="col" className={cellClass} aria-sort={sort.direction ?? undefined}>
      <Link
        to={sort.href}
        className="inline-flex min-h-6 items-center gap-1 underline-offset-2 hover:underline"
      >
        {h.label}
        <Icon aria-hidden="true" className="h-3.5 w-3.5" />
        <span className="sr-only">
          {sort.direction === "ascending"
            ? ", sorted ascending: sort descending"
            : sort.direction === "descending"
              ? ", sorted descending: sort ascending"
              : ": sort by this column"}
        </span>
      </Link>
    </th>
  );
}

const headerLabel = (header: TableHeader) => (typeof header === "string" ? header : header.label);

/**
 * A table wider than the screen scrolls inside this box; the box takes
 * keyboard focus so that arrow keys scroll it (the table's caption names
 * what is inside; a role and name here would repeat a section's name).
 */
export function TableScrollBox({
  className = "",
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={`overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 ${className}`.trim()}
      tabIndex={0}
    >
      {children}
    </div>
  );
}

export function DataTable({
  caption,
  headers,
  empty,
  stacked = false,
  children,
}: {
  /** Read by screen readers only. */
  caption?: string;
  headers: readonly TableHeader[];
  /** Shown in one row when `children` is empty (no rows). */
  empty?: string;
  /** Below 640 px each row is a card and each cell shows its `data-label` (app.css). */
  stacked?: boolean;
  /** The body rows (<tr>). */
  children: ReactNode[] | ReactNode;
}) {
  const isEmpty = Array.isArray(children) ? children.length === 0 : !children;
  return (
    <TableScrollBox>
      <table className={`w-full text-left text-sm${stacked ? " stacked-table" : ""}`}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="border-b border-slate-300 text-slate-700">
          <tr>
            {headers.map((h) => (
              <HeaderCell key={headerLabel(h)} header={h} />
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
    </TableScrollBox>
  );
}

/** A search box for a table: GETs `action` with `q` (and the `hidden` fields). */
export function TableSearch({
  action,
  id,
  label,
  query,
  hidden = {},
  children,
}: {
  action: string;
  id: string;
  label: string;
  query: string;
  hidden?: Record<string, string>;
  /** More fields sent with the search (filters), before the button. */
  children?: ReactNode;
}) {
  return (
    <Form method="get" action={action} className="flex flex-wrap items-end gap-2" role="search">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="min-w-0 grow basis-48">
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
      {children}
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
  toolbar,
  ...table
}: {
  list: PagedList;
  search: Omit<Parameters<typeof TableSearch>[0], "query">;
  /** Shown between the search and the table (e.g. the bulk actions). */
  toolbar?: ReactNode;
  /** The pager's landmark name (e.g. "Users pages"). */
  pagerLabel: string;
  href: (page: number) => string;
} & Parameters<typeof DataTable>[0]) {
  return (
    <div className="space-y-4">
      <TableSearch {...search} query={list.query} />
      {toolbar}
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
