import { db } from "#server/db/client";
import { requireAdmin } from "~/features/accounts/permissions.server";
import { adminAuthorChoices } from "~/features/admin/posts-tab.server";
import type { Route } from "./+types/admin.authors";

/**
 * The authors a post can be given (admins and mentors, not blocked), as
 * JSON for the Posts tab's Change author dialog: loaded when the dialog
 * first opens, not with every page of posts (thousands of mentors would
 * weigh on each page). Admins only; everyone else goes to /.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const authors = await adminAuthorChoices(db(), await requireAdmin(request));
  return Response.json(
    authors.map((a) => ({ id: a.id, name: a.fullName?.trim() || a.username })),
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
