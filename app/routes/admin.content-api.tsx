import { data } from "react-router";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { ContentApiKeysPage } from "~/features/content-api/keys-page";
import {
  keysActionForm,
  loadKeysPage,
  runKeysAction,
} from "~/features/content-api/keys-page.server";
import { defaultPageMeta } from "~/features/seo/meta";
import { siteTimeZone } from "~/features/site-settings/site-settings.server";
import { services } from "~/lib/services.server";
import { defineAction, noStore } from "~/pipeline/action.server";
import type { Route } from "./+types/admin.content-api";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Content API", { noindex: true });
}

/** Under the admins' guard (app/routes.ts). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = services(context);
  return data(await loadKeysPage(db, await siteTimeZone(db)), { headers: noStore });
}

/** What the page shows beside an answer: no notice, no new key, no name typed. */
const nothing = { notice: null, created: null, typedName: "" };

/** POST intent=create (name) or revoke (id); a refusal keeps the name typed. */
export const action = defineAction({
  permission: "admin.access",
  refusal: "to-home",
  schema: keysActionForm,
  limit: SMALL_BODY_LIMIT_BYTES,
  messages: { schemaMessage: true },
  refusedBody: ({ error, fields }) => ({
    ...nothing,
    error,
    typedName: typeof fields?.name === "string" ? fields.name : "",
  }),
  run: async ({ db }, admin, input) => {
    const result = await runKeysAction(db, admin, input);
    if (!result.ok) return { ...nothing, ok: false, status: result.status, error: result.error };
    return { ...nothing, ok: true, error: null, notice: result.notice, created: result.created };
  },
});

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
