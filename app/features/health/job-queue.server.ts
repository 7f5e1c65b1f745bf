/**
 * The job queue on the admin's /health view (docs/decisions/0123): jobs waiting,
 * running and failed, and the retry of every failed job (audited).
 */
import { db } from "#server/db/client";
import { currentJobQueue, type QueueState } from "#server/jobs/queue";
import { can } from "~/features/accounts/permissions";
import { getSessionUser } from "~/features/accounts/session.server";
import { requireAdmin } from "~/features/accounts/permissions.server";
import { recordAdminAction } from "~/features/audit/audit.server";

export type QueueView = QueueState & { available: boolean };

/** The queue's state for an admin; null for everyone else (the page stays the spec's). */
export async function queueStateFor(request: Request): Promise<QueueView | null> {
  const actor = await getSessionUser(request);
  if (!actor || !can(actor, "admin.access")) return null;
  const queue = currentJobQueue();
  if (!queue) return { available: false, pending: 0, active: 0, failed: 0 };
  try {
    return { available: true, ...(await queue.state()) };
  } catch {
    return { available: false, pending: 0, active: 0, failed: 0 };
  }
}

/** Admins only: every failed job back in line. Returns how many. */
export async function retryFailedJobs(request: Request): Promise<number> {
  const actor = await requireAdmin(request);
  const queue = currentJobQueue();
  if (!queue) return 0;
  const count = await queue.retryFailed();
  await recordAdminAction(db(), actor, {
    action: "jobs.retry_failed",
    targetType: "jobs",
    details: { jobs: count },
  });
  return count;
}
