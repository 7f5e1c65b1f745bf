import { redirect } from "react-router";
import { db } from "#server/db/client";
import { can } from "~/features/accounts/permissions";
import { getSessionUser } from "~/features/accounts/session.server";
import { ADMIN_MESSAGES, exportUsers } from "~/features/admin/admin.server";
import { usersCsv, usersCsvFileName } from "~/features/admin/csv";
import type { Route } from "./+types/admin.users-csv";

/** Export Users CSV (spec 2 §2, §7): admins only; everyone else goes to /. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await getSessionUser(request);
  if (!actor || !can(actor, "admin.access")) throw redirect("/");
  let body: string;
  try {
    body = usersCsv(await exportUsers(db(), actor));
  } catch {
    return new Response(ADMIN_MESSAGES.exportFailed, {
      status: 500,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
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
