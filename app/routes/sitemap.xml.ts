import { sitemapXml } from "~/features/seo/feeds.server";
import { services } from "~/lib/services.server";
import type { Route } from "./+types/sitemap.xml";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const xml = await sitemapXml(db, config.siteUrl);
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=0, s-maxage=300, stale-while-revalidate=3600",
    },
  });
}
