/**
 * The Reports page (docs/decisions/0122): each reported item with its open reports
 * (reason, who, details, when), Dismiss and Delete (which asks first).
 * Plain forms: they work without JavaScript (the server then asks).
 */
import { Link } from "react-router";
import { secondaryButton } from "~/components/ui/button-styles";
import { ErrorBox, NoticeBox } from "~/components/ui/form";
import { deleteQuestion, REASON_LABELS, REPORT_MESSAGES } from "~/features/reports/report-rules";
import { formatDate, plural } from "~/lib/format";
import { ConfirmAction, ConfirmStepPanel, type ConfirmStepData } from "./confirm-action";
import type { ReportsPageData } from "./reports-page.server";
import { useSiteTimeZone } from "~/lib/site-time-zone";

export function ReportsPage({
  data,
  error,
  confirmStep,
}: {
  data: ReportsPageData;
  error: string | null;
  confirmStep: ConfirmStepData | null;
}) {
  const { items } = data;
  return (
    <div>
      <h1 className="mb-2 text-3xl font-bold text-slate-900">Reports</h1>
      <p className="mb-6 text-slate-700">
        Comments and posts members reported. A comment reported by three members is hidden from
        readers until you dismiss the reports or delete it.
      </p>
      <div className="mb-4 space-y-3">
        {error ? <ErrorBox>{error}</ErrorBox> : null}
        {!error && data.notice ? <NoticeBox>{data.notice}</NoticeBox> : null}
        {confirmStep ? <ConfirmStepPanel step={confirmStep} /> : null}
      </div>
      {items.length === 0 ? (
        <p className="text-slate-700">{REPORT_MESSAGES.empty}</p>
      ) : (
        <ul className="space-y-4" aria-label="Open reports">
          {items.map((item) => (
            <li
              key={`${item.kind}:${item.id}`}
              className="rounded-lg border border-slate-200 bg-white p-4"
            >
              <ReportedItem item={item} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One reported comment or post: where it is, its text, its open reports, Dismiss and Delete. */
function ReportedItem({ item }: { item: ReportsPageData["items"][number] }) {
  const timeZone = useSiteTimeZone();
  const what = item.kind === "comment" ? "Comment" : "Post";
  const name = `${what.toLowerCase()} by ${item.author.name}`;
  const href =
    item.kind === "comment" ? `/post/${item.postSlug}#c-${item.id}` : `/post/${item.postSlug}`;
  return (
    <article aria-label={`Reported ${name}`}>
      <h2 className="text-base font-semibold text-slate-900">
        {what} by{" "}
        <Link to={`/user/${item.author.username}`} className="text-brand-700 underline">
          {item.author.name}
        </Link>{" "}
        on{" "}
        <Link to={href} className="text-brand-700 underline">
          {item.postTitle}
        </Link>
      </h2>
      {item.hidden ? (
        <p className="mt-1 text-xs font-semibold text-amber-800">{REPORT_MESSAGES.hiddenNote}</p>
      ) : null}
      {item.content ? (
        <blockquote className="mt-2 border-l-4 border-slate-200 pl-3 whitespace-pre-line break-words text-slate-800">
          {item.content}
        </blockquote>
      ) : null}
      <p className="mt-3 text-sm font-semibold text-slate-800">
        {plural(item.reports.length, "open report")}
      </p>
      <ul className="mt-1 space-y-1 text-sm text-slate-700">
        {item.reports.map((r) => (
          <li key={r.id}>
            <span className="font-medium text-slate-900">{REASON_LABELS[r.reason]}</span> by @
            {r.reporter}, {formatDate(r.createdAt, timeZone)}
            {r.details ? <span className="block pl-4">“{r.details}”</span> : null}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-3">
        <ConfirmAction fields={{ intent: "dismiss", kind: item.kind, id: item.id }}>
          <button type="submit" className={secondaryButton}>
            Dismiss<span className="sr-only">{` reports on ${name}`}</span>
          </button>
        </ConfirmAction>
        <ConfirmAction
          question={deleteQuestion(item.kind)}
          fields={{ intent: "delete", kind: item.kind, id: item.id }}
        >
          <button
            type="submit"
            className="rounded bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
          >
            Delete {what.toLowerCase()}
            <span className="sr-only">{` by ${item.author.name}`}</span>
          </button>
        </ConfirmAction>
      </div>
    </article>
  );
}
