import { db } from "#server/db/client";
import { runtime } from "#server/runtime";
import { loadNextPostView } from "~/features/reader/next-post.server";
import type { Route } from "./+types/api.posts.next";

/** GET /api/posts/next?after={slug}&seen={id,id,…}: the next post for infinite scroll, as JSON. */
export async function loader({ request }: Route.LoaderArgs) {
  const { config } = runtime();
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
  // Its view is counted by the page's beacon once the post is shown (views.server.ts).
  return Response.json(
    { view: view ?? null },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
