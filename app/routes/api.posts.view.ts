import { services } from "~/lib/services.server";
import { noStore } from "~/pipeline/action.server";
import { clientIp } from "~/features/accounts/request.server";
import { acceptViewBeacon } from "~/features/posts/views.server";
import type { Route } from "./+types/api.posts.view";

/** A transparent 1×1 GIF: the view pixel of pages read without JavaScript. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

function count(request: Request, postId: string, context: Route.LoaderArgs["context"]) {
  const { db, config, log } = services(context);
  return acceptViewBeacon(
    db,
    {
      postId,
      ip: clientIp(context),
      userAgent: request.headers.get("user-agent"),
      origin: request.headers.get("origin"),
      referer: request.headers.get("referer"),
      secFetchSite: request.headers.get("sec-fetch-site"),
      host: request.headers.get("host"),
      siteHost: new URL(config.siteUrl).host,
      secret: config.authSecret,
    },
    (error) => log.warn({ err: error }, "view not counted"),
  );
}

/** POST /api/posts/{id}/view: the post page's beacon (docs/product/reading.md#views: each loaded post registers a view). */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return Response.json({ error: "Method not allowed" }, { status: 405, headers: noStore });
  }
  const { status } = await count(request, params.id, context);
  return new Response(null, { status, headers: noStore });
}

/** GET /api/posts/{id}/view: the same, as an image for pages read without JavaScript. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { status } = await count(request, params.id, context);
  if (status !== 204) return new Response(null, { status, headers: noStore });
  return new Response(PIXEL, {
    headers: { ...noStore, "Content-Type": "image/gif", "Content-Length": String(PIXEL.length) },
  });
}
