import { data } from "react-router";
import { ActivityPage, type ActivityPageData } from "~/features/admin/activity-page";
import { activityQuery, listActivity, NO_FILTERS } from "~/features/admin/activity-page.server";
import { pageLabel, showingLabel } from "~/features/admin/users.server";
import { defaultPageMeta } from "~/features/seo/meta";
import { readQuery } from "~/lib/read-input.server";
import { formatDateTime } from "~/lib/format";
import { services } from "~/lib/services.server";
import { noStore } from "~/pipeline/action.server";
import { actor } from "~/pipeline/guards.server";
import type { Route } from "./+types/admin.activity";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Admin Activity", { noindex: true });
}

/** /admin/activity (docs/product/administration.md#activity): under the admins' guard; bad filters are a 400 showing everything. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const read = readQuery(request, activityQuery);
  const filters = read.ok ? read.data : NO_FILTERS;
  const found = await listActivity(services(context).db, actor(context), filters);
  const payload: ActivityPageData = {
    filters: { admin: filters.admin, action: filters.action, from: filters.from, to: filters.to },
    error: read.ok ? null : (read.message ?? "Unknown filter"),
    rows: found.rows.map((r) => ({
      id: r.id,
      who: r.actorUsername,
      what: found.actions.find((a) => a.value === r.action)?.label ?? r.action,
      target: r.targetLabel,
      // The audit trail's moments stay in UTC, labelled (decision 0144).
      when: formatDateTime(r.createdAt, "UTC"),
      iso: r.createdAt.toISOString(),
    })),
    admins: found.admins,
    actions: found.actions,
    page: found.page,
    pageCount: found.pageCount,
    showing: showingLabel(found),
    pageLabel: pageLabel(found),
  };
  return data(payload, {
    status: read.ok ? 200 : 400,
    headers: noStore,
  });
}

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  return <ActivityPage data={loaderData} />;
}
