import { runtime } from "#server/runtime";
import { webManifest } from "~/features/seo/web-manifest";

export function loader() {
  return new Response(JSON.stringify(webManifest(runtime().config.siteName)), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
