import { services } from "~/lib/services.server";
import { clientIp } from "~/features/accounts/request.server";
import { handleContentApi, type ContentApiRequest } from "~/features/content-api/http.server";
import { keyOf } from "~/features/content-api/keys.server";
import type { Route } from "./+types/api.content";

/** What the API reads of a request: the method, the path, the query, the key, If-None-Match. */
function readApiRequest(request: Request, path: string): ContentApiRequest {
  const params = new URL(request.url).searchParams;
  return {
    method: request.method,
    path,
    query: Object.fromEntries([...params].filter(([name]) => name !== "key")),
    key: keyOf(request.headers.get("authorization"), params.get("key")),
    ifNoneMatch: request.headers.get("if-none-match"),
  };
}

/** GET /api/content/v1/*: the read-only Content API (docs/decisions/0139); a key, not a session. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  return handleContentApi(
    { db, siteUrl: config.siteUrl, ip: clientIp(context) },
    readApiRequest(request, params["*"] ?? ""),
  );
}

/** Writes, which the read-only API refuses (preflights are answered by the server). */
export async function action({ request, params, context }: Route.ActionArgs) {
  return loader({ request, params, context } as Route.LoaderArgs);
}
