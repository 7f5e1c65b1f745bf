/**
 * What the /admin route reads and does: the query string (tab, q, page,
 * confirm, user, done) validated into the page's data, and the user action
 * form (intent, userId, confirmed) run with PRG. Bad input is a 400 with a
 * message, never a 500.
 */
import { data, redirect } from "react-router";
import type { Database } from "#server/db/client";
import type { Actor } from "~/features/accounts/permissions";
import { formatDate } from "~/lib/format";
import {
  ADMIN_MESSAGES,
  CONFIRMATIONS,
  dashboardStats,
  findAdminUser,
  listUsers,
  pageLabel,
  pendingApprovals,
  runUserAction,
  SEARCH_MAX_LENGTH,
  showingLabel,
  topLists,
  USER_ACTIONS,
  type AdminUser,
  type UserAction,
} from "./admin.server";
import {
  ADMIN_TABS,
  type AdminTab,
  type ConfirmableAction,
  type DashboardData,
  type UserRow,
} from "./dashboard";

const CONFIRMABLE: readonly string[] = ["block", "promote", "delete"];
const MAX_ID_LENGTH = 200;

const toRow = (u: AdminUser): UserRow => ({
  id: u.id,
  username: u.username,
  fullName: u.fullName,
  email: u.email,
  role: u.role,
  status: u.status,
  joined: formatDate(u.createdAt),
});

/** The page's own address: tab, and for Users the search and page. */
function pageAddress(tab: AdminTab, query: string, page: number | null): string {
  const params = new URLSearchParams({ tab });
  if (tab === "users" && query) params.set("q", query);
  if (tab === "users" && page && page > 1) params.set("page", String(page));
  return `/admin?${params}`;
}

type ParsedView =
  { ok: true; tab: AdminTab; query: string; page: number | null } | { ok: false; error: string };

function parseView(params: URLSearchParams): ParsedView {
  const tab = params.get("tab") ?? "overview";
  if (!(ADMIN_TABS as readonly string[]).includes(tab)) {
    return { ok: false, error: "Unknown dashboard section" };
  }
  const query = (params.get("q") ?? "").trim();
  if (query.length > SEARCH_MAX_LENGTH) {
    return { ok: false, error: `Search text must be at most ${SEARCH_MAX_LENGTH} characters` };
  }
  const rawPage = params.get("page");
  if (rawPage !== null && !/^[1-9][0-9]{0,6}$/.test(rawPage)) {
    return { ok: false, error: "Page must be a whole number from 1" };
  }
  return { ok: true, tab: tab as AdminTab, query, page: rawPage ? Number(rawPage) : null };
}

/** Everything the page shows; a bad query string gives the Overview with a 400 and its message. */
export async function loadDashboard(db: Database, actor: Actor, request: Request) {
  const params = new URL(request.url).searchParams;
  const parsed = parseView(params);
  const view = parsed.ok ? parsed : { tab: "overview" as const, query: "", page: null };
  const here = pageAddress(view.tab, view.query, view.page);

  const done = params.get("done");
  const notice =
    done && (USER_ACTIONS as readonly string[]).includes(done)
      ? ADMIN_MESSAGES.success[done as UserAction]
      : null;

  let confirm: DashboardData["confirm"] = null;
  const confirmAction = params.get("confirm");
  const confirmUser = params.get("user");
  if (confirmAction && CONFIRMABLE.includes(confirmAction) && confirmUser) {
    const target =
      confirmUser.length <= MAX_ID_LENGTH ? await findAdminUser(db, actor, confirmUser) : null;
    if (target) {
      const action = confirmAction as ConfirmableAction;
      confirm = { action, user: toRow(target), question: CONFIRMATIONS[action] };
    }
  }

  let overview: DashboardData["overview"] = null;
  let users: DashboardData["users"] = null;
  if (view.tab === "overview") {
    const [stats, top, pending] = await Promise.all([
      dashboardStats(db, actor),
      topLists(db, actor),
      pendingApprovals(db, actor),
    ]);
    overview = { stats, top, pending: pending.map(toRow) };
  } else {
    const found = await listUsers(db, actor, { query: view.query, page: view.page ?? 1 });
    users = {
      rows: found.users.map(toRow),
      query: found.query,
      page: found.page,
      pageCount: found.pageCount,
      showing: showingLabel(found),
      pageLabel: pageLabel(found),
    };
  }

  const payload: DashboardData = {
    tab: view.tab,
    here,
    selfId: actor.id,
    notice,
    error: parsed.ok ? null : parsed.error,
    confirm,
    confirmations: CONFIRMATIONS,
    overview,
    users,
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
export async function runDashboardAction(db: Database, actor: Actor, request: Request) {
  if (request.method !== "POST") {
    return data({ error: "Method not allowed" }, { status: 405 });
  }
  const parsed = parseView(new URL(request.url).searchParams);
  const here = parsed.ok
    ? pageAddress(parsed.tab, parsed.query, parsed.page)
    : "/admin?tab=overview";
  const form = await request.formData().catch(() => null);
  if (!form) return data({ error: "Invalid request" }, { status: 400 });
  const intent = form.getAll("intent");
  const userId = form.getAll("userId");
  if (
    intent.length !== 1 ||
    userId.length !== 1 ||
    typeof intent[0] !== "string" ||
    typeof userId[0] !== "string" ||
    !(USER_ACTIONS as readonly string[]).includes(intent[0]) ||
    !userId[0] ||
    userId[0].length > MAX_ID_LENGTH
  ) {
    return data({ error: "Invalid request: choose an action and a user" }, { status: 400 });
  }
  const action = intent[0] as UserAction;
  const id = userId[0];
  if (CONFIRMABLE.includes(action) && form.get("confirmed") !== "1") {
    throw redirect(`${here}&confirm=${action}&user=${encodeURIComponent(id)}`);
  }
  const result = await runUserAction(db, actor, action, id);
  if (result.ok) throw redirect(`${here}&done=${action}`);
  return data({ error: result.error }, { status: result.status });
}
