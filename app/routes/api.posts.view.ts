import type { Services } from "#server/services";
import { services } from "~/lib/services.server";
import { definePublicAction, noStore } from "~/pipeline/action.server";
import { clientIp } from "~/features/accounts/request.server";
import { acceptViewBeacon } from "~/features/posts/views.server";
import type { Route } from "./+types/api.posts.view";

/** A transparent 1×1 GIF: the view pixel of pages read without JavaScript. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

function count(
  { db, config, log }: Pick<Services, "db" | "config" | "log">,
  request: Request,
  postId: string,
  ip: string,
) {
  return acceptViewBeacon(
    db,
    {
      postId,
      ip,
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

/**
 * POST /api/posts/{id}/view: the post page's beacon (docs/product/reading.md#views: each loaded
 * post registers a view). On the helper without a session (the beacon needs no member) and
 * without a body; every answer but the helper's 405 is an empty one (204, 400, 403, 429, 503).
 */
export const action = definePublicAction({
  session: false,
  schema: null,
  run: async (services, _actor, _input, { request, params, ip }) => {
    const { status } = await count(services, request, params.id ?? "", ip);
    return { ok: status === 204, status, empty: true as const };
  },
});

/** GET /api/posts/{id}/view: the same, as an image for pages read without JavaScript. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { status } = await count(services(context), request, params.id, clientIp(context));
  if (status !== 204) return new Response(null, { status, headers: noStore });
  return new Response(PIXEL, {
    headers: { ...noStore, "Content-Type": "image/gif", "Content-Length": String(PIXEL.length) },
  });
}
