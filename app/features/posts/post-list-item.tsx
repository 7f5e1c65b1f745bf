import type { ReactNode } from "react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/image/responsive-image";
import { formatDate, isoDate, plural } from "~/lib/format";
import { postVisual } from "~/lib/video";
import { useSiteTimeZone } from "~/lib/site-time-zone";
import { Avatar, postPath, VerifiedBadge } from "./post-card";
import type { PostCard } from "./types";

// The lists' cards (home, categories, tags, profiles, events, search). Kept apart from
// post-card.tsx, whose avatar, badge and sidebar widget an article needs: a reader's
// article does not load these (docs/milestones.md#issue-17-performance).

/** Author (linking to the profile), badge, date, and optional extras. */
export function Byline({
  post,
  showAvatar = true,
  children,
}: {
  post: PostCard;
  showAvatar?: boolean;
  children?: ReactNode;
}) {
  const timeZone = useSiteTimeZone();
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
      {showAvatar ? <Avatar author={post.author} size={28} /> : null}
      <Link
        to={`/user/${post.author.username}`}
        className="relative z-10 font-medium text-slate-900 hover:underline"
      >
        {post.author.name}
      </Link>
      <VerifiedBadge role={post.author.role} />
      <span aria-hidden="true">·</span>
      <time dateTime={isoDate(post.publishedAt)}>{formatDate(post.publishedAt, timeZone)}</time>
      {children}
    </div>
  );
}

function Visual({
  post,
  eager,
  width,
  height,
  sizes,
  className,
}: {
  post: PostCard;
  eager?: boolean;
  width: number;
  height: number;
  sizes: string;
  className: string;
}) {
  const { imageUrl, isVideo } = postVisual(post);
  if (!imageUrl && !isVideo) return null;
  return (
    <div className={`relative overflow-hidden rounded-lg bg-slate-100 ${className}`}>
      {imageUrl ? (
        <ResponsiveImage
          src={imageUrl}
          alt=""
          width={width}
          height={height}
          sizes={sizes}
          priority={eager}
          className="h-full w-full object-cover"
        />
      ) : null}
      {isVideo ? (
        <span className="absolute inset-0 flex items-center justify-center">
          <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-black/60 text-xl text-white">
            <span aria-hidden="true">▶</span>
            <span className="sr-only">Video</span>
          </span>
        </span>
      ) : null}
    </div>
  );
}

function CategoryLink({ post }: { post: PostCard }) {
  return (
    <Link
      to={`/categories/${post.category.slug}`}
      className="relative z-10 text-xs font-semibold uppercase tracking-wide text-brand-700 hover:underline"
    >
      {post.category.name}
    </Link>
  );
}

/**
 * A post in a list. The title link covers the card (stretched link), other
 * links sit above it, so every link has one clear name.
 */
export function PostListItem({
  post,
  headingLevel = 2,
  eager = false,
  variant = "list",
  children,
}: {
  post: PostCard;
  headingLevel?: 2 | 3;
  eager?: boolean;
  variant?: "hero" | "list";
  /** Shown under the title (an event's date and place, docs/decisions/0115). */
  children?: ReactNode;
}) {
  const Heading = `h${headingLevel}` as const;
  const hero = variant === "hero";
  return (
    <article
      className={`relative grid gap-4 ${hero ? "" : "sm:grid-cols-[200px_1fr]"} rounded-lg focus-within:ring-2 focus-within:ring-brand-600`}
    >
      <Visual
        post={post}
        eager={eager}
        width={hero ? 1200 : 400}
        height={hero ? 630 : 210}
        // The main column: 760 px beside the sidebar, the page's width less its padding below.
        sizes={
          hero
            ? "(min-width: 1024px) 760px, calc(100vw - 32px)"
            : "(min-width: 640px) 200px, calc(100vw - 32px)"
        }
        className={hero ? "aspect-[1200/630]" : "aspect-[400/210] sm:h-[105px] sm:w-[200px]"}
      />
      <div className="min-w-0">
        <CategoryLink post={post} />
        <Heading className={`mt-1 font-bold text-slate-900 ${hero ? "text-3xl" : "text-xl"}`}>
          <Link to={postPath(post)} className="after:absolute after:inset-0 hover:underline">
            {post.title}
          </Link>
        </Heading>
        {children}
        {post.excerpt ? (
          <p className={`mt-2 text-slate-700 ${hero ? "text-lg" : "line-clamp-3"}`}>
            {post.excerpt}
          </p>
        ) : null}
        <div className="mt-3">
          <Byline post={post}>
            <span aria-hidden="true">·</span>
            <span>{plural(post.commentCount, "comment")}</span>
          </Byline>
        </div>
      </div>
    </article>
  );
}

export function EmptyState({ title, body }: { title: string; body?: string }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center">
      <p className="text-lg font-semibold">{title}</p>
      {body ? <p className="mt-1 text-slate-700">{body}</p> : null}
    </div>
  );
}
