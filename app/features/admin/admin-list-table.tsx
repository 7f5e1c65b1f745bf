/**
 * The dashboard's searchable lists (the Users and Posts tabs) on the kit's
 * SearchableTable: searched and paged at /admin?tab=…, with the tab's own
 * caption, search label and empty row.
 */
import type { ReactNode } from "react";
import { SearchableTable, type PagedList } from "~/components/ui/data-table";
import { tabPageHref } from "./dashboard-data";

const NAMES = { users: "Users", posts: "Posts" } as const;

export function AdminListTable({
  tab,
  list,
  searchLabel,
  headers,
  children,
}: {
  tab: keyof typeof NAMES;
  list: PagedList;
  searchLabel: string;
  headers: readonly string[];
  children: ReactNode[];
}) {
  const name = NAMES[tab];
  return (
    <SearchableTable
      list={list}
      search={{
        action: "/admin",
        id: `${tab.slice(0, -1)}-search`,
        label: searchLabel,
        hidden: { tab },
      }}
      pagerLabel={`${name} pages`}
      href={tabPageHref(tab, list.query)}
      caption={name}
      headers={headers}
      empty={`No ${tab} found.`}
    >
      {children}
    </SearchableTable>
  );
}
