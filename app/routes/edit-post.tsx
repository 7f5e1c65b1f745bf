import { defaultPageMeta } from "~/features/seo/meta";
import { data, Link } from "react-router";
import { newIdempotencyKey } from "#server/db/idempotency";
import { ErrorBox } from "~/components/ui/form";
import { PostForm, useShownValues } from "~/features/authoring/post-form";
import { loadPostForEdit } from "~/features/authoring/posts-admin.server";
import { formChoices, valuesOf } from "~/features/authoring/editor.server";
import { hasShareLink } from "~/features/preview/preview.server";
import { services } from "~/lib/services.server";
import { guard, sessionOf } from "~/pipeline/guards.server";
import { editorSaveAction } from "./editor-save.server";
import type { Route } from "./+types/edit-post";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Edit Post", { noindex: true });
}

/** The authors' page (decision 0216): a held admin to set up two-factor, others not allowed to /. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = guard(await sessionOf(context, request), request, "post.write", "to-home");
  const { db } = services(context);
  const found = await loadPostForEdit(db, actor, params.slug);
  if (!found.ok) return data({ loadError: found.error, form: null }, { status: found.status });
  const scheduled =
    found.post.status === "published" &&
    found.post.publishedAt &&
    found.post.publishedAt > new Date();
  return {
    loadError: null,
    form: {
      choices: await formChoices({ db }, actor),
      values: valuesOf(found.post),
      lastAutosave: found.post.lastAutosave?.toISOString() ?? null,
      savedAt: found.post.updatedAt.toISOString(),
      hasShareLink: await hasShareLink(db, found.post.id),
      notice: scheduled
        ? `Scheduled for ${found.post.publishedAt!.toISOString().slice(0, 16).replace("T", " ")} UTC.`
        : null,
      status: found.post.status,
      // New with each load (and after each save): docs/decisions/0096.
      submissionKey: newIdempotencyKey(),
    },
  };
}

export const action = editorSaveAction;

/** What a page without its post shows (none: it has no form). */
const NO_VALUES = {};

export default function EditPost({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData && !actionData.ok ? actionData : null;
  const values = useShownValues(failed, loaderData.form?.values ?? NO_VALUES);
  if (!loaderData.form) {
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-8">
        <h1 className="text-3xl font-bold text-slate-900">Edit Post</h1>
        <ErrorBox>{loaderData.loadError}</ErrorBox>
        <Link to="/my-posts" className="text-brand-700 underline">
          Back to My Posts
        </Link>
      </div>
    );
  }
  const { form } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-4 text-base font-semibold text-slate-700">Edit Post</h1>
      <PostForm
        key={`${form.values.id}:${form.values.opened_at}`}
        mode="edit"
        values={values}
        choices={form.choices}
        error={failed && failed.intent !== "autosave" ? failed.error : null}
        notice={failed ? null : form.notice}
        fieldErrors={failed?.fieldErrors}
        lastAutosave={form.lastAutosave}
        savedAt={form.savedAt}
        postStatus={form.status}
        hasShareLink={form.hasShareLink}
        conflict={
          failed?.conflict && failed.intent && failed.intent !== "autosave"
            ? { ...failed.conflict, intent: failed.intent }
            : null
        }
        submissionKey={form.submissionKey}
      />
    </div>
  );
}
