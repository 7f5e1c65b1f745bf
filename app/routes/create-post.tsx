import { defaultPageMeta } from "~/features/seo/meta";
import { newIdempotencyKey } from "#server/db/idempotency";
import { PostForm, useShownValues } from "~/features/authoring/post-form";
import { emptyValues, formChoices } from "~/features/authoring/editor.server";
import { services } from "~/lib/services.server";
import { guard, sessionOf } from "~/pipeline/guards.server";
import { editorSaveAction } from "./editor-save.server";
import type { Route } from "./+types/create-post";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Create New Post", { noindex: true });
}

/** The authors' page (decision 0216): a held admin to set up two-factor, others not allowed to /. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = guard(await sessionOf(context, request), request, "post.write", "to-home");
  return {
    choices: await formChoices(services(context), actor),
    values: emptyValues(actor),
    // New with each load (and after each save): docs/decisions/0096.
    submissionKey: newIdempotencyKey(),
  };
}

export const action = editorSaveAction;

export default function CreatePost({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData && !actionData.ok ? actionData : null;
  const values = useShownValues(failed, loaderData.values);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-4 text-base font-semibold text-slate-700">Create New Post</h1>
      <PostForm
        mode="create"
        values={values}
        choices={loaderData.choices}
        error={failed && failed.intent !== "autosave" ? failed.error : null}
        fieldErrors={failed?.fieldErrors}
        submissionKey={loaderData.submissionKey}
      />
    </div>
  );
}
