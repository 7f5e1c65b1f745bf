import { services } from "~/lib/services.server";
import { clientIp } from "~/features/accounts/request.server";
import { handleContentApi } from "~/features/content-api/http.server";
import type { Route } from "./+types/api.content";

/** GET /api/content/v1/*: the read-only Content API (docs/decisions/0139); a key, not a session. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  return handleContentApi(request, params["*"] ?? "", {
    db,
    siteUrl: config.siteUrl,
    ip: clientIp(context),
  });
}

/** Writes, which the read-only API refuses (preflights are answered by the server). */
export async function action({ request, params, context }: Route.ActionArgs) {
  return loader({ request, params, context } as Route.LoaderArgs);
}
