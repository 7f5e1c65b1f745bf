/**
 * The /admin page (docs/product/administration.md#dashboard): the tabs (one component each: overview-tab,
 * users-tab, posts-tab, categories-tab, notifications-tab), the Export Users
 * CSV button, the messages, and the confirmation step the server asks for
 * when JavaScript did not (block, promote and delete ask first: with
 * JavaScript the kit's confirm dialog, without it that step; the action
 * refuses to run without `confirmed=1`).
 */
import { primaryButton } from "~/components/ui/button-styles";
import { ErrorBox, NoticeBox } from "~/components/ui/form";
import { LinkTabs } from "~/components/ui/tabs";
import { CategoriesTab } from "./categories-tab";
import { ConfirmStepPanel } from "./confirm-action";
import { ADMIN_TABS, TAB_LABELS, type ConfirmStepData, type DashboardData } from "./dashboard-data";
import { NotificationsTab } from "./notifications-tab";
import { OverviewTab } from "./overview-tab";
import { PostsTab } from "./posts-tab";
import { UsersTab } from "./users-tab";
import { ACTION_LABELS } from "./user-action-form";

const TABS = ADMIN_TABS.map((tab) => ({
  id: tab,
  label: TAB_LABELS[tab],
  to: `/admin?tab=${tab}`,
}));

/** The user action's confirmation step (block, promote, delete) without JavaScript. */
function userConfirmStep(data: DashboardData): ConfirmStepData {
  const { action, user, question } = data.confirm!;
  return {
    heading: `${ACTION_LABELS[action]} ${user.fullName || user.username} (@${user.username})?`,
    question,
    yes: `Yes, ${ACTION_LABELS[action].toLowerCase()}`,
    action: data.here,
    fields: { intent: action, userId: user.id },
  };
}

export function AdminDashboard({ data }: { data: DashboardData }) {
  return (
    <div>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">Admin Dashboard</h1>
        {/* No `download` attribute: a failed export must be able to come back to this page. */}
        <div className="flex flex-wrap gap-2">
          <a href="/admin/content.json" className={primaryButton}>
            Export content (JSON)
          </a>
          <a href="/admin/users.csv" className={primaryButton}>
            Export Users CSV
          </a>
        </div>
      </div>
      <LinkTabs label="Dashboard sections" tabs={TABS} current={data.tab} />
      <div className="mb-4 space-y-3">
        {data.error ? <ErrorBox>{data.error}</ErrorBox> : null}
        {data.notice ? <NoticeBox>{data.notice}</NoticeBox> : null}
        {data.confirm ? <ConfirmStepPanel step={userConfirmStep(data)} /> : null}
        {data.confirmStep ? <ConfirmStepPanel step={data.confirmStep} /> : null}
      </div>
      {data.tab === "overview" && data.overview ? <OverviewTab data={data} /> : null}
      {data.tab === "users" && data.users ? <UsersTab data={data} /> : null}
      {data.tab === "posts" && data.posts ? <PostsTab data={data} /> : null}
      {data.tab === "categories" && data.categories ? <CategoriesTab data={data} /> : null}
      {data.tab === "notifications" && data.notifications ? (
        <NotificationsTab key={data.notice ?? ""} data={data} />
      ) : null}
    </div>
  );
}
