import { data, redirect } from "react-router";
import { z } from "zod";
import { services } from "~/lib/services.server";
import { noStore } from "~/pipeline/action.server";
import { sessionOf } from "~/pipeline/guards.server";
import {
  listRevisions,
  restoreRevision,
  revisionDiff,
} from "~/features/authoring/revisions.server";
import { formText, readForm } from "~/lib/read-input.server";
import { flashHeaders } from "~/lib/flash.server";
import type { Route } from "./+types/api.post-revisions";

/**
 * /api/posts/{id}/revisions (docs/milestones.md#issue-18-the-writing-studio): GET lists the post's history, or
 * with ?revision= what changed since that revision; POST restores one and
 * goes back to the editor. Only for whoever may edit the post (else 404).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const actor = await sessionOf(context, request);
  const revision = new URL(request.url).searchParams.get("revision");
  if (revision) {
    const diff = await revisionDiff(db, actor, params.id, revision);
    if (!diff) throw data({ error: "Not found" }, { status: 404 });
    return data({ diff }, { headers: noStore });
  }
  const revisions = await listRevisions(db, actor, params.id);
  if (!revisions) throw data({ error: "Not found" }, { status: 404 });
  return data({ revisions }, { headers: noStore });
}

const restoreForm = z.object({ revision: formText });

/** POST revision: restore it. Whoever may not edit the post gets 404 (a visitor before the body is read). */
export async function action({ params, request, context }: Route.ActionArgs) {
  const actor = await sessionOf(context, request);
  if (!actor) throw data({ error: "Not found" }, { status: 404 });
  const read = await readForm(request, restoreForm);
  const restored = read.ok
    ? await restoreRevision(services(context).db, actor, params.id, read.data.revision)
    : undefined;
  if (!restored) throw data({ error: "Not found" }, { status: 404 });
  throw redirect(`/edit-post/${restored.slug}`, { headers: flashHeaders("post-restored") });
}
