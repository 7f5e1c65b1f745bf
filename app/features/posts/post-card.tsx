import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/image/responsive-image";
import { formatDate, initial, isoDate, plural } from "~/lib/format";
import { postVisual } from "~/lib/video";
import type { AuthorSummary, PostCard } from "./types";
import { useSiteTimeZone } from "~/lib/site-time-zone";

export function postPath(post: { slug: string }) {
  return `/post/${post.slug}`;
}

/** Mentors and admins carry a verified badge beside their name (spec 1 §6). */
export function VerifiedBadge({ role }: { role: AuthorSummary["role"] }) {
  if (role === "user") return null;
  const label = role === "admin" ? "Verified admin" : "Verified mentor";
  return (
    <span
      title={label}
      className="ml-1 inline-flex h-4 w-4 items-center justify-center rounded-full bg-brand-700 align-middle text-[10px] font-bold text-white"
    >
      <span aria-hidden="true">✓</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function Avatar({ author, size = 32 }: { author: AuthorSummary; size?: number }) {
  if (author.photoUrl) {
    return (
      <ResponsiveImage
        src={author.photoUrl}
        alt=""
        width={size}
        height={size}
        className="shrink-0 rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-900"
      style={{ width: size, height: size }}
    >
      {initial(author.name)}
    </span>
  );
}

/** Author (linking to the profile), badge, date, and optional extras. */
export function Byline({
  post,
  showAvatar = true,
  children,
}: {
  post: PostCard;
  showAvatar?: boolean;
  children?: React.ReactNode;
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
  /** Shown under the title (an event's date and place, issue 21 §5). */
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

/** A small entry in a sidebar list. */
export function CompactPostItem({ post }: { post: PostCard }) {
  const timeZone = useSiteTimeZone();
  const { imageUrl } = postVisual(post);
  return (
    <article className="relative flex gap-3">
      {imageUrl ? (
        <ResponsiveImage
          src={imageUrl}
          alt=""
          width={80}
          height={42}
          className="h-[42px] w-[80px] shrink-0 rounded object-cover"
        />
      ) : null}
      <div className="min-w-0">
        <h3 className="text-sm font-semibold leading-snug text-slate-900">
          <Link to={postPath(post)} className="after:absolute after:inset-0 hover:underline">
            {post.title}
          </Link>
        </h3>
        <p className="mt-1 text-xs text-slate-700">
          <time dateTime={isoDate(post.publishedAt)}>{formatDate(post.publishedAt, timeZone)}</time>
        </p>
      </div>
    </article>
  );
}

export function FeaturedPostsWidget({
  posts,
  title = "Featured posts",
  regionLabel,
}: {
  posts: PostCard[];
  title?: string;
  /** A distinct name when several of these are on one page. */
  regionLabel?: string;
}) {
  const id = useId();
  if (posts.length === 0) return null;
  return (
    <section
      {...(regionLabel ? { "aria-label": regionLabel } : { "aria-labelledby": id })}
      className="rounded-lg border border-slate-200 p-4"
    >
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <ul className="mt-4 space-y-4">
        {posts.map((post) => (
          <li key={post.id}>
            <CompactPostItem post={post} />
          </li>
        ))}
      </ul>
    </section>
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
