/**
 * The home page (docs/product/reading.md#home): the hero, the listed posts
 * and "Older posts" (docs/decisions/0110), or one page of the archive from
 * page 2 on; beside them the featured posts and the recommended topics.
 */
import { Link } from "react-router";
import { ArchivePager } from "~/features/posts/archive-pager";
import { FeaturedPostsWidget } from "~/features/posts/post-card";
import { EmptyState, PostListItem } from "~/features/posts/post-list-item";
import type { loadHome } from "./home.server";

type Home = Awaited<ReturnType<typeof loadHome>>;
type Archive = NonNullable<Home["archive"]>;

export function HomePage({ home, pageMissing }: { home: Home; pageMissing: boolean }) {
  const { hero, listed, featured, topics, activeCategory, unknownCategory } = home;
  const archive = pageMissing ? null : home.archive;
  const params: Record<string, string> = activeCategory ? { category: activeCategory.slug } : {};
  const paged = Boolean(archive && archive.page > 1);
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[1fr_320px]">
      <div className="min-w-0">
        <h1 className="text-3xl font-extrabold tracking-tight text-brand-900">
          {paged && archive ? `Older posts – page ${archive.page}` : "Latest from our mentors"}
        </h1>
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
          <ul className="mt-6 space-y-8">
            {archive.posts.map((post) => (
              <li key={post.id}>
                <PostListItem post={post} headingLevel={3} />
              </li>
            ))}
          </ul>
          <ArchivePager paging={archive} path="/" params={params} label="Older posts pages" />
        </section>
      ) : null}
    </>
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
