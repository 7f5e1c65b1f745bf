import { data } from "react-router";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { defaultPageMeta } from "~/features/seo/meta";
import { WebhooksPage } from "~/features/webhooks/webhooks-page";
import {
  loadWebhooksPage,
  runWebhooksAction,
  webhooksActionForm,
} from "~/features/webhooks/webhooks-page.server";
import { siteTimeZone } from "~/features/site-settings/site-settings.server";
import type { FormFields } from "~/lib/read-input.server";
import { services } from "~/lib/services.server";
import { defineAction, noStore } from "~/pipeline/action.server";
import type { Route } from "./+types/admin.webhooks";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Webhooks", { noindex: true });
}

/** Under the admins' guard (app/routes.ts). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = services(context);
  return data(await loadWebhooksPage(db, await siteTimeZone(db)), { headers: noStore });
}

/** The add form as typed: the URL and the events ticked. */
function typedOf(fields: FormFields) {
  const { url, events } = fields;
  return {
    url: typeof url === "string" ? url : "",
    events: (Array.isArray(events) ? events : events ? [events] : []).map(String),
  };
}

/**
 * POST intent=create (url, events) or delete (id). A refused address is shown
 * beside the URL, with what was typed.
 */
export const action = defineAction({
  permission: "admin.access",
  refusal: "to-home",
  schema: webhooksActionForm,
  limit: SMALL_BODY_LIMIT_BYTES,
  messages: { schemaMessage: true },
  refusedBody: ({ error, fields }) => ({
    notice: null,
    error,
    urlError: null,
    typed: fields ? typedOf(fields) : null,
  }),
  run: async ({ db }, admin, input) => {
    const result = await runWebhooksAction(db, admin, input);
    if (!result.ok) {
      const url = result.field === "url";
      return {
        ok: false,
        status: result.status,
        notice: null,
        error: url ? null : result.error,
        urlError: url ? result.error : null,
        typed: url && input.intent === "create" ? { url: input.url, events: input.events } : null,
      };
    }
    return { ok: true, notice: result.notice, error: null, urlError: null, typed: null };
  },
});

export default function AdminWebhooks({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <WebhooksPage
      hooks={loaderData.hooks}
      notice={actionData?.notice ?? null}
      error={actionData?.error ?? null}
      urlError={actionData?.urlError ?? null}
      typed={actionData?.typed ?? null}
    />
  );
}
