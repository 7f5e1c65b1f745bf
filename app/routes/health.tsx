import { defaultPageMeta } from "~/features/seo/meta";
import { data, redirect } from "react-router";
import { queueStateFor, retryFailedJobs } from "~/features/health/job-queue.server";
import { runHealthCheck } from "~/features/health/run-health-check.server";
import { HealthPage } from "~/features/health/health-page";
import type { Route } from "./+types/health";

export async function loader(args?: Pick<Route.LoaderArgs, "request">) {
  // Admins also see the job queue (docs/decisions/0123); everyone else the spec's page.
  const state = args ? await queueStateFor(args.request).catch(() => null) : null;
  const queue = state ? { queue: state } : {};
  try {
    const report = await runHealthCheck();
    return data(
      { report, error: null, ...queue },
      { status: report.status === "healthy" ? 200 : 503, headers: { "Cache-Control": "no-store" } },
    );
  } catch {
    return data(
      { report: null, error: "Failed to check health", ...queue },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}

/** Admins: put every failed job back in line. */
export async function action({ request }: Route.ActionArgs) {
  const retried = await retryFailedJobs(request);
  return redirect(`/health?retried=${retried}`);
}

// Pass the loader's Cache-Control (no-store) on to the document response.
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Service health", { noindex: true });
}

export default function Health({ loaderData }: Route.ComponentProps) {
  const { report, error } = loaderData;
  const queue = "queue" in loaderData ? loaderData.queue : null;
  return <HealthPage report={report} error={error} queue={queue} />;
}
