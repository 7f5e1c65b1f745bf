import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { idempotencyKeyOf } from "#server/db/idempotency";
import { commentActionForm, commentFormAction } from "~/features/comments/comment-form.server";
import {
  COMMENT_MESSAGES,
  COMMENTS_PAGE,
  listComments,
  postCommentsQuery,
} from "~/features/comments/comments.server";
import { readQuery } from "~/lib/read-input.server";
import { services } from "~/lib/services.server";
import { defineAction } from "~/pipeline/action.server";
import { sessionOf } from "~/pipeline/guards.server";
import { isSaved } from "~/features/favorites/favorites.server";
import { followsAuthor } from "~/features/follows/follows.server";
import { postPath } from "~/features/posts/post-card";
import { InfinitePosts } from "~/features/reader/infinite-posts";
import { bodyInMarkupOnly, loadPostView } from "~/features/reader/post-page.server";
import { requestContext } from "#server/http/request-context";
import { defaultPageMeta, siteOf } from "~/features/seo/meta";
import { postMeta } from "~/features/seo/post-meta";
import { pageCacheHeaders, readerPageHeaders, withPageKeys } from "~/features/layout/cache-headers";
import type { Route } from "./+types/post";

/** /post/{slug} (canonical) and /{category}/{slug}. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const view = await loadPostView(db, params.slug, {
    name: config.siteName,
    url: config.siteUrl,
  });
  // A missing post answers 404 with the 404 page at its own address.
  if (!view) throw data(null, { status: 404 });
  if (params.category && params.category !== view.post.category.slug) {
    throw redirect(postPath(view.post), 301);
  }
  // The view is counted by the page's beacon (views.server.ts), also when the page is cached.
  const viewer = await sessionOf(context, request);
  // The first 5 comments are in the HTML (readable without JavaScript). A
  // visitor's page shows them as every visitor sees them, so it stays cacheable.
  const query = readQuery(request, postCommentsQuery);
  const [saved, comments, followingAuthor] = await Promise.all([
    viewer ? isSaved(db, viewer.id, view.post.id) : undefined,
    listComments(db, view.post.id, viewer, {
      limit: query.ok ? query.data.comments : COMMENTS_PAGE,
    }),
    viewer ? followsAuthor(db, viewer.id, view.post.author.username) : undefined,
  ]);
  return data(
    {
      // The body is sent once, in the markup (decision 0160).
      view: bodyInMarkupOnly(view, context.get(requestContext).dataRequest),
      siteUrl: config.siteUrl,
      saved,
      comments,
      followingAuthor,
    },
    {
      // Its own row, and the byline (decision 0104); other posts' writes keep it.
      headers: withPageKeys(
        pageCacheHeaders(request.headers.get("cookie"), config.geo.countryHeader),
        [`post:${view.post.id}`, `by:${view.post.author.username}`],
      ),
    },
  );
}

/**
 * The comment form without JavaScript posts here (app/features/comments/comment-form.server.ts):
 * visitors (and blocked members) go to /login, pending members to
 * /pending-approval, before the body is read; success answers 303 back to the
 * Conversation, a refusal the page again with the draft.
 */
export const action = defineAction({
  permission: "comment.create",
  schema: commentActionForm,
  // A body past the cap is not read further: refused as too long.
  messages: { tooLarge: COMMENT_MESSAGES.tooLong, invalid: COMMENT_MESSAGES.failed },
  run: async (services, member, input, { request, form }) => {
    const result = await commentFormAction(services, member, input, {
      path: new URL(request.url).pathname,
      idempotencyKey: idempotencyKeyOf(request, form),
    });
    if (result.ok) throw redirect(result.location, 303);
    return result;
  },
});

/** Saving a favourite changes nothing the post's loader gives (and must not count a view). */
export function shouldRevalidate({
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formAction?.startsWith("/api/favorites")) return false;
  return defaultShouldRevalidate;
}

export const headers = readerPageHeaders;

export function meta(args: Route.MetaArgs) {
  const { loaderData, matches } = args;
  const { siteName, siteUrl } = siteOf(matches);
  if (!loaderData) return defaultPageMeta(args, "404 Page Not Found", { noindex: true });
  return postMeta(loaderData.view, { siteName, siteUrl });
}

export default function Post({ loaderData, matches }: Route.ComponentProps) {
  const { siteName } = siteOf(matches);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <InfinitePosts first={loaderData.view} siteUrl={loaderData.siteUrl} siteName={siteName} />
    </div>
  );
}
