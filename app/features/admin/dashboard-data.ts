/**
 * What the /admin page shows (spec 2 §2): its tabs and the data each tab
 * renders, made by dashboard-route.server.ts and rendered by dashboard.tsx
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
  users: {
    rows: UserRow[];
    query: string;
    page: number;
    pageCount: number;
    showing: string;
    pageLabel: string;
  } | null;
  posts: (Paged<PostRow> & { authors: { id: string; name: string }[] }) | null;
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

/** The address of page `page` of a paged tab, keeping its search. */
export const tabPageHref = (tab: AdminTab, query: string) => (page: number) => {
  const params = new URLSearchParams({ tab });
  if (query) params.set("q", query);
  params.set("page", String(page));
  return `/admin?${params}`;
};
