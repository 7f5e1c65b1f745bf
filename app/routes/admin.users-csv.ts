import { redirect } from "react-router";
import { db } from "#server/db/client";
import { requireAdmin } from "~/features/accounts/permissions.server";
import { exportUsers } from "~/features/admin/users.server";
import { usersCsv, usersCsvFileName } from "~/features/admin/csv";
import { dashboardFailure } from "~/features/admin/dashboard-view.server";
import { requestContext } from "#server/http/request-context";
import type { Route } from "./+types/admin.users-csv";

/**
 * Export Users CSV (spec 2 §2, §7): admins only; everyone else goes to /.
 * The dashboard's button is a plain link (no `download` attribute): a CSV
 * answer carries Content-Disposition and downloads, a failure sends the
 * admin back to /admin, which shows "Failed to export users".
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request);
  let body: string;
  try {
    body = usersCsv(await exportUsers(db(), actor));
  } catch (error) {
    context.get(requestContext).log.error({ err: error }, "users export failed");
    throw redirect(dashboardFailure("users-export"), {
      headers: { "Cache-Control": "private, no-store" },
    });
  }
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${usersCsvFileName()}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
