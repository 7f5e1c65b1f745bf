import { data } from "react-router";
import { db } from "#server/db/client";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { requireAdmin } from "~/features/accounts/permissions.server";
import { DigestSettingsPage } from "~/features/email/digest-settings-page";
import {
  digestSettingsForm,
  loadDigestSettings,
  saveDigestSettings,
} from "~/features/email/digest-settings.server";
import { defaultPageMeta } from "~/features/seo/meta";
import { readForm } from "~/lib/read-input.server";
import type { Route } from "./+types/admin.email";

const headers = { "Cache-Control": "private, no-store" };

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Weekly digest", { noindex: true });
}

/** Admins only; everyone else goes to /. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return data({ settings: await loadDigestSettings(db()) }, { headers });
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  const form = await readForm(request, digestSettingsForm, { limit: SMALL_BODY_LIMIT_BYTES });
  if (!form.ok) {
    const typed = form.fields as { enabled?: string; day?: string; time?: string };
    return data(
      { saved: false, error: form.message ?? "Invalid request", fields: typed },
      { status: form.problem === "too-large" ? 413 : 400, headers },
    );
  }
  await saveDigestSettings(db(), actor, form.data);
  return data({ saved: true, error: null, fields: null }, { headers });
}

export default function AdminEmail({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <DigestSettingsPage
      settings={loaderData.settings}
      saved={actionData?.saved ?? false}
      error={actionData?.error ?? null}
      fields={actionData?.fields ?? null}
    />
  );
}
