/**
 * /admin/reports (docs/decisions/0122): the open reports, one entry
 * per item, and the admin's two decisions: Dismiss (the item stays; a hidden
 * comment is shown again) and Delete the item (asks first: the kit's confirm
 * dialog, or a confirmation step without JavaScript). Every decision is
 * audited in the same transaction as the change.
 */
import type { z } from "zod";
import type { Services } from "#server/services";
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
import { onceTextOrNull } from "~/lib/read-input.server";
import type { ConfirmStepData } from "./confirm-action";
import { donePageQuery, intentForm, messageFor, type DonePageQuery } from "./page-input.server";

export const REPORTS_PATH = "/admin/reports";

const DONE = {
  dismissed: REPORT_MESSAGES.dismissed,
  "comment-deleted": REPORT_MESSAGES.commentDeleted,
  "post-deleted": REPORT_MESSAGES.postDeleted,
} as const;

export type ReportsPageData = { items: ReportedItem[]; notice: string | null };

/** ?done=dismissed|comment-deleted|post-deleted, after a decision. */
export const reportsPageQuery = donePageQuery;

export async function loadReportsPage(
  { db }: Pick<Services, "db">,
  actor: Actor,
  { done }: DonePageQuery,
): Promise<ReportsPageData> {
  return { items: await listOpenReports(db, actor), notice: messageFor(DONE, done) };
}

/** The page's POST: intent=dismiss|delete, kind=comment|post, id, confirmed=1 (delete). */
export const reportsActionForm = intentForm.extend({
  kind: onceTextOrNull,
  id: onceTextOrNull,
});
export type ReportsActionForm = z.output<typeof reportsActionForm>;

/** What a decision answers (the action helper sends it): the page's action data. */
export type ReportsActionResult =
  | { ok: true; redirect: string }
  | { ok: false; status: number; error: string; confirmStep: null }
  | { ok: true; error: null; confirmStep: ConfirmStepData };

const failure = (status: number, error: string) =>
  ({ ok: false, status, error, confirmStep: null }) as const;
const back = (done: string) => ({ ok: true, redirect: `${REPORTS_PATH}?done=${done}` }) as const;

/** POST intent=dismiss|delete, kind=comment|post, id, confirmed=1 (else delete asks first). */
export async function runReportsAction(
  { db }: Pick<Services, "db">,
  actor: Actor,
  form: ReportsActionForm,
): Promise<ReportsActionResult> {
  const kind = form.kind === "comment" || form.kind === "post" ? form.kind : null;
  const id = form.id && isUuid(form.id) ? form.id : null;
  if (!kind || !id) return failure(404, REPORT_MESSAGES.gone);
  if (form.intent === "dismiss") {
    const result = await dismissReports(db, actor, kind, id);
    if (!result.ok) return failure(result.status, result.error);
    return back("dismissed");
  }
  if (form.intent !== "delete") {
    return failure(400, "Invalid request: choose dismiss or delete");
  }
  if (!(await hasOpenReports(db, kind, id))) return failure(404, REPORT_MESSAGES.gone);
  if (form.confirmed !== "1") {
    return {
      ok: true,
      error: null,
      confirmStep: {
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
    if (!result.ok) return failure(result.status, REPORT_MESSAGES.gone);
    return back("comment-deleted");
  }
  // The post's reports go with it; deletePost records the admin's delete.
  const result = await deletePost(db, actor, id);
  if (!result.ok) return failure(result.status, REPORT_MESSAGES.gone);
  return back("post-deleted");
}
