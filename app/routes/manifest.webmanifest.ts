import { webManifest } from "~/features/seo/web-manifest";
import { services } from "~/lib/services.server";
import type { Route } from "./+types/manifest.webmanifest";

export function loader({ context }: Route.LoaderArgs) {
  const { config } = services(context);
  return new Response(JSON.stringify(webManifest(config.siteName)), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
