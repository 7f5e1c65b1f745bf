import { defaultPageMeta } from "~/features/seo/meta";
import { db } from "#server/db/client";
import { runtime } from "#server/runtime";
import { requireAdmin } from "~/features/accounts/permissions.server";
import { AdminDashboard } from "~/features/admin/dashboard";
import { loadDashboard, runDashboardAction } from "~/features/admin/dashboard-route.server";
import { siteTimeZone } from "~/features/site-settings/site-settings.server";
import type { Route } from "./+types/admin";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Admin Dashboard", { noindex: true });
}

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireAdmin(request);
  return loadDashboard(db(), actor, request, await siteTimeZone(db()));
}

export async function action({ request }: Route.ActionArgs) {
  return runDashboardAction(db(), await requireAdmin(request), request, {
    storage: runtime().storage,
    log: (error, message) => runtime().log.error({ err: error }, message),
  });
}

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
