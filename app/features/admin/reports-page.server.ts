/**
 * /admin/reports (docs/decisions/0122): the open reports, one entry
 * per item, and the admin's two decisions: Dismiss (the item stays; a hidden
 * comment is shown again) and Delete the item (asks first: the kit's confirm
 * dialog, or a confirmation step without JavaScript). Every decision is
 * audited in the same transaction as the change.
 */
import { z } from "zod";
import type { Database } from "#server/db/client";
import type { Actor } from "~/features/accounts/permissions";
import { recordAdminAction } from "~/features/audit/audit.server";
import { deletePost } from "~/features/authoring/save-post.server";
import { deleteComment } from "~/features/comments/comments.server";
import { deleteQuestion, REPORT_MESSAGES } from "~/features/reports/report-rules";
import {
  closeReportsActedOn,
  dismissReports,
  hasOpenReports,
  listOpenReports,
  type ReportedItem,
} from "~/features/reports/reports.server";
import { isUuid } from "~/lib/uuid";
import { formText, onceTextOrNull, readQuery } from "~/lib/read-input.server";
import type { ConfirmStepData } from "./confirm-action";

export const REPORTS_PATH = "/admin/reports";

const DONE = {
  dismissed: REPORT_MESSAGES.dismissed,
  "comment-deleted": REPORT_MESSAGES.commentDeleted,
  "post-deleted": REPORT_MESSAGES.postDeleted,
} as const;

export type ReportsPageData = { items: ReportedItem[]; notice: string | null };

const reportsPageQuery = z.object({ done: formText });

export async function loadReportsPage(
  db: Database,
  actor: Actor,
  request: Request,
): Promise<ReportsPageData> {
  const query = readQuery(request, reportsPageQuery);
  const done = query.ok ? query.data.done : "";
  return {
    items: await listOpenReports(db, actor),
    notice: done && Object.hasOwn(DONE, done) ? DONE[done as keyof typeof DONE] : null,
  };
}

/** The page's POST: intent=dismiss|delete, kind=comment|post, id, confirmed=1 (delete). */
export const reportsActionForm = z.object({
  intent: onceTextOrNull,
  kind: onceTextOrNull,
  id: onceTextOrNull,
  confirmed: formText,
});
export type ReportsActionForm = z.output<typeof reportsActionForm>;

export type ReportsActionResult =
  | { kind: "redirect"; to: string }
  | { kind: "error"; status: number; error: string }
  | { kind: "confirm"; step: ConfirmStepData };

export async function runReportsAction(
  db: Database,
  actor: Actor,
  form: ReportsActionForm,
): Promise<ReportsActionResult> {
  const kind = form.kind === "comment" || form.kind === "post" ? form.kind : null;
  const id = form.id && isUuid(form.id) ? form.id : null;
  if (!kind || !id) return { kind: "error", status: 404, error: REPORT_MESSAGES.gone };
  if (form.intent === "dismiss") {
    const result = await dismissReports(db, actor, kind, id);
    if (!result.ok) return { kind: "error", status: result.status, error: result.error };
    return { kind: "redirect", to: `${REPORTS_PATH}?done=dismissed` };
  }
  if (form.intent !== "delete") {
    return { kind: "error", status: 400, error: "Invalid request: choose dismiss or delete" };
  }
  if (!(await hasOpenReports(db, kind, id))) {
    return { kind: "error", status: 404, error: REPORT_MESSAGES.gone };
  }
  if (form.confirmed !== "1") {
    return {
      kind: "confirm",
      step: {
        heading: kind === "comment" ? "Delete the reported comment?" : "Delete the reported post?",
        question: deleteQuestion(kind),
        yes: "Yes, delete",
        action: REPORTS_PATH,
        fields: { intent: "delete", kind, id },
      },
    };
  }
  if (kind === "comment") {
    const result = await deleteComment(db, actor, id, {
      also: async (tx, deleted) => {
        const reports = await closeReportsActedOn(tx, actor, "comment", id);
        await recordAdminAction(tx, actor, {
          action: "comment.delete",
          targetType: "comment",
          targetId: id,
          targetLabel: null,
          details: { postId: deleted.postId, authorId: deleted.authorId, reports },
        });
      },
    });
    if (!result.ok) return { kind: "error", status: result.status, error: REPORT_MESSAGES.gone };
    return { kind: "redirect", to: `${REPORTS_PATH}?done=comment-deleted` };
  }
  // The post's reports go with it; deletePost records the admin's delete.
  const result = await deletePost(db, actor, id);
  if (!result.ok) return { kind: "error", status: result.status, error: REPORT_MESSAGES.gone };
  return { kind: "redirect", to: `${REPORTS_PATH}?done=post-deleted` };
}
