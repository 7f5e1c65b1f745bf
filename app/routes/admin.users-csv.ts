import { redirect } from "react-router";
import { exportUsers } from "~/features/admin/users.server";
import { usersCsv, usersCsvFileName } from "~/features/admin/csv";
import { dashboardFailure } from "~/features/admin/dashboard-view.server";
import { requestContext } from "#server/http/request-context";
import { PRIVATE_NO_STORE } from "#server/http/private-cache";
import { services } from "~/lib/services.server";
import { noStore } from "~/pipeline/action.server";
import { actor } from "~/pipeline/guards.server";
import type { Route } from "./+types/admin.users-csv";

/**
 * Export Users CSV (docs/product/administration.md#export): under the admins' guard (app/routes.ts);
 * everyone else goes to /.
 * The dashboard's button is a plain link (no `download` attribute): a CSV
 * answer carries Content-Disposition and downloads, a failure sends the
 * admin back to /admin, which shows "Failed to export users".
 */
export async function loader({ context }: Route.LoaderArgs) {
  let body: string;
  try {
    body = usersCsv(await exportUsers(services(context).db, actor(context)));
  } catch (error) {
    context.get(requestContext).log.error({ err: error }, "users export failed");
    throw redirect(dashboardFailure("users-export"), { headers: noStore });
  }
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${usersCsvFileName()}"`,
      "Cache-Control": PRIVATE_NO_STORE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
