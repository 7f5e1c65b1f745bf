import { data } from "react-router";
import { cachedSearch, searchQuery } from "~/features/search/search.server";
import { readQuery } from "~/lib/read-input.server";
import { SearchPage } from "~/features/search/search-page";
import { pageMeta, siteOf } from "~/features/seo/meta";
import { pageCacheHeaders, readerPageHeaders, withPageKeys } from "~/features/layout/cache-headers";
import type { Route } from "./+types/search";
import { services } from "~/lib/services.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const query = readQuery(request, searchQuery);
  const { q, page } = query.ok ? query.data : { q: "", page: 1 };
  return data(await cachedSearch(db, q, page, config.searchCache), {
    headers: withPageKeys(
      pageCacheHeaders(request.headers.get("cookie"), config.geo.countryHeader),
      ["list:all"],
    ),
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

export default function Search({ loaderData }: Route.ComponentProps) {
  return <SearchPage search={loaderData} />;
}
