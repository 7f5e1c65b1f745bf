import { data, Link } from "react-router";
import { postCountLabel } from "~/features/categories/labels";
import { loadCategoryPage } from "~/features/reader/category-page.server";
import { FeaturedPostsWidget } from "~/features/posts/post-card";
import { EmptyState, PostListItem } from "~/features/posts/post-list-item";
import { SidebarWidgets } from "~/features/posts/sidebar-widgets";
import { breadcrumbsJsonLd, pageMeta, siteOf, defaultPageMeta } from "~/features/seo/meta";
import { pagedTitle, pageHref, pagingLinks } from "~/features/posts/archive";
import { archiveQuery } from "~/features/posts/archive-query.server";
import { ArchivePager } from "~/features/posts/archive-pager";
import { EventList } from "~/features/events/event-list";
import { readQuery } from "~/lib/read-input.server";
import { PODCAST_CATEGORY_SLUG } from "~/features/seo/feeds";
import { pageCacheHeaders, readerPageHeaders, withPageKeys } from "~/features/layout/cache-headers";
import type { Route } from "./+types/category";
import { services } from "~/lib/services.server";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const query = readQuery(request, archiveQuery);
  const page = query.ok ? await loadCategoryPage(db, params.slug, query.data.page) : null;
  if (!page) return data({ notFound: true as const }, { status: 404 });
  const { archive, category: fullCategory, ...rest } = page;
  // A page past the last (or an unreadable ?page) is missing too.
  if (!archive) return data({ notFound: true as const }, { status: 404 });
  const { id, ...category } = fullCategory;
  return data(
    { notFound: false as const, ...rest, category, archive },
    {
      headers: withPageKeys(
        pageCacheHeaders(request.headers.get("cookie"), config.geo.countryHeader),
        [`category:${id}`, "featured"],
      ),
    },
  );
}

export const headers = readerPageHeaders;

export function meta(args: Route.MetaArgs) {
  const { loaderData, matches } = args;
  const { siteName, siteUrl } = siteOf(matches);
  if (!loaderData || loaderData.notFound) {
    return defaultPageMeta(args, "Category not found", { noindex: true });
  }
  const { category, archive } = loaderData;
  const path = `/categories/${category.slug}`;
  return pageMeta({
    title: pagedTitle(category.name, siteName, archive.page),
    description: category.description,
    path: pageHref(path, archive.page),
    siteName,
    siteUrl,
    extra: [
      breadcrumbsJsonLd(
        [
          { name: "Home", path: "/" },
          { name: "Categories", path: "/categories" },
          { name: category.name, path: `/categories/${category.slug}` },
        ],
        siteUrl,
      ),
      {
        tagName: "link",
        rel: "alternate",
        type: "application/rss+xml",
        title: `${category.name} | ${siteName}`,
        href: `/categories/${category.slug}/rss.xml`,
      },
      {
        tagName: "link",
        rel: "alternate",
        type: "application/feed+json",
        title: `${category.name} | ${siteName}`,
        href: `/categories/${category.slug}/feed.json`,
      },
      ...(category.slug === PODCAST_CATEGORY_SLUG
        ? [
            {
              tagName: "link",
              rel: "alternate",
              type: "application/rss+xml",
              title: `${category.name} podcast | ${siteName}`,
              href: "/podcast.xml",
            },
          ]
        : []),
      ...pagingLinks(path, archive),
    ],
  });
}

export default function Category({ loaderData }: Route.ComponentProps) {
  if (loaderData.notFound) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">Category not found</h1>
        <p className="mt-2 text-slate-700">
          <Link to="/categories" className="text-brand-700 underline">
            See all categories
          </Link>
        </p>
      </div>
    );
  }
  const { category, archive, featured, widgets } = loaderData;
  const { posts } = archive;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <header className="border-b border-slate-200 pb-6">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Category</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-brand-900">
          {category.name}
          {archive.page > 1 ? ` – page ${archive.page}` : ""}
        </h1>
        {category.description ? (
          <p className="mt-2 max-w-3xl text-lg text-slate-700">{category.description}</p>
        ) : null}
        <p className="mt-2 text-sm text-slate-700">{postCountLabel(category.postCount)}</p>
        {category.slug === PODCAST_CATEGORY_SLUG ? (
          <p className="mt-2 text-sm">
            <a href="/podcast.xml" className="font-medium text-brand-700 underline">
              Subscribe in a podcast app
            </a>
          </p>
        ) : null}
      </header>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_320px]">
        <section aria-label={`${category.name} posts`} className="min-w-0">
          {posts.length === 0 ? (
            <EmptyState title="No posts found in this category." />
          ) : archive.events ? (
            <EventList archive={archive} />
          ) : (
            <ul className="space-y-8">
              {posts.map((post, index) => (
                <li key={post.id}>
                  <PostListItem post={post} eager={index === 0} />
                </li>
              ))}
            </ul>
          )}
          <ArchivePager
            paging={archive}
            path={`/categories/${category.slug}`}
            label={`${category.name} pages`}
          />
        </section>
        <aside aria-label="Sidebar" className="space-y-8">
          <SidebarWidgets widgets={widgets} />
          <FeaturedPostsWidget posts={featured} />
        </aside>
      </div>
    </div>
  );
}
