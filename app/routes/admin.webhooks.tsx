import { data } from "react-router";
import { db } from "#server/db/client";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { requireAdmin } from "~/features/accounts/permissions.server";
import { defaultPageMeta } from "~/features/seo/meta";
import { WebhooksPage } from "~/features/webhooks/webhooks-page";
import {
  loadWebhooksPage,
  runWebhooksAction,
  webhooksActionForm,
} from "~/features/webhooks/webhooks-page.server";
import { readForm } from "~/lib/read-input.server";
import { siteTimeZone } from "~/features/site-settings/site-settings.server";
import type { Route } from "./+types/admin.webhooks";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Webhooks", { noindex: true });
}

const headers = { "Cache-Control": "private, no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return data(await loadWebhooksPage(db(), await siteTimeZone(db())), { headers });
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  if (request.method !== "POST") {
    return data(
      { notice: null, error: "Method not allowed", urlError: null, typed: null },
      { status: 405, headers },
    );
  }
  const read = await readForm(request, webhooksActionForm, { limit: SMALL_BODY_LIMIT_BYTES });
  if (!read.ok) {
    const url = read.fields.url;
    const events = read.fields.events;
    const typed = {
      url: typeof url === "string" ? url : "",
      events: (Array.isArray(events) ? events : events ? [events] : []).map(String),
    };
    return data(
      { notice: null, error: read.message ?? "Invalid request", urlError: null, typed },
      { status: 400, headers },
    );
  }
  const result = await runWebhooksAction(db(), actor, read.data);
  if (!result.ok) {
    // A refused address is shown beside the URL, with what was typed.
    const typed =
      result.field === "url" && read.data.intent === "create"
        ? { url: read.data.url, events: read.data.events }
        : null;
    return data(
      {
        notice: null,
        error: result.field ? null : result.error,
        urlError: result.field === "url" ? result.error : null,
        typed,
      },
      { status: result.status, headers },
    );
  }
  return data({ notice: result.notice, error: null, urlError: null, typed: null }, { headers });
}

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
