/** The Webhooks admin page's data and actions (admins only; the route checks). */
import { randomBytes } from "node:crypto";
import { desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { WEBHOOK_EVENTS, webhookDeliveries, webhooks, type WebhookEvent } from "#server/db/schema";
import type { Actor } from "~/features/accounts/permissions";
import { recordAdminAction } from "~/features/audit/audit.server";
import { type FetchOptions, refusedAddress } from "~/features/authoring/metadata.server";
import { formatDate } from "~/lib/format";

export const WEBHOOK_MESSAGES = {
  internal:
    "This address is not allowed: webhooks are sent only to public addresses, never to this server or a private network.",
} as const;

/** Deliveries shown per webhook, newest first. */
export const DELIVERIES_SHOWN = 10;

const eventList = z
  .union([z.enum(WEBHOOK_EVENTS), z.array(z.enum(WEBHOOK_EVENTS))], {
    error: "Please choose at least one event",
  })
  .transform((value) => [...new Set(Array.isArray(value) ? value : [value])]);

export const webhooksActionForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("create"),
    url: z
      .url({ protocol: /^https?$/, error: "Please enter a valid http(s) URL" })
      .max(2000, "The URL can be at most 2000 characters"),
    events: eventList,
  }),
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
]);
export type WebhooksAction = z.infer<typeof webhooksActionForm>;

export type WebhookListRow = {
  id: string;
  url: string;
  events: WebhookEvent[];
  secret: string;
  created: string;
  deliveries: {
    id: string;
    event: string;
    attempt: number;
    statusCode: number | null;
    response: string | null;
    ok: boolean;
    at: string;
  }[];
};

/** `timeZone`: the site's, the dates' zone (decision 0144). */
export async function loadWebhooksPage(
  db: Database,
  timeZone: string,
): Promise<{ hooks: WebhookListRow[] }> {
  const hooks = await db.select().from(webhooks).orderBy(desc(webhooks.createdAt));
  const deliveries = hooks.length
    ? await db
        .select()
        .from(webhookDeliveries)
        .where(
          inArray(
            webhookDeliveries.webhookId,
            hooks.map((h) => h.id),
          ),
        )
        .orderBy(desc(webhookDeliveries.createdAt))
        .limit(DELIVERIES_SHOWN * hooks.length * 2)
    : [];
  return {
    hooks: hooks.map((hook) => ({
      id: hook.id,
      url: hook.url,
      events: hook.events,
      secret: hook.secret,
      created: formatDate(hook.createdAt, timeZone),
      deliveries: deliveries
        .filter((d) => d.webhookId === hook.id)
        .slice(0, DELIVERIES_SHOWN)
        .map((d) => ({
          id: d.id,
          event: d.event,
          attempt: d.attempt,
          statusCode: d.statusCode,
          response: d.response,
          ok: d.ok,
          at: d.createdAt.toISOString(),
        })),
    })),
  };
}

export async function runWebhooksAction(
  db: Database,
  actor: Actor,
  input: WebhooksAction,
  options: { fetch?: FetchOptions } = {},
): Promise<
  { ok: true; notice: string } | { ok: false; status: number; error: string; field?: "url" }
> {
  if (input.intent === "create") {
    // Checked again at every delivery; refused here so the admin hears of it at once.
    if (await refusedAddress(input.url, options.fetch))
      return { ok: false, status: 400, error: WEBHOOK_MESSAGES.internal, field: "url" };
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(webhooks)
        .values({
          url: input.url,
          events: input.events,
          secret: `whsec_${randomBytes(24).toString("base64url")}`,
          createdBy: actor.id,
        })
        .returning({ id: webhooks.id });
      await recordAdminAction(tx, actor, {
        action: "webhook.create",
        targetType: "webhook",
        targetId: row!.id,
        targetLabel: input.url,
        details: { events: input.events },
      });
    });
    return { ok: true, notice: "Webhook added." };
  }
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(webhooks)
      .where(eq(webhooks.id, input.id))
      .returning({ id: webhooks.id, url: webhooks.url });
    if (row) {
      await recordAdminAction(tx, actor, {
        action: "webhook.delete",
        targetType: "webhook",
        targetId: row.id,
        targetLabel: row.url,
      });
    }
    return Boolean(row);
  });
  return deleted
    ? { ok: true, notice: "Webhook deleted." }
    : { ok: false, status: 404, error: "This webhook does not exist." };
}
