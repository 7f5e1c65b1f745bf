import { data } from "react-router";
import { db } from "#server/db/client";
import { runtime } from "#server/runtime";
import { rssXml } from "~/features/seo/feeds.server";
import type { Route } from "./+types/rss.xml";

/** /rss.xml and /categories/{slug}/rss.xml: the latest 20 posts. */
export async function loader({ params }: Route.LoaderArgs) {
  const { config } = runtime();
  const xml = await rssXml(db(), { name: config.siteName, url: config.siteUrl }, params.slug);
  if (!xml) throw data("Category not found", { status: 404 });
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=0, s-maxage=300, stale-while-revalidate=3600",
    },
  });
}
