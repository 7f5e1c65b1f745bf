import { runtime } from "#server/runtime";
import { robotsTxt } from "~/features/seo/feeds.server";

export function loader() {
  return new Response(robotsTxt(runtime().config.siteUrl), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
