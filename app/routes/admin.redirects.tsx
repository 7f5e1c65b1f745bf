import { defaultPageMeta } from "~/features/seo/meta";
import { data, useLocation } from "react-router";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { RedirectsPage } from "~/features/admin/redirects-page";
import {
  loadRedirectsPage,
  redirectsActionForm,
  redirectsPageQuery,
  runRedirectsAction,
} from "~/features/admin/redirects-page.server";
import { siteTimeZone } from "~/features/site-settings/site-settings.server";
import { defineAction, noStore } from "~/pipeline/action.server";
import { formatDate } from "~/lib/format";
import { actor } from "~/pipeline/guards.server";
import { readQuery } from "~/lib/read-input.server";
import { services } from "~/lib/services.server";
import type { Route } from "./+types/admin.redirects";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "URL Redirects", { noindex: true });
}

/** Under the admins' guard (app/routes.ts): the actor is an admin. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readQuery(request, redirectsPageQuery);
  const given = services(context);
  const timeZone = await siteTimeZone(given.db);
  const page = await loadRedirectsPage(
    given,
    actor(context),
    query.ok ? query.data : { done: "", edit: "" },
    (date) => formatDate(date, timeZone),
  );
  return data(page, { headers: noStore });
}

export const action = defineAction({
  permission: "admin.access",
  refusal: "to-home",
  schema: redirectsActionForm,
  limit: SMALL_BODY_LIMIT_BYTES,
  run: runRedirectsAction,
});

export default function AdminRedirects({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const failed = actionData && "values" in actionData ? actionData : null;
  const confirm = actionData && "confirmStep" in actionData ? actionData.confirmStep : null;
  return (
    <RedirectsPage
      key={location.key}
      data={loaderData}
      error={actionData && "error" in actionData ? actionData.error : null}
      values={failed?.values ?? null}
      editId={failed?.editId ?? null}
      confirmStep={confirm}
    />
  );
}
