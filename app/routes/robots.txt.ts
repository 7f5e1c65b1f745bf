import { robotsTxt } from "~/features/seo/feeds.server";
import { services } from "~/lib/services.server";
import type { Route } from "./+types/robots.txt";

export function loader({ context }: Route.LoaderArgs) {
  const { config } = services(context);
  return new Response(robotsTxt(config.siteUrl), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
