import { data } from "react-router";
import { db } from "#server/db/client";
import { requireAdmin } from "~/features/accounts/permissions.server";
import { activityCsv, activityQuery } from "~/features/admin/activity-page.server";
import { readQuery } from "~/lib/read-input.server";
import type { Route } from "./+types/admin.activity-csv";

/**
 * The Activity page's rows as CSV, with the page's filters (issue 19 item
 * 5): admins only; everyone else goes to /. Bad filters are a 400.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireAdmin(request);
  const read = readQuery(request, activityQuery);
  if (!read.ok) return data({ error: read.message ?? "Unknown filter" }, { status: 400 });
  const body = await activityCsv(db(), actor, read.data);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="admin-activity-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
