import { data } from "react-router";
import { defaultPageMeta } from "~/features/seo/meta";
import { contactEmailFor } from "~/features/layout/site-chrome.server";
import { MAX_UPLOAD_BYTES } from "#server/http/limits";
import { UPLOAD_MESSAGES } from "~/features/authoring/uploads.server";
import {
  settingsFormValues,
  SITE_SETTINGS_MESSAGES,
} from "~/features/site-settings/settings-schema";
import { SiteSettingsForm } from "~/features/site-settings/settings-form";
import {
  loadSiteSettings,
  saveSettingsForm,
  valuesOfSettings,
} from "~/features/site-settings/site-settings.server";
import type { Route } from "./+types/admin.site-settings";
import { services } from "~/lib/services.server";
import { timeZones } from "~/lib/time-zones";
import { defineAction, noStore } from "~/pipeline/action.server";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Site Settings", { noindex: true });
}

/** Under the admins' guard (app/routes.ts). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const row = await loadSiteSettings(db);
  return data(
    {
      values: valuesOfSettings(row),
      version: row.updatedAt.toISOString(),
      // What the footer shows while the contact e-mail is empty.
      contactDefault: contactEmailFor(config.siteUrl),
      timeZones: timeZones(),
    },
    { headers: noStore },
  );
}

/** Three text areas and an image: a body far beyond them is refused before it is read. */
const SETTINGS_BODY_LIMIT_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024;

/** The toast's message; a new id shows it again. */
const toast = (text: string) => ({ text, id: Date.now() });

/**
 * POST the settings form (and the banner file, which replaces the banner
 * URL). A refusal keeps what was typed and names the field; any read
 * failure says the save failed.
 */
export const action = defineAction({
  permission: "admin.access",
  refusal: "to-home",
  schema: settingsFormValues,
  limit: SETTINGS_BODY_LIMIT_BYTES,
  messages: { tooLarge: UPLOAD_MESSAGES.tooLarge, invalid: SITE_SETTINGS_MESSAGES.failed },
  refusedBody: ({ problem, error }) => ({
    message: toast(problem === "too-large" ? error : SITE_SETTINGS_MESSAGES.failed),
    values: null,
    field: null,
  }),
  run: async ({ db, storage, log }, admin, values, { form }) => {
    const file = form.get("default_sidebar_banner_file");
    const banner =
      file && typeof file !== "string" && file.size > 0
        ? new Uint8Array(await file.arrayBuffer())
        : null;
    const saved = await saveSettingsForm(db, storage, admin, values, banner, {
      log: (error, message) => log.error({ err: error }, message),
    });
    if (!saved.ok) {
      const field = saved.field ?? null;
      return { ok: false, status: saved.status, message: toast(saved.error), values, field };
    }
    return { ok: true, message: toast(SITE_SETTINGS_MESSAGES.saved), values: null, field: null };
  },
});

export default function AdminSiteSettings({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? loaderData.values;
  return (
    <SiteSettingsForm
      // A fresh form after a save (the saved values) or an error (what was typed).
      key={actionData?.values ? `typed-${actionData.message.id}` : loaderData.version}
      values={values}
      contactDefault={loaderData.contactDefault}
      timeZones={loaderData.timeZones}
      message={actionData?.message ?? null}
      errorField={actionData?.field ?? null}
    />
  );
}
