import { data } from "react-router";
import { TOO_LARGE_MESSAGE } from "#server/http/limits";
import { NotificationSettingsPage } from "~/features/email/notification-settings-page";
import {
  PREFERENCE_MESSAGES,
  preferencesSchema,
} from "~/features/email-preferences/preference-rules";
import { getPreferences, savePreferences } from "~/features/email-preferences/preferences.server";
import { defaultPageMeta } from "~/features/seo/meta";
import { readForm } from "~/lib/read-input.server";
import { services } from "~/lib/services.server";
import { actor } from "~/pipeline/guards.server";
import type { Route } from "./+types/settings.notifications";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Notification settings", { noindex: true });
}

/** Under the members' guard (app/routes.ts): visitors and blocked → /login, pending → /pending-approval. */
export async function loader({ context }: Route.LoaderArgs) {
  return { preferences: await getPreferences(services(context).db, actor(context).id) };
}

/** Under the members' guard: the member is known before the body is read. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = actor(context);
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
  await savePreferences(services(context).db, member.id, form.data);
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
