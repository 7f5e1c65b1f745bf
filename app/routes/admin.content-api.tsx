import { data } from "react-router";
import { db } from "#server/db/client";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { requireAdmin } from "~/features/accounts/permissions.server";
import { ContentApiKeysPage } from "~/features/content-api/keys-page";
import {
  keysActionForm,
  loadKeysPage,
  runKeysAction,
} from "~/features/content-api/keys-page.server";
import { defaultPageMeta } from "~/features/seo/meta";
import { readForm } from "~/lib/read-input.server";
import { siteTimeZone } from "~/features/site-settings/site-settings.server";
import type { Route } from "./+types/admin.content-api";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Content API", { noindex: true });
}

const headers = { "Cache-Control": "private, no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return data(await loadKeysPage(db(), await siteTimeZone(db())), { headers });
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  const nothing = { notice: null, created: null, typedName: "" };
  if (request.method !== "POST") {
    return data({ ...nothing, error: "Method not allowed" }, { status: 405, headers });
  }
  const read = await readForm(request, keysActionForm, { limit: SMALL_BODY_LIMIT_BYTES });
  if (!read.ok) {
    const name = read.fields.name;
    return data(
      {
        ...nothing,
        error: read.message ?? "Invalid request",
        typedName: typeof name === "string" ? name : "",
      },
      { status: 400, headers },
    );
  }
  const result = await runKeysAction(db(), actor, read.data);
  if (!result.ok)
    return data({ ...nothing, error: result.error }, { status: result.status, headers });
  return data(
    { ...nothing, error: null, notice: result.notice, created: result.created },
    { headers },
  );
}

export default function AdminContentApi({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ContentApiKeysPage
      keys={loaderData.keys}
      notice={actionData?.notice ?? null}
      error={actionData?.error ?? null}
      created={actionData?.created ?? null}
      typedName={actionData?.typedName ?? ""}
    />
  );
}
