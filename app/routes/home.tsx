import { data } from "react-router";
import { readQuery } from "~/lib/read-input.server";
import { pageHref, pagingLinks } from "~/features/posts/archive";
import { homeQuery } from "~/features/posts/archive-query.server";
import { loadHome } from "~/features/reader/home.server";
import { HomePage } from "~/features/reader/home-page";
import {
  DEFAULT_DESCRIPTION,
  pageMeta,
  siteOf,
  websiteJsonLd,
  defaultPageMeta,
} from "~/features/seo/meta";
import { pageCacheHeaders, readerPageHeaders, withPageKeys } from "~/features/layout/cache-headers";
import type { Route } from "./+types/home";
import { services } from "~/lib/services.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const query = readQuery(request, homeQuery);
  if (!query.ok) {
    return data({ ...(await loadHome(db, null)), pageMissing: true }, { status: 404 });
  }
  const home = await loadHome(db, query.data.category, query.data.page);
  // An unknown topic is a missing page (as /categories/{slug} is): 404, with the home's way on.
  if (home.unknownCategory) return data({ ...home, pageMissing: false }, { status: 404 });
  // A page past the last is missing too.
  if (!home.archive) return data({ ...home, pageMissing: true }, { status: 404 });
  return data(
    { ...home, pageMissing: false },
    {
      headers: withPageKeys(
        pageCacheHeaders(request.headers.get("cookie"), config.geo.countryHeader),
        ["list:all", "featured"],
      ),
    },
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
  return <HomePage home={loaderData} pageMissing={loaderData.pageMissing} />;
}
