import { data } from "react-router";
import { defaultPageMeta } from "~/features/seo/meta";
import { db } from "#server/db/client";
import { runtime } from "#server/runtime";
import { requireAdmin } from "~/features/accounts/permissions.server";
import { contactEmailFor } from "~/features/layout/site-chrome.server";
import { LARGE_BODY_LIMIT_BYTES, MAX_UPLOAD_BYTES } from "#server/http/limits";
import { UPLOAD_MESSAGES } from "~/features/authoring/uploads.server";
import {
  settingsFormValues,
  SITE_SETTINGS_MESSAGES,
  type SiteSettingsValues,
} from "~/features/site-settings/settings-schema";
import { SiteSettingsForm } from "~/features/site-settings/settings-form";
import {
  loadSiteSettings,
  saveSettingsForm,
  valuesOfSettings,
} from "~/features/site-settings/site-settings.server";
import type { Route } from "./+types/admin.site-settings";
import { readForm } from "~/lib/read-input.server";
import { timeZones } from "~/lib/time-zones";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Site Settings", { noindex: true });
}

const noStore = { "Cache-Control": "private, no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const row = await loadSiteSettings(db());
  return data(
    {
      values: valuesOfSettings(row),
      version: row.updatedAt.toISOString(),
      // What the footer shows while the contact e-mail is empty.
      contactDefault: contactEmailFor(runtime().config.siteUrl),
      timeZones: timeZones(),
    },
    { headers: noStore },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  const fail = (
    status: number,
    text: string,
    values: SiteSettingsValues | null,
    field: string | null = null,
  ) => data({ message: { text, id: Date.now() }, values, field }, { status, headers: noStore });
  if (request.method !== "POST") return fail(405, SITE_SETTINGS_MESSAGES.failed, null);
  // Three text areas and an image: refuse a body far beyond them before reading it.
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_UPLOAD_BYTES + 1024 * 1024) return fail(413, UPLOAD_MESSAGES.tooLarge, null);
  const read = await readForm(request, settingsFormValues, { limit: LARGE_BODY_LIMIT_BYTES });
  if (!read.ok) return fail(400, SITE_SETTINGS_MESSAGES.failed, null);
  const values = read.data;

  // A chosen file replaces the banner URL.
  const file = read.form.get("default_sidebar_banner_file");
  const hasFile = Boolean(file && typeof file !== "string" && file.size > 0);
  const saved = await saveSettingsForm(
    db(),
    runtime().storage,
    actor,
    values,
    hasFile ? new Uint8Array(await (file as File).arrayBuffer()) : null,
    { log: (error, message) => runtime().log.error({ err: error }, message) },
  );
  if (!saved.ok) return fail(saved.status, saved.error, values, saved.field ?? null);
  return data(
    { message: { text: SITE_SETTINGS_MESSAGES.saved, id: Date.now() }, values: null, field: null },
    { headers: noStore },
  );
}

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
