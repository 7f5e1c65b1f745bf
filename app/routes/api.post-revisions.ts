import { data, redirect } from "react-router";
import { z } from "zod";
import { db } from "#server/db/client";
import { getSessionUser } from "~/features/accounts/session.server";
import {
  listRevisions,
  restoreRevision,
  revisionDiff,
} from "~/features/authoring/revisions.server";
import { formText, readForm } from "~/lib/read-input.server";
import { flashHeaders } from "~/lib/flash.server";
import type { Route } from "./+types/api.post-revisions";

/**
 * /api/posts/{id}/revisions (issue 18): GET lists the post's history, or
 * with ?revision= what changed since that revision; POST restores one and
 * goes back to the editor. Only for whoever may edit the post (else 404).
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const actor = await getSessionUser(request);
  const revision = new URL(request.url).searchParams.get("revision");
  const headers = { "Cache-Control": "private, no-store" };
  if (revision) {
    const diff = await revisionDiff(db(), actor, params.id, revision);
    if (!diff) throw data({ error: "Not found" }, { status: 404 });
    return data({ diff }, { headers });
  }
  const revisions = await listRevisions(db(), actor, params.id);
  if (!revisions) throw data({ error: "Not found" }, { status: 404 });
  return data({ revisions }, { headers });
}

const restoreForm = z.object({ revision: formText });

export async function action({ params, request }: Route.ActionArgs) {
  const actor = await getSessionUser(request);
  const read = await readForm(request, restoreForm);
  const restored = read.ok
    ? await restoreRevision(db(), actor, params.id, read.data.revision)
    : undefined;
  if (!restored) throw data({ error: "Not found" }, { status: 404 });
  throw redirect(`/edit-post/${restored.slug}`, { headers: flashHeaders("post-restored") });
}
