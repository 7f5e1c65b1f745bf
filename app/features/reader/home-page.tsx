/**
 * The home page (docs/product/reading.md#home): on page 1 the site's promise with a way to join
 * (visitors only, docs/decisions/0269), the hero, the listed posts and a few "Older posts"
 * (docs/decisions/0110) ending in a link to the archive; one page of the archive from page 2 on;
 * beside them the featured posts and the recommended topics.
 */
import { Link, useRouteLoaderData } from "react-router";
import { primaryButton, secondaryButton } from "~/components/ui/button-styles";
import { useViewer, viewerUser } from "~/features/accounts/viewer-parts";
import type { HeaderUser } from "~/features/accounts/header-user";
import { ArchivePager } from "~/features/posts/archive-pager";
import { pageHref } from "~/features/posts/archive";
import { FeaturedPostsWidget, postPath } from "~/features/posts/post-card";
import { EmptyState, PostListItem } from "~/features/posts/post-list-item";
import { formatDate, isoDate } from "~/lib/format";
import { useSiteTimeZone } from "~/lib/site-time-zone";
import type { loadHome } from "./home.server";

/** What the site promises, under its name (docs/decisions/0269). */
export const SITE_PROMISE = "Build between the UK and India, with mentors who have done it";
export const SITE_PROMISE_BODY =
  "Guides, AMAs, podcasts and startup stories from founders and advisers on both sides, and a community that answers your questions.";

type Home = Awaited<ReturnType<typeof loadHome>>;
type Archive = NonNullable<Home["archive"]>;

export function HomePage({ home, pageMissing }: { home: Home; pageMissing: boolean }) {
  const { hero, listed, featured, topics, activeCategory, unknownCategory } = home;
  const archive = pageMissing ? null : home.archive;
  const params: Record<string, string> = activeCategory ? { category: activeCategory.slug } : {};
  const paged = Boolean(archive && archive.page > 1);
  const front = !paged && !activeCategory && !unknownCategory && !pageMissing;
  return (
    <>
      {front ? <SitePromiseHeader /> : null}
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[1fr_320px]">
        <div className="min-w-0">
          {front ? (
            <h2 className="text-2xl font-extrabold tracking-tight text-brand-900">
              Latest from our mentors
            </h2>
          ) : (
            <h1 className="text-3xl font-extrabold tracking-tight text-brand-900">
              {paged && archive ? `Older posts – page ${archive.page}` : "Latest from our mentors"}
            </h1>
          )}
          {activeCategory ? (
            <p className="mt-2 text-slate-700">
              Showing {activeCategory.name}.{" "}
              <Link to="/" className="font-medium text-brand-700 underline">
                Show all topics
              </Link>
            </p>
          ) : null}
          {unknownCategory ? (
            <Missing
              title="Category not found"
              body="There is no topic by that name."
              link="Show all topics"
            />
          ) : !archive ? (
            <Missing
              title="Page not found"
              body="There are not that many posts."
              link="Go to the newest posts"
            />
          ) : paged ? (
            <OlderPostsPage archive={archive} params={params} />
          ) : hero ? (
            <FrontPage hero={hero} listed={listed} archive={archive} params={params} />
          ) : (
            <div className="mt-10">
              <EmptyState title="No posts found" body="Check back later for new content" />
            </div>
          )}
        </div>
        <aside aria-label="Sidebar" className="space-y-8">
          <FeaturedPostsWidget posts={featured} />
          <RecommendedTopics topics={topics} active={activeCategory?.slug} />
        </aside>
      </div>
    </>
  );
}

/**
 * The first thing a visitor reads: who the site is for, and Join Free Now. A member (or the
 * members' shared page, whose reader is a member, decision 0154) gets the promise without it.
 */
function SitePromiseHeader() {
  const root = useRouteLoaderData<{ user: HeaderUser | null; siteName?: string }>("root");
  const user = viewerUser(root?.user ?? null, useViewer());
  return (
    <section
      aria-labelledby="site-promise"
      className="border-b border-slate-200 bg-brand-50 px-4 py-10 sm:py-14"
    >
      <div className="mx-auto max-w-3xl text-center">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
          {root?.siteName ?? "FounderBridge"}
        </p>
        <h1
          id="site-promise"
          className="mt-2 text-3xl font-extrabold tracking-tight text-balance text-brand-900 sm:text-4xl"
        >
          {SITE_PROMISE}
        </h1>
        <p className="mt-4 text-lg text-pretty text-slate-700">{SITE_PROMISE_BODY}</p>
        {user ? null : (
          <p className="mt-6 flex flex-wrap items-center justify-center gap-3">
            <Link to="/signup" className={primaryButton}>
              Join Free Now
            </Link>
            <Link to="/login" className={secondaryButton}>
              Sign in
            </Link>
          </p>
        )}
      </div>
    </section>
  );
}

/** An unknown topic or a page past the last: said so, with the way back to the newest posts. */
function Missing({ title, body, link }: { title: string; body: string; link: string }) {
  return (
    <div className="mt-10">
      <EmptyState title={title} body={body} />
      <p className="mt-4 text-center">
        <Link to="/" className="font-medium text-brand-700 underline">
          {link}
        </Link>
      </p>
    </div>
  );
}

/** Page 2 on: the archive alone. */
function OlderPostsPage({ archive, params }: { archive: Archive; params: Record<string, string> }) {
  return (
    <section aria-label="Older posts" className="mt-8">
      <ul className="space-y-8">
        {archive.posts.map((post, index) => (
          <li key={post.id}>
            <PostListItem post={post} eager={index === 0} />
          </li>
        ))}
      </ul>
      <ArchivePager paging={archive} path="/" params={params} label="Older posts pages" />
    </section>
  );
}

/** Page 1: the hero, the listed posts, then the first page of older posts. */
function FrontPage({
  hero,
  listed,
  archive,
  params,
}: {
  hero: NonNullable<Home["hero"]>;
  listed: Home["listed"];
  archive: Archive;
  params: Record<string, string>;
}) {
  return (
    <>
      <div className="mt-8">
        <PostListItem post={hero} variant="hero" eager />
      </div>
      {listed.length > 0 ? (
        <section aria-labelledby="more-posts-title" className="mt-12">
          <h2 id="more-posts-title" className="sr-only">
            More posts
          </h2>
          <ul className="space-y-8">
            {listed.map((post) => (
              <li key={post.id}>
                <PostListItem post={post} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {archive.posts.length > 0 ? (
        <section aria-labelledby="older-posts-title" className="mt-12">
          <h2 id="older-posts-title" className="text-2xl font-bold text-slate-900">
            Older posts
          </h2>
          <ul className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
            {archive.posts.map((post) => (
              <li key={post.id}>
                <OlderPostRow post={post} />
              </li>
            ))}
          </ul>
          {archive.hasNext ? (
            <p className="mt-4">
              <Link
                to={pageHref("/", 2, params)}
                className="font-semibold text-brand-700 underline underline-offset-4"
              >
                Browse all older posts →
              </Link>
            </p>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

/** One line for an older post on page 1: its title, then its topic and date. */
function OlderPostRow({ post }: { post: Archive["posts"][number] }) {
  const timeZone = useSiteTimeZone();
  return (
    <article className="py-3">
      <h3 className="font-semibold text-slate-900">
        <Link to={postPath(post)} className="hover:text-brand-700 hover:underline">
          {post.title}
        </Link>
      </h3>
      <p className="mt-0.5 text-sm text-slate-600">
        {post.category.name} ·{" "}
        <time dateTime={isoDate(post.publishedAt)}>{formatDate(post.publishedAt, timeZone)}</time>
      </p>
    </article>
  );
}

function RecommendedTopics({
  topics,
  active,
}: {
  topics: Home["topics"];
  active: string | undefined;
}) {
  if (topics.length === 0) return null;
  return (
    <nav aria-labelledby="topics-title" className="rounded-lg border border-slate-200 p-4">
      <h2 id="topics-title" className="text-lg font-bold">
        Recommended topics
      </h2>
      <ul className="mt-4 flex flex-wrap gap-2">
        {topics.map((topic) => {
          const current = active === topic.slug;
          return (
            <li key={topic.slug}>
              <Link
                to={`/?category=${topic.slug}`}
                aria-current={current ? "page" : undefined}
                className={`inline-block rounded-full border px-3 py-1 text-sm ${current ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 text-slate-800 hover:border-brand-700"}`}
              >
                {topic.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
