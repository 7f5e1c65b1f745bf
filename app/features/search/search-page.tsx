/**
 * The /search page (docs/product/reading.md#search): the search form, then
 * the query's results with the matched words highlighted, 20 a page.
 */
import { Form, Link } from "react-router";
import { EmptyState } from "~/features/posts/post-list-item";
import { formatDate, isoDate, plural } from "~/lib/format";
import { useSiteTimeZone } from "~/lib/site-time-zone";
import { Highlighted } from "./highlighted";
import type { SearchPage as SearchPageData, SearchResult } from "./search.server";

function pageHref(query: string, page: number) {
  return `/search?q=${encodeURIComponent(query)}${page > 1 ? `&page=${page}` : ""}`;
}

export function SearchPage({ search }: { search: SearchPageData }) {
  const { query, total } = search;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900">
        {query ? `Search results for “${query}”` : "Search"}
      </h1>
      <SearchForm query={query} />
      {query ? (
        total === 0 ? (
          <div className="mt-10">
            <EmptyState
              title="No results found"
              body="Try searching with different keywords or check your spelling"
            />
          </div>
        ) : (
          <SearchResults search={search} />
        )
      ) : null}
    </div>
  );
}

function SearchForm({ query }: { query: string }) {
  return (
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
  );
}

function SearchResults({ search }: { search: SearchPageData }) {
  const { query, results, total, capped, page, pages, hasNext } = search;
  return (
    <section aria-labelledby="results-title" className="mt-8">
      <h2 id="results-title" className="text-sm text-slate-700" aria-live="polite">
        {capped ? `More than ${total.toLocaleString("en-GB")} results` : plural(total, "result")}
        {capped ? ` · page ${page}` : pages > 1 ? ` · page ${page} of ${pages}` : ""}
      </h2>
      <ol className="mt-6 space-y-8">
        {results.map((result) => (
          <li key={result.post.id}>
            <SearchHit result={result} />
          </li>
        ))}
      </ol>
      {page > 1 || hasNext ? (
        <nav aria-label="Search result pages" className="mt-10 flex justify-between">
          {page > 1 ? (
            <Link to={pageHref(query, page - 1)} className="font-semibold text-brand-700 underline">
              ← Previous page
            </Link>
          ) : (
            <span />
          )}
          {hasNext ? (
            <Link to={pageHref(query, page + 1)} className="font-semibold text-brand-700 underline">
              Next page →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

function SearchHit({ result: { post, title, snippet } }: { result: SearchResult }) {
  const timeZone = useSiteTimeZone();
  return (
    <article className="relative">
      <Link
        to={`/categories/${post.category.slug}`}
        className="relative z-10 text-xs font-semibold uppercase tracking-wide text-brand-700 hover:underline"
      >
        {post.category.name}
      </Link>
      <h3 className="mt-1 text-xl font-bold">
        <Link to={`/post/${post.slug}`} className="after:absolute after:inset-0 hover:underline">
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
        <time dateTime={isoDate(post.publishedAt)}>{formatDate(post.publishedAt, timeZone)}</time>
        <span aria-hidden="true">·</span>
        <span>{post.readingTimeMinutes} min read</span>
        <span aria-hidden="true">·</span>
        <span>{plural(post.viewCount, "view")}</span>
      </p>
    </article>
  );
}
