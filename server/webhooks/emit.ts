/**
 * Webhook events (docs/operations.md#content-api): each webhook subscribed to the event gets
 * one job on the "webhook" queue, inserted with the caller's transaction so
 * that it exists exactly when the change commits. The job (delivered by
 * app/features/webhooks/deliver.server.ts) signs and POSTs the body and is
 * retried with backoff by the queue.
 */
import { randomUUID } from "node:crypto";
import { arrayContains } from "drizzle-orm";
import type { Database } from "../db/client";
import { webhooks, type WebhookEvent } from "../db/schema";
import { currentJobQueue, type SqlExecutor } from "../jobs/queue";

export type WebhookJob = {
  webhookId: string;
  /** The JSON body, fixed at the event: every retry sends the same bytes. */
  body: string;
  event: WebhookEvent;
};

type Executor = Pick<Database, "select"> & SqlExecutor;

/** Enqueues the event for every webhook that wants it; returns how many jobs. */
export async function emitWebhookEvent(
  db: Executor,
  event: WebhookEvent,
  data: Record<string, unknown>,
): Promise<number> {
  const queue = currentJobQueue();
  if (!queue) return 0;
  const targets = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(arrayContains(webhooks.events, [event]));
  if (targets.length === 0) return 0;
  const id = randomUUID();
  const body = JSON.stringify({ id, event, createdAt: new Date().toISOString(), data });
  for (const target of targets) {
    await queue.send<WebhookJob>(
      "webhook",
      { webhookId: target.id, body, event },
      { key: `${id}:${target.id}`, via: db },
    );
  }
  return targets.length;
}
