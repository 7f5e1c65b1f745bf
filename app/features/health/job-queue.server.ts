/**
 * The job queue on the admin's /health view (docs/decisions/0123): jobs waiting,
 * running and failed, and the retry of every failed job (audited). Who may see
 * and retry is the route's to decide (admins: the action helper's guard).
 */
import type { Database } from "#server/db/client";
import type { JobQueue, QueueState } from "#server/jobs/queue";
import type { SessionUser } from "~/features/accounts/session.server";
import { recordAdminAction } from "~/features/audit/audit.server";

export type QueueView = QueueState & { available: boolean };

/** The process's queue, when started (absent in most tests and some scripts). */
type Queue = Pick<JobQueue, "state" | "retryFailed"> | undefined;

const UNAVAILABLE: QueueView = { available: false, pending: 0, active: 0, failed: 0 };

/** The queue's state as the page shows it; unavailable when it is not started or does not answer. */
export async function queueView(queue: Queue): Promise<QueueView> {
  if (!queue) return UNAVAILABLE;
  try {
    return { available: true, ...(await queue.state()) };
  } catch {
    return UNAVAILABLE;
  }
}

/** Every failed job back in line, recorded in the admin's audit log. Returns how many. */
export async function retryFailedJobs(
  { db, queue }: { db: Database; queue: Queue },
  actor: SessionUser,
): Promise<number> {
  if (!queue) return 0;
  const count = await queue.retryFailed();
  await recordAdminAction(db, actor, {
    action: "jobs.retry_failed",
    targetType: "jobs",
    details: { jobs: count },
  });
  return count;
}
