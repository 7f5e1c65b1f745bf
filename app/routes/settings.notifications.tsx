import { NotificationSettingsPage } from "~/features/email/notification-settings-page";
import {
  PREFERENCE_MESSAGES,
  preferencesSchema,
} from "~/features/email-preferences/preference-rules";
import { getPreferences, savePreferences } from "~/features/email-preferences/preferences.server";
import { defaultPageMeta } from "~/features/seo/meta";
import { services } from "~/lib/services.server";
import { defineAction } from "~/pipeline/action.server";
import { actor } from "~/pipeline/guards.server";
import type { Route } from "./+types/settings.notifications";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Notification settings", { noindex: true });
}

/** Under the members' guard (app/routes.ts): visitors and blocked → /login, pending → /pending-approval. */
export async function loader({ context }: Route.LoaderArgs) {
  return { preferences: await getPreferences(services(context).db, actor(context).id) };
}

/**
 * Under the members' guard, and the helper's: the member is known before the
 * body is read. A refused body answers the page's own shape (413 in the
 * helper's words, 400 "Choose one of the options"), with what was typed.
 */
export const action = defineAction({
  permission: "notifications.settings",
  schema: preferencesSchema,
  messages: { invalid: PREFERENCE_MESSAGES.invalidChoice },
  refusedBody: ({ error, fieldErrors, fields }) => ({
    saved: false,
    error,
    fieldErrors: fieldErrors ?? {},
    fields: fields ?? {},
  }),
  run: async ({ db }, member, input) => {
    await savePreferences(db, member.id, input);
    return { ok: true, saved: true, error: null, fieldErrors: {}, fields: {} };
  },
});

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
