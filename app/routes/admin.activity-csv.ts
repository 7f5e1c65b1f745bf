import { data } from "react-router";
import { activityCsv, activityQuery } from "~/features/admin/activity-page.server";
import { readQuery } from "~/lib/read-input.server";
import { services } from "~/lib/services.server";
import { PRIVATE_NO_STORE } from "#server/http/private-cache";
import { actor } from "~/pipeline/guards.server";
import type { Route } from "./+types/admin.activity-csv";

/**
 * The Activity page's rows as CSV, with the page's filters (docs/product/administration.md#activity): under the admins' guard (app/routes.ts), everyone else goes to /.
 * Bad filters are a 400.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const read = readQuery(request, activityQuery);
  if (!read.ok) return data({ error: read.message ?? "Unknown filter" }, { status: 400 });
  const body = await activityCsv(services(context).db, actor(context), read.data);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="admin-activity-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": PRIVATE_NO_STORE,
    },
  });
}
