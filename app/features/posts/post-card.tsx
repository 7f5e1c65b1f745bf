import { useId } from "react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/image/responsive-image";
import { formatDate, initial, isoDate } from "~/lib/format";
import { postVisual } from "~/lib/video";
import type { AuthorSummary, PostCard } from "./types";
import { useSiteTimeZone } from "~/lib/site-time-zone";

export function postPath(post: { slug: string }) {
  return `/post/${post.slug}`;
}

/** Mentors and admins carry a verified badge beside their name (docs/product/README.md#roles-and-permissions). */
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
