/**
 * The /admin dashboard: the tab the view names, loaded by its module
 * (dashboard-<tab>.server.ts), with the notices around it; and the one POST
 * form, sent to the module of the intent. A bad query string gives the
 * Overview with a 400 and its message.
 */
import type { Services } from "~/lib/services.server";
import type { Actor } from "~/features/accounts/permissions";
import { CONFIRMATIONS } from "./users.server";
import { POST_MESSAGES } from "./posts-tab.server";
import { CATEGORY_MESSAGES } from "./categories-tab.server";
import type { BroadcastForm } from "./broadcasts.server";
import type { ConfirmStepData, DashboardData } from "./dashboard-data";
import {
  failureOf,
  noticeOf,
  OVERVIEW,
  pageAddress,
  type DashboardActionForm,
  type DashboardQuery,
} from "./dashboard-view.server";
import { loadOverviewTab } from "./dashboard-overview.server";
import { loadUserConfirm, loadUsersTab, runUserIntent } from "./dashboard-users.server";
import {
  BULK_INTENTS,
  loadPostsTab,
  POST_INTENTS,
  runBulkIntent,
  runPostIntent,
  type BulkIntent,
  type PostIntent,
} from "./dashboard-posts.server";
import { loadNotificationsTab, runBroadcastIntent } from "./dashboard-notifications.server";
import { loadCategoriesTab, runCategoryDeleteIntent } from "./dashboard-categories.server";

/** Everything the page shows, and its status (400 for a bad query string). */
export async function loadDashboard(
  services: Pick<Services, "db" | "clock">,
  actor: Actor,
  { view: parsed, notices }: DashboardQuery,
  /** The site's (Site Settings), the dates' zone (decision 0144). */
  timeZone: string,
): Promise<{ status: 200 | 400; page: DashboardData }> {
  const view = parsed.ok ? parsed.view : OVERVIEW;
  const confirm = await loadUserConfirm(services, actor, notices, timeZone);
  const page: DashboardData = {
    tab: view.tab,
    here: pageAddress(view),
    selfId: actor.id,
    notice: noticeOf(notices),
    error: parsed.ok ? failureOf(notices) : parsed.error,
    confirm,
    confirmations: {
      ...CONFIRMATIONS,
      deletePost: POST_MESSAGES.deleteQuestion,
      author: POST_MESSAGES.authorQuestion,
      deleteCategory: CATEGORY_MESSAGES.deleteQuestion,
    },
    overview: view.tab === "overview" ? await loadOverviewTab(services, actor, timeZone) : null,
    users: view.tab === "users" ? await loadUsersTab(services, actor, view, timeZone) : null,
    posts: view.tab === "posts" ? await loadPostsTab(services, actor, view, timeZone) : null,
    notifications:
      view.tab === "notifications" ? await loadNotificationsTab(services, actor, timeZone) : null,
    categories: view.tab === "categories" ? await loadCategoriesTab(services, actor) : null,
    confirmStep: null,
  };
  return { status: parsed.ok ? 200 : 400, page };
}

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/** What the form's intent answers: back to the page, a question first, or a refusal. */
export type DashboardOutcome =
  | { ok: true; redirect: string }
  | { ok: true; confirmStep: ConfirmStepData; broadcastValues?: BroadcastForm }
  | { ok: false; status: number; error: string; broadcastValues?: BroadcastForm };

/**
 * The form's intent, run by its tab's module. `here` is the page posted
 * from: every success goes back to it (PRG) with ?done=.
 */
export async function runDashboardAction(
  services: Pick<Services, "db" | "storage" | "log" | "jobs">,
  actor: Actor,
  input: { form: DashboardActionForm; here: string },
): Promise<DashboardOutcome> {
  const { intent } = input.form;
  if (isOneOf<PostIntent>(POST_INTENTS, intent)) {
    return runPostIntent(services, actor, intent, input);
  }
  if (isOneOf<BulkIntent>(BULK_INTENTS, intent)) {
    return runBulkIntent(services, actor, intent, input);
  }
  if (intent === "category-delete") return runCategoryDeleteIntent(services, actor, input);
  if (intent === "broadcast") return runBroadcastIntent(services, actor, input);
  return runUserIntent(services, actor, input);
}
