/**
 * The /health page (docs/product/administration.md#health): the overall
 * status, each check, the job queue for admins (docs/decisions/0123) and the
 * raw report.
 */
import { Form, Link } from "react-router";
import { secondaryButton } from "~/components/ui/button-styles";
import type { HealthReport } from "./health.server";
import type { QueueView } from "./job-queue.server";

const overallStyles: Record<HealthReport["status"], string> = {
  healthy: "bg-green-100 text-green-900",
  degraded: "bg-amber-100 text-amber-900",
  unhealthy: "bg-red-100 text-red-900",
};

const checkLabels: Record<keyof HealthReport["checks"], string> = {
  database: "Database",
  storage: "Storage",
  authentication: "Authentication",
};

export function HealthPage({
  report,
  error,
  queue,
}: {
  report: HealthReport | null;
  error: string | null;
  queue: QueueView | null | undefined;
}) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10" aria-labelledby="health-title">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="health-title" className="text-2xl font-bold">
          Service health
        </h1>
        <Link to="/health" className={secondaryButton} reloadDocument>
          Check again
        </Link>
      </div>

      {error || !report ? (
        <p role="alert" className="mt-6 rounded-md bg-red-100 p-4 text-red-900">
          {error ?? "Failed to check health"}
        </p>
      ) : (
        <>
          <HealthSummary report={report} />
          <HealthChecks report={report} />
          {queue ? <JobQueue queue={queue} /> : null}
          <RawReport report={report} />
        </>
      )}
    </section>
  );
}

function HealthSummary({ report }: { report: HealthReport }) {
  return (
    <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3">
      <div>
        <dt className="text-sm text-slate-700">Overall status</dt>
        <dd>
          <span
            className={`mt-1 inline-block rounded-full px-3 py-1 text-sm font-semibold ${overallStyles[report.status]}`}
          >
            {report.status}
          </span>
        </dd>
      </div>
      <div>
        <dt className="text-sm text-slate-700">Response time</dt>
        <dd className="mt-1 font-semibold">{report.responseTime} ms</dd>
      </div>
      <div>
        <dt className="text-sm text-slate-700">Checked at</dt>
        <dd className="mt-1 font-semibold">
          <time dateTime={report.timestamp}>{report.timestamp}</time>
        </dd>
      </div>
      <div>
        <dt className="text-sm text-slate-700">Version</dt>
        <dd className="mt-1 font-semibold">{report.version}</dd>
      </div>
      <div>
        <dt className="text-sm text-slate-700">Environment</dt>
        <dd className="mt-1 font-semibold">{report.environment}</dd>
      </div>
    </dl>
  );
}

function HealthChecks({ report }: { report: HealthReport }) {
  return (
    <>
      <h2 className="mt-10 text-lg font-semibold">Checks</h2>
      <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200">
        {(Object.keys(checkLabels) as (keyof HealthReport["checks"])[]).map((name) => {
          const check = report.checks[name];
          const up = check.status === "Operational";
          return (
            <li key={name} className="flex items-center justify-between gap-4 p-4">
              <span className="font-medium">{checkLabels[name]}</span>
              <span className="text-sm">
                <span
                  className={`rounded-full px-2 py-0.5 font-semibold ${up ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`}
                >
                  {check.status}
                </span>{" "}
                <span className="text-slate-700">{check.responseTime} ms</span>
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** Admins only (docs/decisions/0123): jobs waiting, running and failed, and the retry. */
function JobQueue({ queue }: { queue: QueueView }) {
  return (
    <>
      <h2 className="mt-10 text-lg font-semibold">Job queue</h2>
      {queue.available ? (
        <>
          <dl className="mt-3 grid grid-cols-3 gap-4">
            <div>
              <dt className="text-sm text-slate-700">Pending</dt>
              <dd className="mt-1 font-semibold">{queue.pending}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-700">Running</dt>
              <dd className="mt-1 font-semibold">{queue.active}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-700">Failed</dt>
              <dd className="mt-1 font-semibold">{queue.failed}</dd>
            </div>
          </dl>
          {queue.failed > 0 ? (
            <Form method="post" reloadDocument className="mt-4">
              <button type="submit" className={secondaryButton}>
                Retry failed jobs
              </button>
            </Form>
          ) : null}
        </>
      ) : (
        <p className="mt-3 text-slate-700">The job queue is not running on this instance.</p>
      )}
    </>
  );
}

function RawReport({ report }: { report: HealthReport }) {
  return (
    <>
      <h2 id="health-raw-title" className="mt-10 text-lg font-semibold">
        Raw response
      </h2>
      {/* Focusable, so that it scrolls from the keyboard; a region named by its heading (an
          aria-label on a plain <pre> is invalid markup). */}
      <pre
        className="mt-3 overflow-x-auto rounded-md bg-slate-900 p-4 text-sm text-slate-100"
        tabIndex={0}
        role="region"
        aria-labelledby="health-raw-title"
      >
        {JSON.stringify(report, null, 2)}
      </pre>
    </>
  );
}
