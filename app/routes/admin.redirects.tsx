import { defaultPageMeta } from "~/features/seo/meta";
import { data, redirect, useLocation } from "react-router";
import { db } from "#server/db/client";
import { runtime } from "#server/runtime";
import { requireAdmin } from "~/features/accounts/permissions.server";
import { RedirectsPage } from "~/features/admin/redirects-page";
import {
  loadRedirectsPage,
  redirectsActionForm,
  runRedirectsAction,
} from "~/features/admin/redirects-page.server";
import { formatDate } from "~/lib/format";
import { siteTimeZone } from "~/features/site-settings/site-settings.server";
import type { Route } from "./+types/admin.redirects";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { readForm } from "~/lib/read-input.server";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "URL Redirects", { noindex: true });
}

const headers = { "Cache-Control": "private, no-store" };
const nothing = { error: null, values: null, editId: null, confirmStep: null };

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireAdmin(request);
  const timeZone = await siteTimeZone(db());
  return data(await loadRedirectsPage(db(), actor, request, (date) => formatDate(date, timeZone)), {
    headers,
  });
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  if (request.method !== "POST") {
    return data({ ...nothing, error: "Method not allowed" }, { status: 405 });
  }
  const read = await readForm(request, redirectsActionForm, { limit: SMALL_BODY_LIMIT_BYTES });
  if (!read.ok) return data({ ...nothing, error: "Invalid request" }, { status: 400 });
  const result = await runRedirectsAction(db(), actor, read.data, {
    siteOrigin: runtime().config.siteUrl,
  });
  if (result.kind === "redirect") throw redirect(result.to);
  if (result.kind === "confirm") return data({ ...nothing, confirmStep: result.step });
  return data(
    { ...nothing, error: result.error, values: result.values, editId: result.editId },
    { status: result.status },
  );
}

export default function AdminRedirects({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <RedirectsPage
      key={location.key}
      data={loaderData}
      error={actionData?.error ?? null}
      values={actionData?.values ?? null}
      editId={actionData?.editId ?? null}
      confirmStep={actionData?.confirmStep ?? null}
    />
  );
}
