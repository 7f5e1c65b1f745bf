/**
 * The dashboard's Users tab (and the Overview's pending approvals): the
 * member rows, the confirmation asked through ?confirm=&user=, and the
 * approve/block/promote/delete action.
 */
import type { Services } from "~/lib/services.server";
import type { Actor } from "~/features/accounts/permissions";
import { formatDate } from "~/lib/format";
import {
  CONFIRMATIONS,
  findAdminUser,
  listUsers,
  runUserAction,
  USER_ACTIONS,
  type AdminUser,
  type UserAction,
  type UserSort,
  type UserStatus,
} from "./users.server";
import { listOptionsOf, pagingOf } from "./list-page.server";
import type { ConfirmableAction, DashboardData, UserRow } from "./dashboard-data";
import {
  DASHBOARD_MESSAGES,
  MAX_ID_LENGTH,
  type DashboardActionForm,
  type DashboardNotices,
  type View,
} from "./dashboard-view.server";

const CONFIRMABLE: readonly string[] = ["block", "promote", "delete"];

export const toUserRow = (u: AdminUser, timeZone: string): UserRow => ({
  id: u.id,
  username: u.username,
  fullName: u.fullName,
  email: u.email,
  role: u.role,
  status: u.status,
  joined: formatDate(u.createdAt, timeZone),
});

/** ?confirm=block|promote|delete&user=id: the question, or null. */
export async function loadUserConfirm(
  { db }: Pick<Services, "db">,
  actor: Actor,
  notices: DashboardNotices,
  timeZone: string,
): Promise<DashboardData["confirm"]> {
  const { confirm: action, user } = notices;
  if (!(action && CONFIRMABLE.includes(action) && user)) return null;
  const target = user.length <= MAX_ID_LENGTH ? await findAdminUser(db, actor, user) : null;
  if (!target) return null;
  const confirmable = action as ConfirmableAction;
  return {
    action: confirmable,
    user: toUserRow(target, timeZone),
    question: CONFIRMATIONS[confirmable],
  };
}

export async function loadUsersTab(
  { db }: Pick<Services, "db">,
  actor: Actor,
  view: View,
  timeZone: string,
): Promise<DashboardData["users"]> {
  const found = await listUsers(db, actor, {
    ...listOptionsOf<UserSort>(view),
    role: view.role,
    status: view.status as UserStatus | null,
  });
  return {
    rows: found.users.map((u) => toUserRow(u, timeZone)),
    ...pagingOf(found),
    filters: { role: found.role ?? "", status: found.status ?? "" },
  };
}

/**
 * intent=approve|block|promote|delete, userId, confirmed=1 (block, promote
 * and delete; without it the page asks first, through ?confirm=&user=).
 */
export async function runUserIntent(
  { db, storage, log, jobs }: Pick<Services, "db" | "storage" | "log" | "jobs">,
  actor: Actor,
  { form, here }: { form: DashboardActionForm; here: string },
) {
  const { intent } = form;
  if (intent === null || !(USER_ACTIONS as readonly string[]).includes(intent) || !form.userId) {
    return { ok: false as const, status: 400, error: DASHBOARD_MESSAGES.chooseUser };
  }
  const action = intent as UserAction;
  const id = form.userId;
  if (CONFIRMABLE.includes(action) && form.confirmed !== "1") {
    return {
      ok: true as const,
      redirect: `${here}&confirm=${action}&user=${encodeURIComponent(id)}`,
    };
  }
  const result = await runUserAction(db, actor, action, id, {
    storage,
    log: (error, message) => log.error({ err: error }, message),
    jobs,
  });
  if (result.ok) return { ok: true as const, redirect: `${here}&done=${action}` };
  return { ok: false as const, status: result.status, error: result.error };
}
