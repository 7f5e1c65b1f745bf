/**
 * The /admin dashboard's address and form, read: the query string (tab, q,
 * page, sort, dir, role, status, category) as a view, the notices it was
 * sent back with (done, count, failed, confirm, user), and the one POST form
 * every tab's buttons send. The tabs' own loads and actions are in
 * dashboard-<tab>.server.ts; dashboard.server.ts puts them together.
 */
import { z } from "zod";
import {
  allOf,
  firstOf,
  formText,
  formTextOr,
  onceTextOrNull,
  readQuery,
} from "~/lib/read-input.server";
import {
  ADMIN_MESSAGES,
  SEARCH_MAX_LENGTH,
  USER_ACTIONS,
  USER_ROLES,
  USER_SORTS,
  USER_STATUSES,
  type UserAction,
  type UserRole,
} from "./users.server";
import { SORT_DIRECTIONS, type SortDirection } from "./list-page.server";
import { ADMIN_TABS, type AdminTab } from "./dashboard-data";
import { CATEGORY_EDITOR_MESSAGES } from "./category-editor.server";
import { CATEGORY_MESSAGES } from "./categories-tab.server";
import { BROADCAST_MESSAGES, broadcastFormValues } from "./broadcasts.server";
import { POST_FILTER_STATUSES, POST_MESSAGES, POST_SORTS } from "./posts-tab.server";
import { intentForm, messageFor } from "./page-input.server";

/** The dashboard's own messages (the query string's and the action's). */
export const DASHBOARD_MESSAGES = {
  unknownTab: "Unknown dashboard section",
  searchTooLong: `Search text must be at most ${SEARCH_MAX_LENGTH} characters`,
  badPage: "Page must be a whole number from 1",
  badSort: "Unknown sort order",
  badFilter: "Unknown filter",
  chooseUser: "Invalid request: choose an action and a user",
} as const;

export const MAX_ID_LENGTH = 200;

/** An id field sent once, not empty and at most MAX_ID_LENGTH long, or null. */
const idField = onceTextOrNull.transform((value) =>
  value && value.length <= MAX_ID_LENGTH ? value : null,
);

/**
 * The dashboard's POST as read: intent, the row it acts on (userId, postId,
 * authorId, categoryId), featured=1|0, confirmed=1 and the broadcast form.
 */
export const dashboardActionForm = broadcastFormValues.extend({
  ...intentForm.shape,
  userId: idField,
  postId: idField,
  authorId: idField,
  categoryId: idField,
  /** The selected posts of a bulk action: each id repeated, or one comma-separated list. */
  postIds: z.preprocess(
    allOf,
    z.array(z.unknown()).transform((values) =>
      values
        .flatMap((v) => (typeof v === "string" ? v.split(",") : []))
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ),
  featured: formText,
  /** A row's button in the table's one form (ROW_ACTIONS_FORM): "intent.id", see fromRow. */
  row: onceTextOrNull,
  // The broadcast's "Also send by e-mail" (docs/product/community.md#e-mail-and-preferences).
  email: formText,
});
export type DashboardActionForm = z.output<typeof dashboardActionForm>;

/**
 * A row button's `row=intent.id` as the fields a per-row form would have
 * sent (intent and userId or postId, featured for feature/unfeature): the
 * Users and Posts tables have one form, not four per row (docs/milestones.md#issue-19-administration-on-a-phone-and-at-scale, the
 * page's weight). The fields sent beside it (confirmed, authorId) stay.
 */
export function fromRow(form: DashboardActionForm): DashboardActionForm {
  if (form.row === null || form.intent !== null) return form;
  const dot = form.row.indexOf(".");
  const [intent, id] = dot < 0 ? [form.row, ""] : [form.row.slice(0, dot), form.row.slice(dot + 1)];
  const target = id && id.length <= MAX_ID_LENGTH ? id : null;
  if (intent === "post-feature" || intent === "post-unfeature") {
    return {
      ...form,
      intent: "post-feature",
      postId: target,
      featured: intent === "post-feature" ? "1" : "0",
    };
  }
  if (intent.startsWith("post-")) return { ...form, intent, postId: target };
  return { ...form, intent, userId: target };
}

/** An optional query parameter that must be one of `values` ("" is absent). */
const oneOfOrNull = <T extends string>(values: readonly T[], message: string) =>
  formText.pipe(
    z
      .string()
      .transform((v) => v || null)
      .pipe(z.enum(values as readonly [T, ...T[]], message).nullable()),
  );

/** The view: ?tab=, ?q= and ?page=, each refused with its message (a 400 showing the Overview). */
export const dashboardViewQuery = z.object({
  tab: formTextOr("overview").pipe(z.enum(ADMIN_TABS, DASHBOARD_MESSAGES.unknownTab)),
  q: formText.pipe(z.string().trim().max(SEARCH_MAX_LENGTH, DASHBOARD_MESSAGES.searchTooLong)),
  page: z.preprocess(
    (value) => firstOf(value) ?? null,
    z
      .string()
      .regex(/^[1-9][0-9]{0,6}$/, DASHBOARD_MESSAGES.badPage)
      .transform(Number)
      .nullable(),
  ),
  sort: oneOfOrNull([...new Set([...USER_SORTS, ...POST_SORTS])], DASHBOARD_MESSAGES.badSort),
  dir: oneOfOrNull(SORT_DIRECTIONS, DASHBOARD_MESSAGES.badSort),
  role: oneOfOrNull(USER_ROLES, DASHBOARD_MESSAGES.badFilter),
  status: oneOfOrNull(
    [...new Set([...USER_STATUSES, ...POST_FILTER_STATUSES])],
    DASHBOARD_MESSAGES.badFilter,
  ),
  category: formText.pipe(
    z
      .string()
      .trim()
      .max(200, DASHBOARD_MESSAGES.badFilter)
      .regex(/^[a-z0-9-]*$/, DASHBOARD_MESSAGES.badFilter),
  ),
});

/** What the page was sent back with: ?done= (and ?count=), ?failed=, ?confirm= and ?user=. */
const dashboardNoticeQuery = z.object({
  done: formText,
  count: formText,
  failed: formText,
  confirm: formText,
  user: formText,
});
export type DashboardNotices = z.output<typeof dashboardNoticeQuery>;

export type View = {
  tab: AdminTab;
  query: string;
  page: number | null;
  sort: string | null;
  dir: SortDirection | null;
  role: UserRole | null;
  status: string | null;
  category: string | null;
};

export const OVERVIEW: View = {
  tab: "overview",
  query: "",
  page: null,
  sort: null,
  dir: null,
  role: null,
  status: null,
  category: null,
};

export type ViewReading = { ok: true; view: View } | { ok: false; error: string };

const includes = (values: readonly string[], value: string) => values.includes(value);

/** The query string as a view; a sort or filter that is not the tab's is refused. */
export function readView(url: URL): ViewReading {
  const read = readQuery(url, dashboardViewQuery);
  if (!read.ok) return { ok: false, error: read.message ?? DASHBOARD_MESSAGES.unknownTab };
  const { tab, q, page, sort, dir, role, status, category } = read.data;
  const users = tab === "users";
  const posts = tab === "posts";
  if (sort && !((users && includes(USER_SORTS, sort)) || (posts && includes(POST_SORTS, sort)))) {
    return { ok: false, error: DASHBOARD_MESSAGES.badSort };
  }
  if (
    (status &&
      !(
        (users && includes(USER_STATUSES, status)) ||
        (posts && includes(POST_FILTER_STATUSES, status))
      )) ||
    (role && !users) ||
    (category && !posts)
  ) {
    return { ok: false, error: DASHBOARD_MESSAGES.badFilter };
  }
  return {
    ok: true,
    view: { tab, query: q, page, sort, dir, role, status, category: category || null },
  };
}

/** The page's own address: tab, and for Users and Posts the search, filters, sort and page. */
const PAGED_TABS: readonly AdminTab[] = ["users", "posts"];

export function pageAddress(view: View): string {
  const params = new URLSearchParams({ tab: view.tab });
  if (PAGED_TABS.includes(view.tab)) {
    if (view.query) params.set("q", view.query);
    if (view.role) params.set("role", view.role);
    if (view.status) params.set("status", view.status);
    if (view.category) params.set("category", view.category);
    if (view.sort) params.set("sort", view.sort);
    if (view.dir) params.set("dir", view.dir);
    if (view.page && view.page > 1) params.set("page", String(view.page));
  }
  return `/admin?${params}`;
}

/** Where an action goes back to: the page it was posted from (the Overview for a bad address). */
export function dashboardHere(url: URL): string {
  const parsed = readView(url);
  return parsed.ok ? pageAddress(parsed.view) : "/admin?tab=overview";
}

/** The loader's typed input: the view as read, and the notices. */
export type DashboardQuery = { view: ViewReading; notices: DashboardNotices };

export function readDashboardQuery(url: URL): DashboardQuery {
  const notices = readQuery(url, dashboardNoticeQuery);
  return {
    view: readView(url),
    notices: notices.ok ? notices.data : { done: "", count: "", failed: "", confirm: "", user: "" },
  };
}

const DONE_MESSAGES: Record<string, string> = {
  "category-delete": CATEGORY_MESSAGES.deleted,
  "category-created": CATEGORY_EDITOR_MESSAGES.created,
  "category-updated": CATEGORY_EDITOR_MESSAGES.updated,
  "post-delete": POST_MESSAGES.deleted,
  "post-feature": POST_MESSAGES.featured,
  "post-unfeature": POST_MESSAGES.unfeatured,
  "post-author": POST_MESSAGES.authorChanged,
};

/** ?done=bulk-…&count=n: the bulk actions' messages, with the number of posts. */
const BULK_DONE: Record<string, (n: number) => string> = {
  "bulk-feature": POST_MESSAGES.bulkFeatured,
  "bulk-unfeature": POST_MESSAGES.bulkUnfeatured,
  "bulk-delete": POST_MESSAGES.bulkDeleted,
};

/** `?failed=` keys: failures of other admin pages, shown as the dashboard's alert. */
export const FAILED_MESSAGES: Record<string, string> = {
  "category-load": CATEGORY_EDITOR_MESSAGES.loadFailed,
  "users-export": ADMIN_MESSAGES.exportFailed,
};

/** Where a failed admin page sends the admin back to, with its message. */
export const dashboardFailure = (key: "category-load" | "users-export") =>
  `/admin?${key === "category-load" ? "tab=categories&" : ""}failed=${key}`;

/** ?done= (and ?count=) as the notice shown, or null. */
export function noticeOf({ done, count }: DashboardNotices): string | null {
  if (done && (USER_ACTIONS as readonly string[]).includes(done)) {
    return ADMIN_MESSAGES.success[done as UserAction];
  }
  if (done === "broadcast" && /^[0-9]{1,9}$/.test(count)) {
    return BROADCAST_MESSAGES.sent(Number(count));
  }
  if (Object.hasOwn(BULK_DONE, done) && /^[0-9]{1,9}$/.test(count)) {
    return BULK_DONE[done]!(Number(count));
  }
  return messageFor(DONE_MESSAGES, done);
}

/** ?failed= as the alert shown, or null. */
export function failureOf({ failed }: DashboardNotices): string | null {
  return messageFor(FAILED_MESSAGES, failed);
}
