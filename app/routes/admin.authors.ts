import { services } from "~/lib/services.server";
import { noStore } from "~/pipeline/action.server";
import { actor } from "~/pipeline/guards.server";
import { adminAuthorChoices } from "~/features/admin/posts-tab.server";
import type { Route } from "./+types/admin.authors";

/**
 * The authors a post can be given (admins and mentors, not blocked), as
 * JSON for the Posts tab's Change author dialog: loaded when the dialog
 * first opens, not with every page of posts (thousands of mentors would
 * weigh on each page). Under the admins' guard (app/routes.ts): everyone
 * else goes to /.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const authors = await adminAuthorChoices(services(context).db, actor(context));
  return Response.json(
    authors.map((a) => ({ id: a.id, name: a.fullName?.trim() || a.username })),
    { headers: noStore },
  );
}
