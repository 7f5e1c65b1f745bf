import { db } from "#server/db/client";
import { runtime } from "#server/runtime";
import { sitemapXml } from "~/features/seo/feeds.server";

export async function loader() {
  const xml = await sitemapXml(db(), runtime().config.siteUrl);
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=0, s-maxage=300, stale-while-revalidate=3600",
    },
  });
}
