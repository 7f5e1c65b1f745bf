import { db } from "#server/db/client";
import { runtime } from "#server/runtime";
import { clientIp } from "~/features/accounts/request.server";
import { loadNextPostView } from "~/features/posts/next-post.server";
import { registerViewInBackground } from "~/features/posts/views.server";
import type { Route } from "./+types/api.posts.next";

/** GET /api/posts/next?after={slug}&seen={id,id,…}: the next post for infinite scroll, as JSON. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, log } = runtime();
  const url = new URL(request.url);
  const after = url.searchParams.get("after") ?? "";
  const seen = (url.searchParams.get("seen") ?? "").split(",").filter(Boolean).slice(0, 200);
  if (!/^[a-z0-9-]{1,200}$/.test(after)) {
    return Response.json({ error: "Failed to fetch next post" }, { status: 400 });
  }
  const view = await loadNextPostView(
    db(),
    { afterSlug: after, seenIds: seen },
    { name: config.siteName, url: config.siteUrl },
  );
  if (view) {
    // Each loaded post registers a view (spec 1 §2).
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
  }
  return Response.json(
    { view: view ?? null },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
