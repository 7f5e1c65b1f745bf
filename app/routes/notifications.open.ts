import { data, redirect } from "react-router";
import { markRead, trackedLink } from "~/features/notifications/notifications.server";
import { services } from "~/lib/services.server";
import { noStore } from "~/pipeline/action.server";
import { actor } from "~/pipeline/guards.server";
import type { Route } from "./+types/notifications.open";

/**
 * GET /notifications/{id}/open: what a notification's row links to (the
 * page's and the bell's, docs/decisions/0267). Marks the member's own
 * notification read and goes on to its link with ?source=notification, as
 * the View form does; another member's or an unknown id is a 404. Under the
 * signed-in guard (app/routes.ts): signed-out → /login.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const marked = await markRead(db, actor(context).id, params.id);
  if (!marked) throw data(null, { status: 404, headers: noStore });
  return redirect(trackedLink(marked.link, config.siteUrl), { status: 303, headers: noStore });
}
