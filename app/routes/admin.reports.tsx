import { defaultPageMeta } from "~/features/seo/meta";
import { data, redirect, useLocation } from "react-router";
import { db } from "#server/db/client";
import { requireAdmin } from "~/features/accounts/permissions.server";
import { ReportsPage } from "~/features/admin/reports-page";
import {
  loadReportsPage,
  reportsActionForm,
  runReportsAction,
} from "~/features/admin/reports-page.server";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { readForm } from "~/lib/read-input.server";
import type { Route } from "./+types/admin.reports";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Reports", { noindex: true });
}

const headers = { "Cache-Control": "private, no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireAdmin(request);
  return data(await loadReportsPage(db(), actor, request), { headers });
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  if (request.method !== "POST") {
    return data({ error: "Method not allowed", confirmStep: null }, { status: 405 });
  }
  const read = await readForm(request, reportsActionForm, { limit: SMALL_BODY_LIMIT_BYTES });
  if (!read.ok) return data({ error: "Invalid request", confirmStep: null }, { status: 400 });
  const result = await runReportsAction(db(), actor, read.data);
  if (result.kind === "redirect") throw redirect(result.to);
  if (result.kind === "confirm") return data({ error: null, confirmStep: result.step });
  return data({ error: result.error, confirmStep: null }, { status: result.status });
}

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
