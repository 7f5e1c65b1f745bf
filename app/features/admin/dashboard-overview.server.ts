/** The dashboard's Overview tab: the figures, top lists, pending members, the week and the audit trail. */
import type { Services } from "~/lib/services.server";
import type { Actor } from "~/features/accounts/permissions";
import { formatDateTime } from "~/lib/format";
import { describeAdminAction, latestAdminActions } from "~/features/audit/audit.server";
import { pendingApprovals } from "./users.server";
import { dashboardStats, topLists, weeklyActivity } from "./overview.server";
import type { DashboardData } from "./dashboard-data";
import { toUserRow } from "./dashboard-users.server";

/** "22 Nov 2026, 14:05 UTC": the audit trail's moments, labelled, in UTC (decision 0144). */
const auditTime = (date: Date) => formatDateTime(date, "UTC");

export async function loadOverviewTab(
  { db }: Pick<Services, "db">,
  actor: Actor,
  timeZone: string,
): Promise<DashboardData["overview"]> {
  const [stats, top, pending, activity, audit] = await Promise.all([
    dashboardStats(db, actor),
    topLists(db, actor),
    pendingApprovals(db, actor),
    weeklyActivity(db, actor),
    latestAdminActions(db),
  ]);
  return {
    stats,
    top,
    pending: pending.map((u) => toUserRow(u, timeZone)),
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
}
