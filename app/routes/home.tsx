import { data, Link } from "react-router";
import { db } from "#server/db/client";
import { readQuery } from "~/lib/read-input.server";
import { pageHref, pagingLinks } from "~/features/posts/archive";
import { homeQuery } from "~/features/posts/archive-query.server";
import { ArchivePager } from "~/features/posts/archive-pager";
import { loadHome } from "~/features/reader/home.server";
import { FeaturedPostsWidget } from "~/features/posts/post-card";
import { EmptyState, PostListItem } from "~/features/posts/post-list-item";
import {
  DEFAULT_DESCRIPTION,
  pageMeta,
  siteOf,
  websiteJsonLd,
  defaultPageMeta,
} from "~/features/seo/meta";
import { pageCacheHeaders, readerPageHeaders, withPageKeys } from "~/features/layout/cache-headers";
import type { Route } from "./+types/home";

export async function loader({ request }: Route.LoaderArgs) {
  const query = readQuery(request, homeQuery);
  if (!query.ok) {
    return data({ ...(await loadHome(db(), null)), pageMissing: true }, { status: 404 });
  }
  const home = await loadHome(db(), query.data.category, query.data.page);
  // An unknown topic is a missing page (as /categories/{slug} is): 404, with the home's way on.
  if (home.unknownCategory) return data({ ...home, pageMissing: false }, { status: 404 });
  // A page past the last is missing too.
  if (!home.archive) return data({ ...home, pageMissing: true }, { status: 404 });
  return data(
    { ...home, pageMissing: false },
    { headers: withPageKeys(pageCacheHeaders(request), ["list:all", "featured"]) },
  );
}

export const headers = readerPageHeaders;

export function meta(args: Route.MetaArgs) {
  const { loaderData, matches } = args;
  const { siteName, siteUrl } = siteOf(matches);
  const topic = loaderData?.activeCategory;
  if (loaderData?.unknownCategory) {
    return defaultPageMeta(args, "Category not found", { noindex: true });
  }
  if (!loaderData?.archive || loaderData.pageMissing) {
    return defaultPageMeta(args, "Page not found", { noindex: true });
  }
  const { archive } = loaderData;
  const paged = archive.page > 1;
  const params: Record<string, string> = topic ? { category: topic.slug } : {};
  return pageMeta({
    title: paged
      ? `${topic ? `${topic.name} older posts` : "Older posts"} – page ${archive.page} | ${siteName}`
      : topic
        ? `${topic.name} | ${siteName}`
        : `${siteName}: build between the UK and India`,
    description: DEFAULT_DESCRIPTION,
    // The filtered home is the same page: it points at the unfiltered one (of the same page).
    path: pageHref("/", archive.page),
    siteName,
    siteUrl,
    extra: [
      ...(paged ? [] : [websiteJsonLd(siteName, siteUrl)]),
      ...pagingLinks("/", archive, params),
    ],
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, listed, featured, topics, activeCategory, unknownCategory } = loaderData;
  const archive = loaderData.pageMissing ? null : loaderData.archive;
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
          <div className="mt-10">
            <EmptyState title="Category not found" body="There is no topic by that name." />
            <p className="mt-4 text-center">
              <Link to="/" className="font-medium text-brand-700 underline">
                Show all topics
              </Link>
            </p>
          </div>
        ) : !archive ? (
          <div className="mt-10">
            <EmptyState title="Page not found" body="There are not that many posts." />
            <p className="mt-4 text-center">
              <Link to="/" className="font-medium text-brand-700 underline">
                Go to the newest posts
              </Link>
            </p>
          </div>
        ) : paged ? (
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
        ) : hero ? (
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
        ) : (
          <div className="mt-10">
            <EmptyState title="No posts found" body="Check back later for new content" />
          </div>
        )}
      </div>
      <aside aria-label="Sidebar" className="space-y-8">
        <FeaturedPostsWidget posts={featured} />
        {topics.length > 0 ? (
          <nav aria-labelledby="topics-title" className="rounded-lg border border-slate-200 p-4">
            <h2 id="topics-title" className="text-lg font-bold">
              Recommended topics
            </h2>
            <ul className="mt-4 flex flex-wrap gap-2">
              {topics.map((topic) => {
                const active = activeCategory?.slug === topic.slug;
                return (
                  <li key={topic.slug}>
                    <Link
                      to={`/?category=${topic.slug}`}
                      aria-current={active ? "page" : undefined}
                      className={`inline-block rounded-full border px-3 py-1 text-sm ${active ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 text-slate-800 hover:border-brand-700"}`}
                    >
                      {topic.name}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        ) : null}
      </aside>
    </div>
  );
}
