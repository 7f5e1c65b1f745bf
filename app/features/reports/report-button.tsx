/**
 * "Report" on a comment or a post (docs/decisions/0122): the kit's dialog asks for a
 * reason and optional details, then the report is posted to /api/reports;
 * the answer (thanks, already reported, too fast) is announced beside the
 * button. Keyboard: a button, a focus-trapped dialog, Escape cancels.
 */
import { useState } from "react";
import { usePrompt } from "~/components/ui/prompt-dialog";
import {
  REASON_LABELS,
  REPORT_DETAILS_MAX,
  REPORT_MESSAGES,
  REPORT_REASONS,
  type ReportKind,
} from "./report-rules";

const REASON_OPTIONS = REPORT_REASONS.map((value) => ({ value, label: REASON_LABELS[value] }));

export function ReportButton({
  kind,
  id,
  name,
  className = "font-medium text-slate-700 hover:underline",
}: {
  kind: ReportKind;
  id: string;
  /** Which item, for screen readers ("comment by Asha"). */
  name: string;
  className?: string;
}) {
  const { prompt, dialog } = usePrompt();
  const [answer, setAnswer] = useState<{ text: string; error: boolean } | null>(null);
  const [sending, setSending] = useState(false);

  const report = async () => {
    if (sending) return;
    const values = await prompt(
      kind === "comment" ? "Report this comment" : "Report this post",
      [
        {
          name: "reason",
          label: "Reason",
          type: "select",
          options: REASON_OPTIONS,
          required: true,
        },
        {
          name: "details",
          label: "Details (optional)",
          type: "textarea",
          maxLength: REPORT_DETAILS_MAX,
        },
      ],
      { confirmLabel: "Send report" },
    );
    if (!values) return;
    setSending(true);
    try {
      const response = await fetch("/api/reports", {
        method: "POST",
        body: new URLSearchParams({
          kind,
          id,
          reason: values.reason ?? "",
          details: values.details ?? "",
        }),
        headers: { accept: "application/json" },
      });
      const body = (await response.json().catch(() => ({}))) as { error?: string };
      setAnswer(
        response.ok
          ? { text: REPORT_MESSAGES.sent, error: false }
          : { text: body.error ?? REPORT_MESSAGES.failed, error: true },
      );
    } catch {
      setAnswer({ text: REPORT_MESSAGES.failed, error: true });
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <button
        type="button"
        // Not disabled while sending: focus comes back here when the dialog closes.
        aria-disabled={sending || undefined}
        onClick={() => void report()}
        className={className}
      >
        Report<span className="sr-only">{` ${name}`}</span>
      </button>
      {/* A live region without role="status" (the conversation's status is its loading line). */}
      <span
        aria-live="polite"
        className={`text-sm ${answer?.error ? "text-red-700" : "text-slate-700"}`}
      >
        {answer?.text}
      </span>
      {dialog}
    </>
  );
}
