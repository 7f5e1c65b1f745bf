import { Link } from "react-router";
import { FeaturedPostsWidget, postPath } from "~/features/posts/post-card";
import type { PostCard } from "~/features/posts/types";
import { formatDate, isoDate, plural } from "~/lib/format";
import { useSiteTimeZone } from "~/lib/site-time-zone";

export type SavedItem = { post: PostCard; savedAt: Date | string };

/** /favorites (docs/product/community.md#favourites): the member's saved posts and the Most Viewed sidebar. */
export function FavoritesPage({
  items,
  mostViewed,
}: {
  items: SavedItem[];
  mostViewed: PostCard[];
}) {
  const timeZone = useSiteTimeZone();
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[1fr_320px]">
      <div className="min-w-0">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">My Favorite Posts</h1>
        {items.length === 0 ? (
          <div className="mt-8 rounded-lg border border-dashed border-slate-300 p-10 text-center">
            <p className="text-lg font-semibold">You haven&apos;t saved any posts yet</p>
            <p className="mt-2">
              <Link to="/" className="font-semibold text-brand-700 underline">
                Browse posts
              </Link>
            </p>
          </div>
        ) : (
          <ul className="mt-8 space-y-6">
            {items.map(({ post, savedAt }) => (
              <li key={post.id} className="rounded-lg border border-slate-200 p-5">
                <article aria-labelledby={`fav-${post.id}`}>
                  <Link
                    to={`/categories/${post.category.slug}`}
                    className="text-xs font-semibold uppercase tracking-wide text-brand-700 hover:underline"
                  >
                    {post.category.name}
                  </Link>
                  <h2 id={`fav-${post.id}`} className="mt-1 text-xl font-bold text-slate-900">
                    <Link to={postPath(post)} className="hover:underline">
                      {post.title}
                    </Link>
                  </h2>
                  {post.excerpt ? <p className="mt-2 text-slate-700">{post.excerpt}</p> : null}
                  <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
                    <span>
                      Saved <time dateTime={isoDate(savedAt)}>{formatDate(savedAt, timeZone)}</time>
                    </span>
                    <span>
                      Published{" "}
                      <time dateTime={isoDate(post.publishedAt)}>
                        {formatDate(post.publishedAt, timeZone)}
                      </time>
                    </span>
                    <span>{plural(post.commentCount, "comment")}</span>
                  </p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
      <aside aria-label="Most Viewed">
        <FeaturedPostsWidget posts={mostViewed} title="Most Viewed" />
      </aside>
    </div>
  );
}
