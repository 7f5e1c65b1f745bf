import { data, Form, Link } from "react-router";
import { db } from "#server/db/client";
import { runtime } from "#server/runtime";
import { EmptyState } from "~/features/posts/post-list-item";
import { Highlighted } from "~/features/search/highlighted";
import { cachedSearch, searchQuery } from "~/features/search/search.server";
import { readQuery } from "~/lib/read-input.server";
import { formatDate, isoDate, plural } from "~/lib/format";
import { pageMeta, siteOf } from "~/features/seo/meta";
import { pageCacheHeaders, readerPageHeaders, withPageKeys } from "~/features/layout/cache-headers";
import type { Route } from "./+types/search";
import { useSiteTimeZone } from "~/lib/site-time-zone";

export async function loader({ request }: Route.LoaderArgs) {
  const query = readQuery(request, searchQuery);
  const { q, page } = query.ok ? query.data : { q: "", page: 1 };
  return data(await cachedSearch(db(), q, page, runtime().config.searchCache), {
    headers: withPageKeys(pageCacheHeaders(request), ["list:all"]),
  });
}

export const headers = readerPageHeaders;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { siteName, siteUrl } = siteOf(matches);
  const q = loaderData?.query;
  return pageMeta({
    title: q ? `Search: ${q} | ${siteName}` : `Search | ${siteName}`,
    description: `Search every article, guide and story on ${siteName}.`,
    path: "/search",
    siteName,
    siteUrl,
    noindex: true,
  });
}

function pageHref(query: string, page: number) {
  return `/search?q=${encodeURIComponent(query)}${page > 1 ? `&page=${page}` : ""}`;
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const timeZone = useSiteTimeZone();
  const { query, results, total, capped, page, pages, hasNext } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900">
        {query ? `Search results for “${query}”` : "Search"}
      </h1>
      <Form method="get" action="/search" role="search" className="mt-6 flex gap-2" key={query}>
        <label htmlFor="search-page-query" className="sr-only">
          Search query
        </label>
        <input
          id="search-page-query"
          name="q"
          type="search"
          defaultValue={query}
          required
          placeholder="Search articles, guides, AMAs…"
          className="min-w-0 flex-1 rounded-md border border-slate-400 px-3 py-2"
        />
        <button
          type="submit"
          className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900"
        >
          Search
        </button>
      </Form>

      {query ? (
        total === 0 ? (
          <div className="mt-10">
            <EmptyState
              title="No results found"
              body="Try searching with different keywords or check your spelling"
            />
          </div>
        ) : (
          <section aria-labelledby="results-title" className="mt-8">
            <h2 id="results-title" className="text-sm text-slate-700" aria-live="polite">
              {capped
                ? `More than ${total.toLocaleString("en-GB")} results`
                : plural(total, "result")}
              {capped ? ` · page ${page}` : pages > 1 ? ` · page ${page} of ${pages}` : ""}
            </h2>
            <ol className="mt-6 space-y-8">
              {results.map(({ post, title, snippet }) => (
                <li key={post.id}>
                  <article className="relative">
                    <Link
                      to={`/categories/${post.category.slug}`}
                      className="relative z-10 text-xs font-semibold uppercase tracking-wide text-brand-700 hover:underline"
                    >
                      {post.category.name}
                    </Link>
                    <h3 className="mt-1 text-xl font-bold">
                      <Link
                        to={`/post/${post.slug}`}
                        className="after:absolute after:inset-0 hover:underline"
                      >
                        <Highlighted segments={title} />
                      </Link>
                    </h3>
                    <p className="mt-2 text-slate-700">
                      <Highlighted segments={snippet} />
                    </p>
                    <p className="mt-2 flex flex-wrap gap-x-2 text-sm text-slate-700">
                      <Link
                        to={`/user/${post.author.username}`}
                        className="relative z-10 font-medium text-slate-900 hover:underline"
                      >
                        {post.author.name}
                      </Link>
                      <span aria-hidden="true">·</span>
                      <time dateTime={isoDate(post.publishedAt)}>
                        {formatDate(post.publishedAt, timeZone)}
                      </time>
                      <span aria-hidden="true">·</span>
                      <span>{post.readingTimeMinutes} min read</span>
                      <span aria-hidden="true">·</span>
                      <span>{plural(post.viewCount, "view")}</span>
                    </p>
                  </article>
                </li>
              ))}
            </ol>
            {page > 1 || hasNext ? (
              <nav aria-label="Search result pages" className="mt-10 flex justify-between">
                {page > 1 ? (
                  <Link
                    to={pageHref(query, page - 1)}
                    className="font-semibold text-brand-700 underline"
                  >
                    ← Previous page
                  </Link>
                ) : (
                  <span />
                )}
                {hasNext ? (
                  <Link
                    to={pageHref(query, page + 1)}
                    className="font-semibold text-brand-700 underline"
                  >
                    Next page →
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </section>
        )
      ) : null}
    </div>
  );
}
