import { z } from "zod";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { effectiveRole } from "~/features/accounts/permissions";
import { createReport } from "~/features/reports/reports.server";
import { REPORT_MESSAGES } from "~/features/reports/report-rules";
import { formText } from "~/lib/read-input.server";
import { defineAction } from "~/pipeline/action.server";

/** The report form as read (checked by createReport). */
const reportForm = z.object({ kind: formText, id: formText, reason: formText, details: formText });

/**
 * POST kind=comment|post, id, reason, details? → { ok } or { error } with 4xx (docs/decisions/0122).
 * Visitors and blocked members 401, others who may not report 403, before the body is read.
 */
export const action = defineAction({
  permission: "report.create",
  refusal: {
    status: (member) => {
      const role = effectiveRole(member);
      return role === "visitor" || role === "blocked" ? 401 : 403;
    },
    error: REPORT_MESSAGES.forbidden,
  },
  schema: reportForm,
  limit: SMALL_BODY_LIMIT_BYTES,
  run: async ({ db }, actor, input) => {
    const result = await createReport(db, actor, input);
    if (!result.ok) {
      return { ok: false, status: result.status, error: result.error, field: result.field ?? null };
    }
    return { ok: true, message: REPORT_MESSAGES.sent };
  },
});
