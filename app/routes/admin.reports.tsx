import { defaultPageMeta } from "~/features/seo/meta";
import { data, useLocation } from "react-router";
import { ReportsPage } from "~/features/admin/reports-page";
import {
  loadReportsPage,
  reportsActionForm,
  reportsPageQuery,
  runReportsAction,
} from "~/features/admin/reports-page.server";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { readQuery } from "~/lib/read-input.server";
import { services } from "~/lib/services.server";
import { defineAction, noStore } from "~/pipeline/action.server";
import { actor } from "~/pipeline/guards.server";
import type { Route } from "./+types/admin.reports";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Reports", { noindex: true });
}

/** Under the admins' guard (app/routes.ts): the actor is an admin. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readQuery(request, reportsPageQuery);
  const page = await loadReportsPage(
    services(context),
    actor(context),
    query.ok ? query.data : { done: "" },
  );
  return data(page, { headers: noStore });
}

export const action = defineAction({
  permission: "admin.access",
  refusal: "to-home",
  schema: reportsActionForm,
  limit: SMALL_BODY_LIMIT_BYTES,
  refusedBody: ({ error }) => ({ error, confirmStep: null }),
  run: runReportsAction,
});

export default function AdminReports({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <ReportsPage
      key={location.key}
      data={loaderData}
      error={actionData?.error ?? null}
      confirmStep={actionData?.confirmStep ?? null}
    />
  );
}
