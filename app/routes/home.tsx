import { data, Link } from "react-router";
import { db } from "#server/db/client";
import { loadHome } from "~/features/reader/home.server";
import { EmptyState, FeaturedPostsWidget, PostListItem } from "~/features/posts/post-card";
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
  const category = new URL(request.url).searchParams.get("category");
  const home = await loadHome(db(), category);
  // An unknown topic is a missing page (as /categories/{slug} is): 404, with the home's way on.
  if (home.unknownCategory) return data(home, { status: 404 });
  return data(home, {
    headers: withPageKeys(pageCacheHeaders(request), ["list:all", "featured"]),
  });
}

export const headers = readerPageHeaders;

export function meta(args: Route.MetaArgs) {
  const { loaderData, matches } = args;
  const { siteName, siteUrl } = siteOf(matches);
  const topic = loaderData?.activeCategory;
  if (loaderData?.unknownCategory) {
    return defaultPageMeta(args, "Category not found", { noindex: true });
  }
  return pageMeta({
    title: topic ? `${topic.name} | ${siteName}` : `${siteName}: build between the UK and India`,
    description: DEFAULT_DESCRIPTION,
    // The filtered home is the same page: it points at the unfiltered one.
    path: "/",
    siteName,
    siteUrl,
    extra: [websiteJsonLd(siteName, siteUrl)],
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, listed, featured, topics, activeCategory, unknownCategory } = loaderData;
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[1fr_320px]">
      <div className="min-w-0">
        <h1 className="text-3xl font-extrabold tracking-tight text-brand-900">
          Latest from our mentors
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
