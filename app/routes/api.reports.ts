import { data } from "react-router";
import { z } from "zod";
import { db } from "#server/db/client";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { getSessionUser } from "~/features/accounts/session.server";
import { can, effectiveRole } from "~/features/accounts/permissions";
import { createReport } from "~/features/reports/reports.server";
import { REPORT_MESSAGES } from "~/features/reports/report-rules";
import { formText, readForm } from "~/lib/read-input.server";
import type { Route } from "./+types/api.reports";

const noStore = { "Cache-Control": "private, no-store" };

/** The report form as read (checked by createReport). */
const reportForm = z.object({ kind: formText, id: formText, reason: formText, details: formText });

/** POST kind=comment|post, id, reason, details? → { ok } or { error } with 4xx (issue 20 §6). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return data({ error: "Method not allowed" }, { status: 405, headers: noStore });
  }
  const actor = await getSessionUser(request);
  if (!can(actor, "report.create")) {
    const role = effectiveRole(actor);
    return data(
      { error: REPORT_MESSAGES.forbidden },
      { status: role === "visitor" || role === "blocked" ? 401 : 403, headers: noStore },
    );
  }
  const body = await readForm(request, reportForm, { limit: SMALL_BODY_LIMIT_BYTES });
  if (!body.ok) return data({ error: "Invalid request" }, { status: 400, headers: noStore });
  const result = await createReport(db(), actor, body.data);
  if (!result.ok) {
    return data(
      { error: result.error, field: result.field ?? null },
      { status: result.status, headers: noStore },
    );
  }
  return data({ ok: true, message: REPORT_MESSAGES.sent }, { headers: noStore });
}
