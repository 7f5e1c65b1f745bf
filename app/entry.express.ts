/**
 * The process's composition: the Express server (server/app.ts) with the
 * hooks only the app can give it. The server imports nothing from app/
 * (docs/decisions/0070); what it needs from a feature comes in here.
 * The production server bundle is built from this module (vite.config.ts),
 * and `node server.js --dev` and the HTTP tests load it through Vite.
 */
import { createApp as createServerApp, start as startServer, type AppHooks } from "#server/app";
import { processServices } from "#server/services";
import { startPublicationClock } from "~/features/authoring/publication-clock.server";
import { pageCacheVariantFor } from "~/features/consent/page-variant.server";
import { sharedPageMember } from "~/features/accounts/shared-page.server";
import { emailJobDeps, startEmailJobs } from "~/features/email/jobs.server";
import { startWebhookJobs } from "~/features/webhooks/deliver.server";
import { siteTrackerCsp } from "~/features/site-settings/site-settings.server";

/**
 * The process's services, made once here, the process's entry: the hooks and
 * the jobs, which run outside any request, get them from here; loaders and
 * actions get the same ones through the request's context (server/app.ts).
 * Nothing else in app/ reads a process global (docs/request-pipeline.md §1).
 */
const services = processServices();

export const hooks: AppHooks = {
  // The CSP allows the trackers' hosts only while the site settings switch them on.
  extraCspSources: () => siteTrackerCsp(services.db),
  // Anonymous pages differ only by the visitor's consent state.
  pageCacheVariant: (headers) => pageCacheVariantFor(headers, services.config.geo),
  // Approved plain members get the members' shared page; their slots come from /api/viewer.
  sharedPageMember: (headers) => sharedPageMember(headers, services),
  // Scheduled posts go public at their time: this instance's caches follow.
  // The followers' e-mails go to the process's queue once it is started.
  startBackgroundWork: (database, log) =>
    startPublicationClock(
      {
        db: database,
        get jobs() {
          return services.jobs;
        },
      },
      { onError: (error) => log.warn({ err: error }, "publication clock") },
    ),
  // E-mails at once, broadcasts by e-mail and the weekly digest, through the job queue.
  // Webhook deliveries, signed and retried with backoff (docs/operations.md#content-api).
  startJobs: async (queue, log) => {
    await startEmailJobs(queue, log, emailJobDeps(services));
    await startWebhookJobs(queue, services, log);
  },
};

type WithoutHooks<T> = Omit<T, "hooks">;

export function createApp(options: WithoutHooks<Parameters<typeof createServerApp>[0]>) {
  return createServerApp({ ...options, hooks });
}

export function start(options: WithoutHooks<Parameters<typeof startServer>[0]>) {
  return startServer({ ...options, hooks });
}

/**
 * The HTTP integration tests serve this bundle (tests/support/http-app.ts) and
 * listen for cache invalidations with the bundle's own caches, as start() does.
 */
export { listenForInvalidations } from "#server/cache/cache";
