/**
 * What the /admin page shows (docs/product/administration.md#dashboard): its tabs and the data each tab
 * renders, made by dashboard.server.ts (and its tabs' modules) and rendered by dashboard.tsx
 * and the *-tab.tsx components.
 */
import type { BroadcastForm } from "./broadcasts.server";
import type { ConfirmStepData } from "./confirm-action";
import type { DashboardStats, TopLists, WeeklyActivity } from "./overview.server";

export type { ConfirmStepData };

export const ADMIN_TABS = ["overview", "users", "posts", "categories", "notifications"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export const TAB_LABELS: Record<AdminTab, string> = {
  overview: "Overview",
  users: "Users",
  posts: "Posts",
  categories: "Categories",
  notifications: "Notifications",
};

export type ConfirmableAction = "block" | "promote" | "delete";

/** A member as the page shows it (dates already formatted). */
export type UserRow = {
  id: string;
  username: string;
  fullName: string | null;
  email: string;
  role: "user" | "mentor" | "admin";
  status: "pending" | "approved" | "blocked";
  joined: string;
};

/** A post as the Posts tab shows it. */
export type PostRow = {
  id: string;
  title: string;
  slug: string;
  type: string;
  status: "draft" | "pending" | "published";
  isFeatured: boolean;
  published: string | null;
  /** Readers can open it at /post/{slug} now (published, not scheduled): View is shown only then. */
  live: boolean;
  authorId: string;
  authorName: string;
  authorUsername: string;
};

export type Paged<Row> = {
  rows: Row[];
  query: string;
  page: number;
  pageCount: number;
  showing: string;
  pageLabel: string;
  /** The column sorted by and its direction. */
  sort: string;
  dir: "asc" | "desc";
  /** The filters applied (name → value, "" when not filtered). */
  filters: Record<string, string>;
};

export type DashboardData = {
  tab: AdminTab;
  /** The page's own address (tab, q, page) that forms come back to. */
  here: string;
  selfId: string;
  notice: string | null;
  error: string | null;
  confirm: { action: ConfirmableAction; user: UserRow; question: string } | null;
  confirmations: Record<ConfirmableAction, string> & {
    deletePost: string;
    author: string;
    deleteCategory: string;
  };
  overview: {
    stats: DashboardStats;
    top: TopLists;
    pending: UserRow[];
    activity: WeeklyActivity[];
    audit: AuditRow[];
  } | null;
  users: Paged<UserRow> | null;
  posts:
    | (Paged<PostRow> & {
        categories: { slug: string; name: string }[];
      })
    | null;
  confirmStep: ConfirmStepData | null;
  categories: {
    rows: { id: string; name: string; slug: string; postCount: number; deletable: boolean }[];
  } | null;
  notifications: {
    values: BroadcastForm;
    history: BroadcastRow[];
  } | null;
};

/** One audit trail entry as the Overview lists it. */
export type AuditRow = {
  id: string;
  who: string | null;
  what: string;
  target: string | null;
  when: string;
  iso: string;
};

export type BroadcastRow = {
  id: string;
  title: string;
  message: string;
  link: string;
  roleFilter: string;
  statusFilter: string;
  recipientCount: number;
  sent: string;
  sentBy: string | null;
};

/** The order of a paged tab when none is asked for (users-tab and posts-tab servers). */
export const DEFAULT_SORTS: Partial<Record<AdminTab, { sort: string; dir: "asc" | "desc" }>> = {
  users: { sort: "joined", dir: "desc" },
  posts: { sort: "created", dir: "desc" },
};

/** The sort and direction as query parameters; none for the tab's default order. */
export function sortParams(
  tab: AdminTab,
  list: Pick<Paged<unknown>, "sort" | "dir">,
): Record<string, string> {
  const fallback = DEFAULT_SORTS[tab];
  return fallback?.sort === list.sort && fallback.dir === list.dir
    ? {}
    : { sort: list.sort, dir: list.dir };
}

/** A paged tab's address without its page: the search, the filters and the sort. */
export function listParams(tab: AdminTab, list: Omit<Paged<unknown>, "rows">) {
  const params = new URLSearchParams({ tab });
  if (list.query) params.set("q", list.query);
  for (const [name, value] of Object.entries(list.filters)) if (value) params.set(name, value);
  for (const [name, value] of Object.entries(sortParams(tab, list))) params.set(name, value);
  return params;
}

/** The address of page `page` of a paged tab, keeping its search, filters and sort. */
export const tabPageHref =
  (tab: AdminTab, list: Omit<Paged<unknown>, "rows">) => (page: number) => {
    const params = listParams(tab, list);
    params.set("page", String(page));
    return `/admin?${params}`;
  };

/**
 * The address sorting a paged tab by `sort` (from its first page): the
 * other direction when it is already sorted by it.
 */
export function tabSortHref(
  tab: AdminTab,
  list: Omit<Paged<unknown>, "rows">,
  sort: string,
  firstDir: "asc" | "desc" = "asc",
) {
  const params = listParams(tab, list);
  params.set("sort", sort);
  params.set("dir", list.sort === sort ? (list.dir === "asc" ? "desc" : "asc") : firstDir);
  return `/admin?${params}`;
}
