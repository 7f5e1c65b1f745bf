import { data, redirect } from "react-router";
import { z } from "zod";
import { services } from "~/lib/services.server";
import { defineAction, noStore } from "~/pipeline/action.server";
import { sessionOf } from "~/pipeline/guards.server";
import {
  listRevisions,
  restoreRevision,
  revisionDiff,
} from "~/features/authoring/revisions.server";
import { formText } from "~/lib/read-input.server";
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

const notFound = { ok: false, status: 404, error: "Not found" } as const;

/**
 * POST revision: restore it. Whoever may not edit the post gets 404: who may
 * write no post before the body is read (the guard), the others once the
 * feature has looked at the post. A body that cannot be read or names no
 * revision: 404 too, as a revision that is not there.
 */
export const action = defineAction({
  permission: "post.write",
  refusal: { status: 404, error: "Not found" },
  schema: restoreForm,
  refused: () => notFound,
  run: async ({ db }, actor, { revision }, { params }) => {
    const restored = await restoreRevision(db, actor, params.id ?? "", revision);
    if (!restored) return notFound;
    throw redirect(`/edit-post/${restored.slug}`, { headers: flashHeaders("post-restored") });
  },
});
