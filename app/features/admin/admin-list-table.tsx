/**
 * The dashboard's searchable lists (the Users and Posts tabs) on the kit's
 * SearchableTable: searched, filtered, sorted and paged at /admin?tab=…
 * (every choice in the address, so Back and a bookmark give the same list),
 * with the tab's own caption, search label, filters and empty row.
 */
import type { ReactNode } from "react";
import { SearchableTable, type TableHeader } from "~/components/ui/data-table";
import { Field, inputClass } from "~/components/ui/form";
import { tabPageHref, tabSortHref, type Paged } from "./dashboard-data";

const NAMES = { users: "Users", posts: "Posts" } as const;

/** A column: its header, and the sort key when it can be sorted by. */
export type ListColumn = {
  label: string;
  sort?: string;
  firstDir?: "asc" | "desc";
  srOnly?: boolean;
};

/** A filter select sent with the search ("" is every value). */
export type ListFilter = {
  name: string;
  label: string;
  all: string;
  options: readonly { value: string; label: string }[];
};

export function AdminListTable({
  tab,
  list,
  searchLabel,
  columns,
  filters = [],
  extraSorts = [],
  toolbar,
  children,
}: {
  tab: keyof typeof NAMES;
  list: Omit<Paged<unknown>, "rows">;
  searchLabel: string;
  columns: readonly ListColumn[];
  filters?: readonly ListFilter[];
  /** Orders offered beside the columns' (e.g. the date created, which has no column). */
  extraSorts?: readonly { value: string; label: string }[];
  toolbar?: ReactNode;
  children: ReactNode[];
}) {
  const name = NAMES[tab];
  const headers: TableHeader[] = columns.map((c) =>
    c.sort
      ? {
          label: c.label,
          sort: {
            href: tabSortHref(tab, list, c.sort, c.firstDir),
            direction:
              list.sort === c.sort ? (list.dir === "asc" ? "ascending" : "descending") : null,
          },
        }
      : { label: c.label, srOnly: c.srOnly },
  );
  return (
    <SearchableTable
      list={list}
      search={{
        action: "/admin",
        id: `${tab.slice(0, -1)}-search`,
        label: searchLabel,
        // A new search, filter or sort starts at page 1.
        hidden: { tab },
        children: [
          ...filters.map((f) => (
            <Field key={f.name} label={f.label} htmlFor={`${tab}-filter-${f.name}`}>
              <select
                id={`${tab}-filter-${f.name}`}
                name={f.name}
                defaultValue={list.filters[f.name] ?? ""}
                className={inputClass}
              >
                <option value="">{f.all}</option>
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </Field>
          )),
          // The headers sort too; on a phone the header row is hidden (stacked rows), so this
          // is how a phone sorts.
          <Field key="sort" label="Sort by" htmlFor={`${tab}-sort`}>
            <select id={`${tab}-sort`} name="sort" defaultValue={list.sort} className={inputClass}>
              {columns
                .filter((c) => c.sort)
                .map((c) => (
                  <option key={c.sort} value={c.sort}>
                    {c.label}
                  </option>
                ))}
              {extraSorts.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>,
          <Field key="dir" label="Order" htmlFor={`${tab}-dir`}>
            <select id={`${tab}-dir`} name="dir" defaultValue={list.dir} className={inputClass}>
              <option value="asc">Ascending</option>
              <option value="desc">Descending</option>
            </select>
          </Field>,
        ],
      }}
      toolbar={toolbar}
      pagerLabel={`${name} pages`}
      href={tabPageHref(tab, list)}
      caption={name}
      headers={headers}
      stacked
      empty={`No ${tab} found.`}
    >
      {children}
    </SearchableTable>
  );
}
