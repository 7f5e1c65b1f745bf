import { data, redirect } from "react-router";
import { db } from "#server/db/client";
import { runtime } from "#server/runtime";
import { clientIp } from "~/features/accounts/request.server";
import { postPath } from "~/features/posts/post-card";
import { PostArticle } from "~/features/posts/post-article";
import { loadPostView } from "~/features/posts/post-page.server";
import { registerViewInBackground } from "~/features/posts/views.server";
import type { Route } from "./+types/post";

/** /post/{slug} (canonical) and /{category}/{slug}. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { config, log } = runtime();
  const view = await loadPostView(db(), params.slug, {
    name: config.siteName,
    url: config.siteUrl,
  });
  // A missing post answers 404 with the 404 page at its own address.
  if (!view) throw data(null, { status: 404 });
  if (params.category && params.category !== view.post.category.slug) {
    throw redirect(postPath(view.post), 301);
  }
  registerViewInBackground(
    db(),
    {
      postId: view.post.id,
      secret: config.authSecret,
      ip: clientIp(context),
      userAgent: request.headers.get("user-agent"),
    },
    (error) => log.warn({ err: error }, "view not counted"),
  );
  return { view, siteUrl: config.siteUrl };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as { siteName?: string } | undefined;
  const siteName = root?.siteName ?? "FounderBridge";
  if (!loaderData) return [{ title: "404 Page Not Found" }];
  const { post, description } = loaderData.view;
  return [
    { title: `${post.title} | ${siteName}` },
    { name: "description", content: description },
    {
      tagName: "link",
      rel: "canonical",
      href: new URL(postPath(post), loaderData.siteUrl).toString(),
    },
  ];
}

export default function Post({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PostArticle view={loaderData.view} siteUrl={loaderData.siteUrl} first />
    </div>
  );
}
