import { defaultPageMeta } from "~/features/seo/meta";
import { db } from "#server/db/client";
import { requireUser } from "~/features/accounts/permissions.server";
import { FavoritesPage } from "~/features/favorites/favorites-page";
import { listFavorites } from "~/features/favorites/favorites.server";
import { mostViewedPosts } from "~/features/posts/posts.server";
import type { Route } from "./+types/favorites";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "My Favorite Posts", { noindex: true });
}

/** Signed-in members only (signed-out → /login). */
export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireUser(request);
  const [items, mostViewed] = await Promise.all([
    listFavorites(db(), member.id),
    mostViewedPosts(db()),
  ]);
  return { items, mostViewed };
}

export default function Favorites({ loaderData }: Route.ComponentProps) {
  return <FavoritesPage items={loaderData.items} mostViewed={loaderData.mostViewed} />;
}
