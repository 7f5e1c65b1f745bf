import { data } from "react-router";
import { db } from "#server/db/client";
import { TOO_LARGE_MESSAGE } from "#server/http/limits";
import { requireMember } from "~/features/accounts/permissions.server";
import { NotificationSettingsPage } from "~/features/email/notification-settings-page";
import {
  PREFERENCE_MESSAGES,
  preferencesSchema,
} from "~/features/email-preferences/preference-rules";
import { getPreferences, savePreferences } from "~/features/email-preferences/preferences.server";
import { defaultPageMeta } from "~/features/seo/meta";
import { readForm } from "~/lib/read-input.server";
import type { Route } from "./+types/settings.notifications";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Notification settings", { noindex: true });
}

/** Approved members only: visitors and blocked → /login, pending → /pending-approval. */
export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request, "notifications.settings");
  return { preferences: await getPreferences(db(), member.id) };
}

export async function action({ request }: Route.ActionArgs) {
  const member = await requireMember(request, "notifications.settings");
  const form = await readForm(request, preferencesSchema);
  if (!form.ok) {
    const status = form.problem === "too-large" ? 413 : 400;
    return data(
      {
        saved: false,
        error: form.problem === "too-large" ? TOO_LARGE_MESSAGE : PREFERENCE_MESSAGES.invalidChoice,
        fieldErrors: form.fieldErrors,
        fields: form.fields,
      },
      { status },
    );
  }
  await savePreferences(db(), member.id, form.data);
  return { saved: true, error: null, fieldErrors: {}, fields: {} };
}

export default function NotificationSettings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <NotificationSettingsPage
      preferences={loaderData.preferences}
      saved={actionData?.saved ?? false}
      error={actionData?.error ?? null}
      fieldErrors={actionData?.fieldErrors ?? {}}
      fields={actionData?.fields ?? {}}
    />
  );
}
