import { data } from "react-router";
import { z } from "zod";
import { PostArticle } from "~/features/reader/post-article";
import { viewOfPost } from "~/features/reader/post-page.server";
import {
  loadPreview,
  PREVIEW_HEADERS,
  previewResource,
  sharePreview,
} from "~/features/preview/preview.server";
import { defaultPageMeta } from "~/features/seo/meta";
import { services } from "~/lib/services.server";
import { defineAction } from "~/pipeline/action.server";
import { sessionOf } from "~/pipeline/guards.server";
import type { Route } from "./+types/preview";

/**
 * /preview/{postId}: a post as its published page will look (docs/milestones.md#issue-18-the-writing-studio), for
 * its author and admins, or with ?token= from a share link. Anyone else gets
 * the 404 page. Its POST creates or revokes the share link.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const token = new URL(request.url).searchParams.get("token");
  const site = { name: config.siteName, url: config.siteUrl };
  const preview = await loadPreview(
    db,
    { postId: params.id, actor: await sessionOf(context, request), token },
    (post) => viewOfPost(db, post, site),
  );
  if (!preview) throw data(null, { status: 404, headers: PREVIEW_HEADERS });
  return data(
    { view: preview.view, siteUrl: config.siteUrl, status: preview.status },
    { headers: PREVIEW_HEADERS },
  );
}

export function headers() {
  return PREVIEW_HEADERS;
}

const shareForm = z.object({ intent: z.enum(["share", "revoke"]) });

/**
 * { link, revoked } after "share" or "revoke". Whoever may not manage the post
 * (not signed in, not its author or an admin, no such post) gets the 404 page,
 * as for a post that is not there, before the body is read (the guard's
 * resource, refusal "not-found"); an unknown intent from whoever may is 400.
 */
export const action = defineAction({
  permission: "post.write",
  refusal: "not-found",
  resource: (services, { params }) => previewResource(services, params.id ?? ""),
  schema: shareForm,
  // A body it cannot take (no intent, another, unreadable, too large): 400 in its words.
  refused: () => ({ ok: false as const, status: 400, error: "Unknown action" }),
  headers: PREVIEW_HEADERS,
  run: async (services, member, { intent }, { params }) => {
    const shared = await sharePreview(services, member, { postId: params.id ?? "", intent });
    // Gone or taken between the guard and now: still the 404 page.
    if (!shared) throw data(null, { status: 404 });
    return { ok: true as const, ...shared };
  },
});

export function meta(args: Route.MetaArgs) {
  const title = args.loaderData?.view.post.title ?? "404 Page Not Found";
  return defaultPageMeta(args, args.loaderData ? `Preview: ${title}` : title, { noindex: true });
}

export default function Preview({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <p
        role="note"
        className="mb-8 rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950"
      >
        {loaderData.status === "published"
          ? "Preview of this post as it is saved."
          : "Preview: this draft is not published yet. Readers see it like this once it is."}
      </p>
      <PostArticle view={loaderData.view} siteUrl={loaderData.siteUrl} first />
    </div>
  );
}
