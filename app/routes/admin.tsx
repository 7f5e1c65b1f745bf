import { defaultPageMeta } from "~/features/seo/meta";
import { data } from "react-router";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { AdminDashboard } from "~/features/admin/dashboard";
import { loadDashboard, runDashboardAction } from "~/features/admin/dashboard.server";
import {
  dashboardActionForm,
  dashboardHere,
  fromRow,
  readDashboardQuery,
} from "~/features/admin/dashboard-view.server";
import { siteTimeZone } from "~/features/site-settings/site-settings.server";
import { services } from "~/lib/services.server";
import { defineAction, noStore } from "~/pipeline/action.server";
import { actor } from "~/pipeline/guards.server";
import type { Route } from "./+types/admin";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Admin Dashboard", { noindex: true });
}

/** Under the admins' guard (app/routes.ts): the actor is an admin. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const given = services(context);
  const { status, page } = await loadDashboard(
    given,
    actor(context),
    readDashboardQuery(new URL(request.url)),
    await siteTimeZone(given.db),
  );
  return data(page, { status, headers: noStore });
}

export const action = defineAction({
  permission: "admin.access",
  refusal: "to-home",
  schema: dashboardActionForm,
  limit: SMALL_BODY_LIMIT_BYTES,
  // The page posted from (its address) is where every success goes back to.
  run: (given, admin, form, { request }) =>
    runDashboardAction(given, admin, {
      form: fromRow(form),
      here: dashboardHere(new URL(request.url)),
    }),
});

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData && "error" in actionData ? actionData.error : null;
  const confirmStep = actionData && "confirmStep" in actionData ? actionData.confirmStep : null;
  const values = actionData && "broadcastValues" in actionData ? actionData.broadcastValues : null;
  let data = error
    ? { ...loaderData, error, notice: null, confirm: null, confirmStep: null }
    : confirmStep
      ? { ...loaderData, notice: null, confirm: null, confirmStep }
      : loaderData;
  // What was typed in the broadcast form stays after an error or while it asks first.
  if (values && data.notifications)
    data = { ...data, notifications: { ...data.notifications, values } };
  return <AdminDashboard data={data} />;
}
