import { lazy, Suspense } from "react";
import { Link } from "react-router";
import type { HeaderUser } from "~/features/accounts/header-user";
import { favoriteBase, favoriteIdle } from "./favorite-styles";

// Readers get a link; only members load the form's code (docs/milestones.md#issue-17-performance, decision 0107's pattern).
// The server renders the member's form in place, so that it works without JavaScript.
const MemberToggle = import.meta.env.SSR
  ? (await import("./member-favorite-toggle")).MemberFavoriteToggle
  : lazy(() =>
      import("./member-favorite-toggle").then((m) => ({ default: m.MemberFavoriteToggle })),
    );

/**
 * The post page's Add to favorites / Saved toggle (docs/product/community.md#favourites). Visitors get
 * a link to /login; members the form in member-favorite-toggle.tsx. While its
 * code loads, the same-sized label stands in its place, so nothing moves.
 */
export function FavoriteToggle({
  postId,
  postPath,
  user,
  saved,
}: {
  postId: string;
  postPath: string;
  user: HeaderUser | null;
  saved?: boolean;
}) {
  if (!user) {
    return (
      <Link to={`/login?redirectTo=${encodeURIComponent(postPath)}`} className={favoriteIdle}>
        Add to favorites
      </Link>
    );
  }

  return (
    <Suspense
      fallback={
        <span className={`${favoriteBase} border-slate-300 text-slate-600`}>
          <span aria-hidden="true">☆</span>
          Add to favorites
        </span>
      }
    >
      <MemberToggle postId={postId} postPath={postPath} user={user} saved={saved} />
    </Suspense>
  );
}
