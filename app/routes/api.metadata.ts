import { data } from "react-router";
import { cleanJson } from "#server/http/clean-input";
import { createWindowLimiter } from "#server/http/window-limiter";
import { can } from "~/features/accounts/permissions";
import { sessionOf } from "~/pipeline/guards.server";
import { fetchMetadata, MetadataError } from "~/features/authoring/metadata.server";
import type { Route } from "./+types/api.metadata";

/** 20 lookups a minute per author, on this instance. */
const allow = createWindowLimiter({ limit: 20, windowMs: 60_000 });

/** POST {url} → {title, description, image}; mentors and admins only. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Method not allowed" }, { status: 405 });
  const actor = await sessionOf(context, request);
  if (!actor || !can(actor, "post.write")) {
    return data({ error: "Permission denied" }, { status: 403 });
  }
  if (!allow(actor.id)) return data({ error: "Too many requests" }, { status: 429 });
  const body = cleanJson(await request.json().catch(() => null)) as { url?: unknown } | null;
  if (!body || typeof body.url !== "string" || body.url.length > 2048) {
    return data({ error: "A valid URL is required" }, { status: 400 });
  }
  try {
    return data(await fetchMetadata(body.url));
  } catch (error) {
    if (error instanceof MetadataError)
      return data({ error: error.message }, { status: error.status });
    return data({ error: "The page could not be fetched" }, { status: 502 });
  }
}

export function loader() {
  return data({ error: "Method not allowed" }, { status: 405 });
}
