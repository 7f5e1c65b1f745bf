import { db } from "#server/db/client";
import { runtime } from "#server/runtime";
import { clientIp } from "~/features/accounts/request.server";
import { handleContentApi } from "~/features/content-api/http.server";
import type { Route } from "./+types/api.content";

/** GET /api/content/v1/*: the read-only Content API (docs/decisions/0139). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { config } = runtime();
  return handleContentApi(request, params["*"] ?? "", {
    db: db(),
    siteUrl: config.siteUrl,
    ip: clientIp(context),
  });
}

/** Writes, which the read-only API refuses (preflights are answered by the server). */
export async function action({ request, params, context }: Route.ActionArgs) {
  return loader({ request, params, context } as Route.LoaderArgs);
}
