import { data } from "react-router";
import { z } from "zod";
import { PostArticle } from "~/features/reader/post-article";
import { viewOfPost } from "~/features/reader/post-page.server";
import { loadPreview, PREVIEW_HEADERS, sharePreview } from "~/features/preview/preview.server";
import { defaultPageMeta } from "~/features/seo/meta";
import { formText, readForm } from "~/lib/read-input.server";
import { services } from "~/lib/services.server";
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

const shareForm = z.object({ intent: formText });

/** { token } after "share", { revoked: true } after "revoke"; 404 for anyone who may not edit the post. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const member = await sessionOf(context, request);
  const read = await readForm(request, shareForm);
  const intent = read.ok ? read.data.intent : "";
  if (intent !== "share" && intent !== "revoke") {
    return data({ error: "Unknown action" }, { status: 400 });
  }
  // Not signed in, or not the post's author or an admin: answered as a post that is not there.
  const shared = member
    ? await sharePreview(services(context), member, { postId: params.id, intent })
    : null;
  if (!shared) throw data(null, { status: 404 });
  return data(shared, { headers: PREVIEW_HEADERS });
}

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
