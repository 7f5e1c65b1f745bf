import { defaultPageMeta } from "~/features/seo/meta";
import { data } from "react-router";
import { z } from "zod";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { can } from "~/features/accounts/permissions";
import { queueView, retryFailedJobs } from "~/features/health/job-queue.server";
import { defineAction } from "~/pipeline/action.server";
import { sessionOf } from "~/pipeline/guards.server";
import { runHealthCheck } from "~/features/health/run-health-check.server";
import { HealthPage } from "~/features/health/health-page";
import { services } from "~/lib/services.server";
import type { Route } from "./+types/health";

/** Admins also see the job queue (docs/decisions/0123); everyone else the spec's page. */
async function queueFor(args: Pick<Route.LoaderArgs, "request" | "context">) {
  const member = await sessionOf(args.context, args.request).catch(() => null);
  return can(member, "admin.access") ? queueView(services(args.context).jobs) : null;
}

export async function loader(args: Pick<Route.LoaderArgs, "request" | "context">) {
  const state = await queueFor(args);
  const queue = state ? { queue: state } : {};
  try {
    const report = await runHealthCheck(services(args.context));
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

/** Admins: put every failed job back in line (the button's form has no fields). */
export const action = defineAction({
  permission: "admin.access",
  refusal: "to-home",
  schema: z.object({}),
  limit: SMALL_BODY_LIMIT_BYTES,
  run: async ({ db, jobs }, actor) => {
    const retried = await retryFailedJobs({ db, queue: jobs }, actor);
    return { ok: true, redirect: `/health?retried=${retried}` };
  },
});

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
