/**
 * What the /admin route reads and does: the query string (tab, q, page,
 * confirm, user, done) validated into the page's data, and the user action
 * form (intent, userId, confirmed) run with PRG. Bad input is a 400 with a
 * message, never a 500.
 */
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Database } from "#server/db/client";
import type { Storage } from "#server/storage";
import type { Actor } from "~/features/accounts/permissions";
import { DEFAULT_SITE_TIME_ZONE, formatDate, formatDateTime } from "~/lib/format";
import {
  ADMIN_MESSAGES,
  CONFIRMATIONS,
  findAdminUser,
  listUsers,
  pageLabel,
  pendingApprovals,
  runUserAction,
  SEARCH_MAX_LENGTH,
  showingLabel,
  USER_ACTIONS,
  USER_ROLES,
  USER_SORTS,
  USER_STATUSES,
  type AdminUser,
  type UserAction,
  type UserRole,
  type UserSort,
  type UserStatus,
} from "./users.server";
import { SORT_DIRECTIONS, type SortDirection } from "./list-page.server";
import { dashboardStats, topLists, weeklyActivity } from "./overview.server";
import {
  ADMIN_TABS,
  type AdminTab,
  type ConfirmableAction,
  type DashboardData,
  type PostRow,
  type UserRow,
} from "./dashboard-data";
import { describeAdminAction, latestAdminActions } from "~/features/audit/audit.server";
import { CATEGORY_EDITOR_MESSAGES } from "./category-editor.server";
import {
  CATEGORY_MESSAGES,
  deleteCategory,
  findAdminCategory,
  listAdminCategories,
  UNCATEGORIZED_SLUG,
} from "./categories-tab.server";
import {
  BROADCAST_MESSAGES,
  broadcastFormValues,
  broadcastHistory,
  EMPTY_BROADCAST_FORM,
  sendBroadcast,
  validateBroadcast,
  type BroadcastForm,
} from "./broadcasts.server";
import {
  adminAuthorChoices,
  adminDeletePost,
  BULK_MAX,
  bulkDeletePosts,
  bulkSetFeatured,
  changeAuthor,
  POST_FILTER_STATUSES,
  POST_SORTS,
  type PostFilterStatus,
  type PostSort,
  findAdminPost,
  listAdminPosts,
  POST_MESSAGES,
  setFeatured,
  type AdminPost,
} from "./posts-tab.server";
import { isUuid } from "~/lib/uuid";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { formText, formTextOr, onceTextOrNull, readForm, readQuery } from "~/lib/read-input.server";

const CONFIRMABLE: readonly string[] = ["block", "promote", "delete"];

/** The dashboard's own messages (the query string's and the action's). */
export const DASHBOARD_MESSAGES = {
  unknownTab: "Unknown dashboard section",
  searchTooLong: `Search text must be at most ${SEARCH_MAX_LENGTH} characters`,
  badPage: "Page must be a whole number from 1",
  badSort: "Unknown sort order",
  badFilter: "Unknown filter",
  chooseUser: "Invalid request: choose an action and a user",
} as const;

/** "22 Nov 2026, 14:05 UTC": the audit trail's moments, labelled, in UTC (decision 0144). */
const auditTime = (date: Date) => formatDateTime(date, "UTC");
const MAX_ID_LENGTH = 200;

/** An id field sent once, not empty and at most MAX_ID_LENGTH long, or null. */
const idField = onceTextOrNull.transform((value) =>
  value && value.length <= MAX_ID_LENGTH ? value : null,
);

/**
 * The dashboard's POST as read: intent, the row it acts on (userId, postId,
 * authorId, categoryId), featured=1|0, confirmed=1 and the broadcast form.
 */
export const dashboardActionForm = broadcastFormValues.extend({
  intent: onceTextOrNull,
  userId: idField,
  postId: idField,
  authorId: idField,
  categoryId: idField,
  /** The selected posts of a bulk action: each id repeated, or one comma-separated list. */
  postIds: z.preprocess(
    (value) => (Array.isArray(value) ? value : value === undefined ? [] : [value]),
    z.array(z.unknown()).transform((values) =>
      values
        .flatMap((v) => (typeof v === "string" ? v.split(",") : []))
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ),
  featured: formText,
  confirmed: formText,
  /** A row's button in the table's one form (ROW_ACTIONS_FORM): "intent.id", see fromRow. */
  row: onceTextOrNull,
  // The broadcast's "Also send by e-mail" (issue 20 §4).
  email: formText,
});
export type DashboardActionForm = z.output<typeof dashboardActionForm>;

/**
 * A row button's `row=intent.id` as the fields a per-row form would have
 * sent (intent and userId or postId, featured for feature/unfeature): the
 * Users and Posts tables have one form, not four per row (issue 19, the
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

const toRow = (u: AdminUser, timeZone: string): UserRow => ({
  id: u.id,
  username: u.username,
  fullName: u.fullName,
  email: u.email,
  role: u.role,
  status: u.status,
  joined: formatDate(u.createdAt, timeZone),
});

/** The page's own address: tab, and for Users and Posts the search, filters, sort and page. */
const PAGED_TABS: readonly AdminTab[] = ["users", "posts"];

function pageAddress(view: View): string {
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
    (value) => (Array.isArray(value) ? value[0] : value) ?? null,
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

type View = {
  tab: AdminTab;
  query: string;
  page: number | null;
  sort: string | null;
  dir: SortDirection | null;
  role: UserRole | null;
  status: string | null;
  category: string | null;
};

const OVERVIEW: View = {
  tab: "overview",
  query: "",
  page: null,
  sort: null,
  dir: null,
  role: null,
  status: null,
  category: null,
};

/** The query string as a view; a sort or filter that is not the tab's is refused. */
function readView(request: Request): { ok: true; view: View } | { ok: false; error: string } {
  const read = readQuery(request, dashboardViewQuery);
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

const includes = (values: readonly string[], value: string) => values.includes(value);

/** Everything the page shows; a bad query string gives the Overview with a 400 and its message. */
/** `timeZone`: the site's (Site Settings), the dates' zone (decision 0144). */
export async function loadDashboard(
  db: Database,
  actor: Actor,
  request: Request,
  timeZone: string = DEFAULT_SITE_TIME_ZONE,
) {
  const parsed = readView(request);
  const view: View = parsed.ok ? parsed.view : OVERVIEW;
  const here = pageAddress(view);

  const notices = readQuery(request, dashboardNoticeQuery);
  const {
    done,
    count,
    failed,
    confirm: confirmAction,
    user: confirmUser,
  } = notices.ok ? notices.data : { done: "", count: "", failed: "", confirm: "", user: "" };
  const notice =
    done && (USER_ACTIONS as readonly string[]).includes(done)
      ? ADMIN_MESSAGES.success[done as UserAction]
      : done === "broadcast" && /^[0-9]{1,9}$/.test(count)
        ? BROADCAST_MESSAGES.sent(Number(count))
        : Object.hasOwn(BULK_DONE, done) && /^[0-9]{1,9}$/.test(count)
          ? BULK_DONE[done]!(Number(count))
          : done && Object.hasOwn(DONE_MESSAGES, done)
            ? DONE_MESSAGES[done]!
            : null;

  // A page the admin was sent back from (the category editor, the CSV export) names its failure.
  const failure =
    failed && Object.hasOwn(FAILED_MESSAGES, failed) ? FAILED_MESSAGES[failed]! : null;

  let confirm: DashboardData["confirm"] = null;
  if (confirmAction && CONFIRMABLE.includes(confirmAction) && confirmUser) {
    const target =
      confirmUser.length <= MAX_ID_LENGTH ? await findAdminUser(db, actor, confirmUser) : null;
    if (target) {
      const action = confirmAction as ConfirmableAction;
      confirm = { action, user: toRow(target, timeZone), question: CONFIRMATIONS[action] };
    }
  }

  let overview: DashboardData["overview"] = null;
  let users: DashboardData["users"] = null;
  let postsTab: DashboardData["posts"] = null;
  let notificationsTab: DashboardData["notifications"] = null;
  let categoriesTab: DashboardData["categories"] = null;
  if (view.tab === "categories") {
    const rows = await listAdminCategories(db, actor);
    categoriesTab = {
      rows: rows.map((c) => ({ ...c, deletable: c.slug !== UNCATEGORIZED_SLUG })),
    };
  } else if (view.tab === "notifications") {
    const history = await broadcastHistory(db, actor);
    notificationsTab = {
      values: EMPTY_BROADCAST_FORM,
      history: history.map((b) => ({
        id: b.id,
        title: b.title,
        message: b.message,
        link: b.link,
        roleFilter: b.roleFilter,
        statusFilter: b.statusFilter,
        recipientCount: b.recipientCount,
        sent: formatDate(b.createdAt, timeZone),
        sentBy: b.sentBy,
      })),
    };
  } else if (view.tab === "posts") {
    const [found, categories] = await Promise.all([
      listAdminPosts(db, actor, {
        query: view.query,
        page: view.page ?? 1,
        sort: (view.sort as PostSort | null) ?? undefined,
        dir: view.dir ?? undefined,
        status: view.status as PostFilterStatus | null,
        category: view.category,
      }),
      listAdminCategories(db, actor),
    ]);
    postsTab = {
      rows: found.posts.map((p) => toPostRow(p, new Date(), timeZone)),
      categories: categories.map((c) => ({ slug: c.slug, name: c.name })),
      query: found.query,
      page: found.page,
      pageCount: found.pageCount,
      showing: showingLabel(found),
      pageLabel: pageLabel(found),
      sort: found.sort,
      dir: found.dir,
      filters: { status: found.status ?? "", category: found.category ?? "" },
    };
  } else if (view.tab === "overview") {
    const [stats, top, pending, activity, audit] = await Promise.all([
      dashboardStats(db, actor),
      topLists(db, actor),
      pendingApprovals(db, actor),
      weeklyActivity(db, actor),
      latestAdminActions(db),
    ]);
    overview = {
      stats,
      top,
      pending: pending.map((u) => toRow(u, timeZone)),
      activity,
      audit: audit.map((entry) => ({
        id: entry.id,
        who: entry.actorUsername,
        what: describeAdminAction(entry.action),
        target: entry.targetLabel,
        when: auditTime(entry.createdAt),
        iso: entry.createdAt.toISOString(),
      })),
    };
  } else {
    const found = await listUsers(db, actor, {
      query: view.query,
      page: view.page ?? 1,
      sort: (view.sort as UserSort | null) ?? undefined,
      dir: view.dir ?? undefined,
      role: view.role,
      status: view.status as UserStatus | null,
    });
    users = {
      rows: found.users.map((u) => toRow(u, timeZone)),
      query: found.query,
      page: found.page,
      pageCount: found.pageCount,
      showing: showingLabel(found),
      pageLabel: pageLabel(found),
      sort: found.sort,
      dir: found.dir,
      filters: { role: found.role ?? "", status: found.status ?? "" },
    };
  }

  const payload: DashboardData = {
    tab: view.tab,
    here,
    selfId: actor.id,
    notice,
    error: parsed.ok ? failure : parsed.error,
    confirm,
    confirmations: {
      ...CONFIRMATIONS,
      deletePost: POST_MESSAGES.deleteQuestion,
      author: POST_MESSAGES.authorQuestion,
      deleteCategory: CATEGORY_MESSAGES.deleteQuestion,
    },
    overview,
    users,
    posts: postsTab,
    notifications: notificationsTab,
    categories: categoriesTab,
    confirmStep: null,
  };
  return data(payload, {
    status: parsed.ok ? 200 : 400,
    headers: { "Cache-Control": "private, no-store" },
  });
}

/**
 * POST intent=approve|block|promote|delete, userId, confirmed=1 (block,
 * promote and delete; without it the page asks first). Success goes back to
 * the page with the spec's message; failure answers 4xx with it.
 */
export async function runDashboardAction(
  db: Database,
  actor: Actor,
  request: Request,
  /** Where a deleted member's photos are removed from (runUserAction). */
  files: { storage: Storage; log: (error: unknown, message: string) => void },
) {
  if (request.method !== "POST") {
    return data({ error: "Method not allowed" }, { status: 405 });
  }
  const parsed = readView(request);
  const here = parsed.ok ? pageAddress(parsed.view) : "/admin?tab=overview";
  const read = await readForm(request, dashboardActionForm, { limit: SMALL_BODY_LIMIT_BYTES });
  if (!read.ok) return data({ error: "Invalid request" }, { status: 400 });
  const form = fromRow(read.data);
  const { intent } = form;
  if (intent !== null && (POST_INTENTS as readonly string[]).includes(intent)) {
    return runPostAction(db, actor, intent as PostIntent, form, here);
  }
  if (intent !== null && (BULK_INTENTS as readonly string[]).includes(intent)) {
    return runBulkAction(db, actor, intent as BulkIntent, form, here);
  }
  if (intent === "category-delete") return runCategoryDelete(db, actor, form, here);
  if (intent === "broadcast") return runBroadcast(db, actor, form, here);
  if (intent === null || !(USER_ACTIONS as readonly string[]).includes(intent) || !form.userId) {
    return data({ error: DASHBOARD_MESSAGES.chooseUser }, { status: 400 });
  }
  const action = intent as UserAction;
  const id = form.userId;
  if (CONFIRMABLE.includes(action) && form.confirmed !== "1") {
    throw redirect(`${here}&confirm=${action}&user=${encodeURIComponent(id)}`);
  }
  const result = await runUserAction(db, actor, action, id, files);
  if (result.ok) throw redirect(`${here}&done=${action}`);
  return data({ error: result.error }, { status: result.status });
}

// ------------------------------------------------------------------ posts tab

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

const toPostRow = (p: AdminPost, now: Date, timeZone: string): PostRow => ({
  id: p.id,
  title: p.title,
  slug: p.slug,
  type: p.postType === "external_link" ? "External link" : "Blog",
  status: p.status,
  isFeatured: p.isFeatured,
  published: p.publishedAt ? formatDate(p.publishedAt, timeZone) : null,
  // The same rule as the public post page (isPubliclyVisible).
  live: p.status === "published" && p.publishedAt !== null && p.publishedAt <= now,
  authorId: p.authorId,
  authorName: p.authorName,
  authorUsername: p.authorUsername,
});

const POST_INTENTS = ["post-delete", "post-feature", "post-author"] as const;
type PostIntent = (typeof POST_INTENTS)[number];

/**
 * POST intent=post-delete|post-feature|post-author with postId (featured=1|0,
 * authorId). Delete and author change ask first: without confirmed=1 the
 * answer is the page with a confirmation step.
 */
async function runPostAction(
  db: Database,
  actor: Actor,
  intent: PostIntent,
  form: DashboardActionForm,
  here: string,
) {
  const { postId } = form;
  if (!postId) return data({ error: "Invalid request: choose a post" }, { status: 400 });
  if (!isUuid(postId)) {
    // No post has such an id: the same answer as a post that is gone.
    const error =
      intent === "post-delete"
        ? POST_MESSAGES.deleteFailed
        : intent === "post-author"
          ? POST_MESSAGES.authorFailed(POST_MESSAGES.notFound)
          : POST_MESSAGES.notFound;
    return data({ error }, { status: 404 });
  }
  const confirmed = form.confirmed === "1";
  switch (intent) {
    case "post-feature": {
      const { featured } = form;
      if (featured !== "1" && featured !== "0") {
        return data({ error: "Invalid request: featured must be 1 or 0" }, { status: 400 });
      }
      const result = await setFeatured(db, actor, postId, featured === "1");
      if (!result.ok) return data({ error: result.error }, { status: result.status });
      throw redirect(`${here}&done=${featured === "1" ? "post-feature" : "post-unfeature"}`);
    }
    case "post-delete": {
      if (!confirmed) {
        const target = await findAdminPost(db, actor, postId);
        if (!target) return data({ error: POST_MESSAGES.deleteFailed }, { status: 404 });
        return data({
          confirmStep: {
            heading: `Delete "${target.title}"?`,
            question: POST_MESSAGES.deleteQuestion,
            yes: "Yes, delete",
            action: here,
            fields: { intent, postId },
          },
        });
      }
      const result = await adminDeletePost(db, actor, postId);
      if (!result.ok) return data({ error: result.error }, { status: result.status });
      throw redirect(`${here}&done=post-delete`);
    }
    case "post-author": {
      const { authorId } = form;
      if (!authorId && !confirmed) {
        // Without JavaScript "Change author" comes here first: the choice and the question.
        const [target, authors] = await Promise.all([
          findAdminPost(db, actor, postId),
          adminAuthorChoices(db, actor),
        ]);
        if (!target) {
          return data(
            { error: POST_MESSAGES.authorFailed(POST_MESSAGES.notFound) },
            { status: 404 },
          );
        }
        return data({
          confirmStep: {
            heading: `Change the author of "${target.title}"?`,
            question: POST_MESSAGES.authorQuestion,
            yes: "Yes, change author",
            action: here,
            fields: { intent, postId },
            select: {
              name: "authorId",
              label: "New author",
              value: target.authorId,
              options: authors.map((a) => ({
                value: a.id,
                label: a.fullName?.trim() || a.username,
              })),
            },
          },
        });
      }
      if (!authorId) {
        return data({ error: POST_MESSAGES.authorFailed("choose a new author") }, { status: 400 });
      }
      if (!confirmed) {
        const target = await findAdminPost(db, actor, postId);
        if (!target) {
          return data(
            { error: POST_MESSAGES.authorFailed(POST_MESSAGES.notFound) },
            { status: 404 },
          );
        }
        return data({
          confirmStep: {
            heading: `Change the author of "${target.title}"?`,
            question: POST_MESSAGES.authorQuestion,
            yes: "Yes, change author",
            action: here,
            fields: { intent, postId, authorId },
          },
        });
      }
      const result = await changeAuthor(db, actor, postId, authorId);
      if (!result.ok) return data({ error: result.error }, { status: result.status });
      throw redirect(`${here}&done=post-author`);
    }
  }
}

const BULK_INTENTS = ["bulk-feature", "bulk-unfeature", "bulk-delete"] as const;
type BulkIntent = (typeof BULK_INTENTS)[number];

/**
 * POST intent=bulk-feature|bulk-unfeature|bulk-delete with postIds (the
 * selected rows, at most a page). Delete asks first with the count: without
 * confirmed=1 the answer is the page with a confirmation step.
 */
async function runBulkAction(
  db: Database,
  actor: Actor,
  intent: BulkIntent,
  form: DashboardActionForm,
  here: string,
) {
  const ids = [...new Set(form.postIds)];
  if (ids.length === 0) return data({ error: POST_MESSAGES.bulkNone }, { status: 400 });
  if (ids.length > BULK_MAX) return data({ error: POST_MESSAGES.bulkTooMany }, { status: 400 });
  if (!ids.every(isUuid)) return data({ error: "Invalid request: choose posts" }, { status: 400 });
  if (intent === "bulk-delete" && form.confirmed !== "1") {
    return data({
      confirmStep: {
        heading: `Delete ${ids.length} ${ids.length === 1 ? "post" : "posts"}?`,
        question: POST_MESSAGES.bulkDeleteQuestion(ids.length),
        yes: "Yes, delete",
        action: here,
        fields: { intent, postIds: ids.join(",") },
      },
    });
  }
  const result =
    intent === "bulk-delete"
      ? await bulkDeletePosts(db, actor, ids)
      : await bulkSetFeatured(db, actor, ids, intent === "bulk-feature");
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  throw redirect(`${here}&done=${intent}&count=${result.count}`);
}

// ---------------------------------------------------------- notifications tab

/**
 * POST intent=broadcast with title, message, link, roleFilter, statusFilter;
 * asks first (without confirmed=1 the page shows a confirmation step). Bad
 * input is a 400 that keeps what was typed; nobody matching is a 422.
 */
async function runBroadcast(db: Database, actor: Actor, form: DashboardActionForm, here: string) {
  const values: BroadcastForm = {
    title: form.title,
    message: form.message,
    link: form.link,
    roleFilter: form.roleFilter,
    statusFilter: form.statusFilter,
    email: form.email === "on" ? "on" : "",
  };
  const byEmail = values.email === "on";
  const valid = validateBroadcast(values);
  if (!valid.ok) return data({ error: valid.error, broadcastValues: values }, { status: 400 });
  if (form.confirmed !== "1") {
    const { input } = valid;
    return data({
      broadcastValues: values,
      confirmStep: {
        heading: `Send "${input.title}"?`,
        question: `${BROADCAST_MESSAGES.question} Role: ${input.roleFilter}; status: ${input.statusFilter}.${byEmail ? " Also by e-mail." : ""}`,
        yes: "Yes, send",
        action: here,
        fields: {
          intent: "broadcast",
          title: input.title,
          message: values.message.trim(),
          link: input.link,
          roleFilter: input.roleFilter,
          statusFilter: input.statusFilter,
          email: byEmail ? "on" : "",
        },
      },
    });
  }
  const result = await sendBroadcast(db, actor, valid.input, { email: byEmail });
  if (!result.ok) {
    return data({ error: result.error, broadcastValues: values }, { status: result.status });
  }
  throw redirect(`${here}&done=broadcast&count=${result.count}`);
}

// ------------------------------------------------------------- categories tab

/** POST intent=category-delete, categoryId; asks first (confirmed=1). */
async function runCategoryDelete(
  db: Database,
  actor: Actor,
  form: DashboardActionForm,
  here: string,
) {
  const { categoryId } = form;
  if (!categoryId) return data({ error: "Invalid request: choose a category" }, { status: 400 });
  if (!isUuid(categoryId)) return data({ error: CATEGORY_MESSAGES.notFound }, { status: 404 });
  if (form.confirmed !== "1") {
    const target = await findAdminCategory(db, actor, categoryId);
    if (!target) return data({ error: CATEGORY_MESSAGES.notFound }, { status: 404 });
    if (target.slug === UNCATEGORIZED_SLUG) {
      return data({ error: CATEGORY_MESSAGES.reserved }, { status: 409 });
    }
    return data({
      confirmStep: {
        heading: `Delete the category "${target.name}"?`,
        question: CATEGORY_MESSAGES.deleteQuestion,
        yes: "Yes, delete",
        action: here,
        fields: { intent: "category-delete", categoryId },
      },
    });
  }
  const result = await deleteCategory(db, actor, categoryId);
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  throw redirect(`${here}&done=category-delete`);
}
