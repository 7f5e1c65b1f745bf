import { defaultPageMeta } from "~/features/seo/meta";
import { data, redirect, useLocation } from "react-router";
import { db } from "#server/db/client";
import { requireAdmin } from "~/features/accounts/permissions.server";
import { BannedWordsPage } from "~/features/admin/banned-words-page";
import {
  bannedWordsActionForm,
  loadBannedWordsPage,
  runBannedWordsAction,
} from "~/features/admin/banned-words-page.server";
import type { Route } from "./+types/admin.banned-words";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { readForm } from "~/lib/read-input.server";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Banned Words", { noindex: true });
}

const headers = { "Cache-Control": "private, no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireAdmin(request);
  return data(await loadBannedWordsPage(db(), actor, request), { headers });
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  if (request.method !== "POST") {
    return data({ error: "Method not allowed", word: "", confirmStep: null }, { status: 405 });
  }
  const read = await readForm(request, bannedWordsActionForm, { limit: SMALL_BODY_LIMIT_BYTES });
  if (!read.ok)
    return data({ error: "Invalid request", word: "", confirmStep: null }, { status: 400 });
  const result = await runBannedWordsAction(db(), actor, read.data);
  if (result.kind === "redirect") throw redirect(result.to);
  if (result.kind === "confirm") return data({ error: null, word: "", confirmStep: result.step });
  return data(
    { error: result.error, word: result.word, confirmStep: null },
    { status: result.status },
  );
}

export default function AdminBannedWords({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <BannedWordsPage
      key={location.key}
      data={loaderData}
      error={actionData?.error ?? null}
      typed={actionData?.word ?? ""}
      confirmStep={actionData?.confirmStep ?? null}
    />
  );
}
