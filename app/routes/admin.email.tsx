import { data } from "react-router";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { DigestSettingsPage } from "~/features/email/digest-settings-page";
import {
  digestSettingsForm,
  loadDigestSettings,
  saveDigestSettings,
} from "~/features/email/digest-settings.server";
import { defaultPageMeta } from "~/features/seo/meta";
import type { FormFields } from "~/lib/read-input.server";
import { services } from "~/lib/services.server";
import { defineAction, noStore } from "~/pipeline/action.server";
import type { Route } from "./+types/admin.email";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Weekly digest", { noindex: true });
}

/** Under the admins' guard (app/routes.ts): everyone else goes to /. */
export async function loader({ context }: Route.LoaderArgs) {
  return data({ settings: await loadDigestSettings(services(context).db) }, { headers: noStore });
}

/** The form as typed, shown again beside a refusal. */
function typedOf(fields: FormFields | null) {
  const text = (name: string) => {
    const value = fields?.[name];
    return typeof value === "string" ? value : undefined;
  };
  return { enabled: text("enabled"), day: text("day"), time: text("time") };
}

/** POST enabled, day, time; a refusal keeps what was typed. */
export const action = defineAction({
  permission: "admin.access",
  refusal: "to-home",
  schema: digestSettingsForm,
  limit: SMALL_BODY_LIMIT_BYTES,
  messages: { schemaMessage: true },
  refusedBody: ({ error, fields }) => ({
    saved: false,
    error,
    fields: typedOf(fields),
  }),
  run: async ({ db }, admin, input) => {
    await saveDigestSettings(db, admin, input);
    return { ok: true, saved: true, error: null, fields: null };
  },
});

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
