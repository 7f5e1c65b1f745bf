/**
 * The dashboard's Notifications tab: the broadcasts sent, and the broadcast
 * form (asks first: without confirmed=1 the page shows a confirmation step).
 * Bad input is a 400 that keeps what was typed; nobody matching is a 422.
 */
import type { Services } from "~/lib/services.server";
import type { Actor } from "~/features/accounts/permissions";
import { formatDate } from "~/lib/format";
import {
  BROADCAST_MESSAGES,
  broadcastHistory,
  EMPTY_BROADCAST_FORM,
  sendBroadcast,
  validateBroadcast,
  type BroadcastForm,
} from "./broadcasts.server";
import type { ConfirmStepData, DashboardData } from "./dashboard-data";
import type { DashboardActionForm } from "./dashboard-view.server";

export async function loadNotificationsTab(
  { db }: Pick<Services, "db">,
  actor: Actor,
  timeZone: string,
): Promise<DashboardData["notifications"]> {
  const history = await broadcastHistory(db, actor);
  return {
    values: EMPTY_BROADCAST_FORM,
    history: history.map((b) => ({
      id: b.id,
      title: b.title,
      message: b.message,
      link: b.link,
      roleFilter: b.roleFilter,
      statusFilter: b.statusFilter,
      recipientCount: b.recipientCount,
      sent: formatDate(b.createdAt, timeZone),
      sentBy: b.sentBy,
    })),
  };
}

/** intent=broadcast with title, message, link, roleFilter, statusFilter, email. */
export async function runBroadcastIntent(
  { db, jobs }: Pick<Services, "db" | "jobs">,
  actor: Actor,
  { form, here }: { form: DashboardActionForm; here: string },
) {
  const values: BroadcastForm = {
    title: form.title,
    message: form.message,
    link: form.link,
    roleFilter: form.roleFilter,
    statusFilter: form.statusFilter,
    email: form.email === "on" ? "on" : "",
  };
  const byEmail = values.email === "on";
  const valid = validateBroadcast(values);
  if (!valid.ok) {
    return { ok: false as const, status: 400, error: valid.error, broadcastValues: values };
  }
  if (form.confirmed !== "1") {
    const { input } = valid;
    return {
      ok: true as const,
      broadcastValues: values,
      confirmStep: <ConfirmStepData>{
        heading: `Send "${input.title}"?`,
        question: `${BROADCAST_MESSAGES.question} Role: ${input.roleFilter}; status: ${input.statusFilter}.${byEmail ? " Also by e-mail." : ""}`,
        yes: "Yes, send",
        action: here,
        fields: {
          intent: "broadcast",
          title: input.title,
          message: values.message.trim(),
          link: input.link,
          roleFilter: input.roleFilter,
          statusFilter: input.statusFilter,
          email: byEmail ? "on" : "",
        },
      },
    };
  }
  const result = await sendBroadcast(db, actor, valid.input, { email: byEmail, jobs });
  if (!result.ok) {
    return {
      ok: false as const,
      status: result.status,
      error: result.error,
      broadcastValues: values,
    };
  }
  return { ok: true as const, redirect: `${here}&done=broadcast&count=${result.count}` };
}
