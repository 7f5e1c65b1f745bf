import { defaultPageMeta } from "~/features/seo/meta";
import { data, useLocation } from "react-router";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { BannedWordsPage } from "~/features/admin/banned-words-page";
import {
  bannedWordsActionForm,
  bannedWordsPageQuery,
  loadBannedWordsPage,
  runBannedWordsAction,
} from "~/features/admin/banned-words-page.server";
import { readQuery } from "~/lib/read-input.server";
import { services } from "~/lib/services.server";
import { defineAction, noStore } from "~/pipeline/action.server";
import { actor } from "~/pipeline/guards.server";
import type { Route } from "./+types/admin.banned-words";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Banned Words", { noindex: true });
}

/** Under the admins' guard (app/routes.ts): the actor is an admin. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readQuery(request, bannedWordsPageQuery);
  const page = await loadBannedWordsPage(
    services(context),
    actor(context),
    query.ok ? query.data : { done: "" },
  );
  return data(page, { headers: noStore });
}

export const action = defineAction({
  permission: "admin.access",
  refusal: "to-home",
  schema: bannedWordsActionForm,
  limit: SMALL_BODY_LIMIT_BYTES,
  run: runBannedWordsAction,
});

export default function AdminBannedWords({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <BannedWordsPage
      key={location.key}
      data={loaderData}
      error={actionData && "error" in actionData ? actionData.error : null}
      typed={actionData && "word" in actionData ? actionData.word : ""}
      confirmStep={actionData && "confirmStep" in actionData ? actionData.confirmStep : null}
    />
  );
}
