import { defaultPageMeta } from "~/features/seo/meta";
import { FavoritesPage } from "~/features/favorites/favorites-page";
import { listFavorites } from "~/features/favorites/favorites.server";
import { mostViewedPosts } from "~/features/posts/posts.server";
import { services } from "~/lib/services.server";
import { actor } from "~/pipeline/guards.server";
import type { Route } from "./+types/favorites";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "My Favorite Posts", { noindex: true });
}

/** Under the signed-in guard (app/routes.ts): signed-out → /login. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = services(context);
  const [items, mostViewed] = await Promise.all([
    listFavorites(db, actor(context).id),
    mostViewedPosts(db),
  ]);
  return { items, mostViewed };
}

export default function Favorites({ loaderData }: Route.ComponentProps) {
  return <FavoritesPage items={loaderData.items} mostViewed={loaderData.mostViewed} />;
}
