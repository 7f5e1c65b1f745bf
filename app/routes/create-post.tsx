import { defaultPageMeta } from "~/features/seo/meta";
import { db } from "#server/db/client";
import { newIdempotencyKey } from "#server/db/idempotency";
import { requireAuthor } from "~/features/accounts/permissions.server";
import { getSessionUser } from "~/features/accounts/session.server";
import { PostForm } from "~/features/authoring/post-form";
import { emptyValues, formChoices, handleSave } from "~/features/authoring/routes.server";
import type { Route } from "./+types/create-post";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Create New Post", { noindex: true });
}

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireAuthor(request);
  return {
    choices: await formChoices(db(), actor),
    values: emptyValues(actor),
    // New with each load (and after each save): docs/decisions/0096.
    submissionKey: newIdempotencyKey(),
  };
}

export async function action({ request }: Route.ActionArgs) {
  return handleSave(db(), await getSessionUser(request), request);
}

export default function CreatePost({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData && !actionData.ok ? actionData : null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-4 text-base font-semibold text-slate-700">Create New Post</h1>
      <PostForm
        mode="create"
        values={failed?.values ?? loaderData.values}
        choices={loaderData.choices}
        error={failed && failed.intent !== "autosave" ? failed.error : null}
        fieldErrors={failed?.fieldErrors}
        submissionKey={loaderData.submissionKey}
      />
    </div>
  );
}
