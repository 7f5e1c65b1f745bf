import { data } from "react-router";
import {
  jsonFeed,
  loadFeed,
  podcastXml,
  rssXml,
  type FeedSource,
} from "~/features/seo/feeds.server";
import { withPageKeys } from "~/features/layout/cache-headers";
import { siteTimeZone } from "~/features/site-settings/site-settings.server";
import type { Route } from "./+types/feed";
import { services } from "~/lib/services.server";

const FEED_CACHE = "public, max-age=0, s-maxage=300, stale-while-revalidate=3600";

/** Whose feed the address asks for: /, /categories/{slug}, /tag/{slug} or /user/{username}. */
function sourceOf(pathname: string, params: Route.LoaderArgs["params"]): FeedSource {
  if (pathname.startsWith("/categories/")) return { kind: "category", slug: params.slug ?? "" };
  if (pathname.startsWith("/tag/")) return { kind: "tag", slug: params.slug ?? "" };
  if (pathname.startsWith("/user/")) return { kind: "author", username: params.username ?? "" };
  return { kind: "site" };
}

/**
 * The feeds (docs/decisions/0111): {scope}/rss.xml (RSS 2.0, full content) and
 * {scope}/feed.json (JSON Feed 1.1) of the latest 20 posts; /podcast.xml,
 * the Podcast category for podcast apps.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const { pathname } = new URL(request.url);
  // The feeds' dates are on the site's clock (Site Settings; decision 0144).
  const site = { name: config.siteName, url: config.siteUrl, timeZone: await siteTimeZone(db) };
  if (pathname === "/podcast.xml") {
    const podcast = await podcastXml(db, site);
    if (!podcast) throw data("Not found", { status: 404 });
    return new Response(podcast.xml, {
      headers: withPageKeys(
        { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": FEED_CACHE },
        podcast.cacheKeys,
      ),
    });
  }
  const feed = await loadFeed(db, sourceOf(pathname, params), site);
  if (!feed) throw data("Not found", { status: 404 });
  if (pathname.endsWith(".json")) {
    return new Response(JSON.stringify(jsonFeed(feed)), {
      headers: withPageKeys(
        { "Content-Type": "application/feed+json; charset=utf-8", "Cache-Control": FEED_CACHE },
        feed.cacheKeys,
      ),
    });
  }
  return new Response(rssXml(feed), {
    headers: withPageKeys(
      { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": FEED_CACHE },
      feed.cacheKeys,
    ),
  });
}
