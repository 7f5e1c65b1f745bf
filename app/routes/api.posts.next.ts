import {
  loadNextPostView,
  NEXT_POST_FAILED,
  nextPostQuery,
} from "~/features/reader/next-post.server";
import { readQuery } from "~/lib/read-input.server";
import { services } from "~/lib/services.server";
import { noStore } from "~/pipeline/action.server";
import type { Route } from "./+types/api.posts.next";

/** GET /api/posts/next?after={slug}&seen={id,id,…}: the next post for infinite scroll, as JSON. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const query = readQuery(request, nextPostQuery);
  if (!query.ok) return Response.json({ error: NEXT_POST_FAILED }, { status: 400 });
  const { after, seen } = query.data;
  const view = await loadNextPostView(
    db,
    { afterSlug: after, seenIds: seen },
    { name: config.siteName, url: config.siteUrl },
  );
  // Its view is counted by the page's beacon once the post is shown (views.server.ts).
  return Response.json({ view: view ?? null }, { headers: noStore });
}
