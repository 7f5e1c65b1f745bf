import { data, Link } from "react-router";
import { loadTagPage } from "~/features/reader/tag-page.server";
import { pagedTitle, pageHref, pagingLinks, tagPath } from "~/features/posts/archive";
import { archiveQuery } from "~/features/posts/archive-query.server";
import { ArchivePager } from "~/features/posts/archive-pager";
import { FeaturedPostsWidget } from "~/features/posts/post-card";
import { PostListItem } from "~/features/posts/post-list-item";
import { breadcrumbsJsonLd, defaultPageMeta, pageMeta, siteOf } from "~/features/seo/meta";
import { pageCacheHeaders, readerPageHeaders, withPageKeys } from "~/features/layout/cache-headers";
import { readQuery } from "~/lib/read-input.server";
import type { Route } from "./+types/tag";
import { services } from "~/lib/services.server";

/** /tag/{slug}: the tag's posts, 20 a page (docs/product/reading.md#archives-tags-and-feeds). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const query = readQuery(request, archiveQuery);
  const page = query.ok ? await loadTagPage(db, params.slug, query.data.page) : null;
  if (!page) return data({ notFound: true as const }, { status: 404 });
  // What it shows: this tag's posts and the featured sidebar (decision 0104).
  return data(
    { notFound: false as const, ...page },
    {
      headers: withPageKeys(
        pageCacheHeaders(request.headers.get("cookie"), config.geo.countryHeader),
        [`tag:${page.tag.id}`, "featured"],
      ),
    },
  );
}

export const headers = readerPageHeaders;

export function meta(args: Route.MetaArgs) {
  const { loaderData, matches } = args;
  const { siteName, siteUrl } = siteOf(matches);
  if (!loaderData || loaderData.notFound) {
    return defaultPageMeta(args, "Tag not found", { noindex: true });
  }
  const { tag, archive } = loaderData;
  const path = tagPath(tag.slug);
  return pageMeta({
    title: pagedTitle(`#${tag.name}`, siteName, archive.page),
    description: `Posts tagged ${tag.name} on ${siteName}.`,
    path: pageHref(path, archive.page),
    siteName,
    siteUrl,
    extra: [
      breadcrumbsJsonLd(
        [
          { name: "Home", path: "/" },
          { name: `#${tag.name}`, path },
        ],
        siteUrl,
      ),
      {
        tagName: "link",
        rel: "alternate",
        type: "application/rss+xml",
        title: `#${tag.name} | ${siteName}`,
        href: `${path}/rss.xml`,
      },
      {
        tagName: "link",
        rel: "alternate",
        type: "application/feed+json",
        title: `#${tag.name} | ${siteName}`,
        href: `${path}/feed.json`,
      },
      ...pagingLinks(path, archive),
    ],
  });
}

export default function Tag({ loaderData }: Route.ComponentProps) {
  if (loaderData.notFound) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">Tag not found</h1>
        <p className="mt-2 text-slate-700">
          <Link to="/" className="text-brand-700 underline">
            Go to the newest posts
          </Link>
        </p>
      </div>
    );
  }
  const { tag, archive, featured } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <header className="border-b border-slate-200 pb-6">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Tag</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-brand-900">
          #{tag.name}
          {archive.page > 1 ? ` – page ${archive.page}` : ""}
        </h1>
        <p className="mt-2 text-sm">
          <a href={`${tagPath(tag.slug)}/rss.xml`} className="text-brand-700 underline">
            RSS feed of #{tag.name}
          </a>
        </p>
      </header>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_320px]">
        <section aria-label={`Posts tagged ${tag.name}`} className="min-w-0">
          <ul className="space-y-8">
            {archive.posts.map((post, index) => (
              <li key={post.id}>
                <PostListItem post={post} eager={index === 0} />
              </li>
            ))}
          </ul>
          <ArchivePager paging={archive} path={tagPath(tag.slug)} label={`#${tag.name} pages`} />
        </section>
        <aside aria-label="Sidebar" className="space-y-8">
          <FeaturedPostsWidget posts={featured} />
        </aside>
      </div>
    </div>
  );
}
