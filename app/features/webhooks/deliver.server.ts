/**
 * Delivers one webhook job: signs the body with the webhook's secret, POSTs
 * it through the checked fetcher (internal addresses refused), logs the
 * attempt with the answer's first characters, and throws on a non-2xx answer
 * or a network failure so that the queue retries it with backoff
 * (docs/decisions/0123). A refused address is logged and not retried: it
 * will not become public by waiting.
 */
import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { webhookDeliveries, webhooks } from "#server/db/schema";
import type { JobQueue } from "#server/jobs/queue";
import type { Logger } from "#server/logger";
import type { Services } from "#server/services";
import type { WebhookJob } from "#server/webhooks/emit";
import {
  type FetchOptions,
  MetadataError,
  postChecked,
} from "~/features/authoring/metadata.server";
import { SIGNATURE_HEADER, signWebhook } from "./signature";

export const RESPONSE_EXCERPT_CHARS = 500;

export class WebhookDeliveryFailed extends Error {
  override name = "WebhookDeliveryFailed";
}

export async function deliverWebhook(
  db: Database,
  job: WebhookJob,
  attempt: number,
  fetchOptions: FetchOptions = {},
): Promise<void> {
  const [hook] = await db
    .select({ url: webhooks.url, secret: webhooks.secret })
    .from(webhooks)
    .where(eq(webhooks.id, job.webhookId));
  if (!hook) return; // deleted since: nothing to deliver
  const log = (ok: boolean, statusCode: number | null, response: string) =>
    db.insert(webhookDeliveries).values({
      webhookId: job.webhookId,
      event: job.event,
      attempt,
      statusCode,
      response: response.slice(0, RESPONSE_EXCERPT_CHARS),
      ok,
    });
  try {
    const answer = await postChecked(
      hook.url,
      job.body,
      {
        "Content-Type": "application/json",
        "User-Agent": "FounderBridge-Webhooks/1.0",
        "X-FounderBridge-Event": job.event,
        [SIGNATURE_HEADER]: signWebhook(hook.secret, job.body),
      },
      fetchOptions,
    );
    const ok = answer.status >= 200 && answer.status < 300;
    await log(ok, answer.status, answer.body);
    if (!ok) throw new WebhookDeliveryFailed(`answered ${answer.status}`);
  } catch (error) {
    if (error instanceof WebhookDeliveryFailed) throw error;
    const message = error instanceof Error ? error.message : String(error);
    await log(false, null, message);
    if (error instanceof MetadataError && error.status === 400) return; // refused: no retry
    throw new WebhookDeliveryFailed(message);
  }
}

/**
 * Registers the webhook worker with the started queue; each delivery reads
 * the database from the services it was given (docs/decisions/0250).
 */
export async function startWebhookJobs(
  queue: JobQueue,
  services: Pick<Services, "db">,
  log: Logger,
): Promise<void> {
  await queue.work<WebhookJob>("webhook", (job, meta) =>
    deliverWebhook(services.db, job, meta.retryCount + 1),
  );
  log.info({}, "webhook jobs started");
}
