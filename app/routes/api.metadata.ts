import { data } from "react-router";
import { z } from "zod";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { createWindowLimiter } from "#server/http/window-limiter";
import { fetchMetadata, MetadataError } from "~/features/authoring/metadata.server";
import { defineAction } from "~/pipeline/action.server";

/** 20 lookups a minute per author, on this instance. */
const allow = createWindowLimiter({ limit: 20, windowMs: 60_000 });

const URL_REQUIRED = "A valid URL is required";

/** POST {url} → {title, description, image}; mentors and admins only. */
export const action = defineAction({
  permission: "post.write",
  refusal: { status: 403, error: "Permission denied" },
  body: "json",
  schema: z.object({ url: z.string().max(2048) }),
  limit: SMALL_BODY_LIMIT_BYTES,
  messages: { invalid: URL_REQUIRED },
  run: async (_services, actor, { url }) => {
    if (!allow(actor.id)) return { ok: false, status: 429, error: "Too many requests" };
    try {
      return { ok: true, ...(await fetchMetadata(url)) };
    } catch (error) {
      if (error instanceof MetadataError)
        return { ok: false, status: error.status, error: error.message };
      return { ok: false, status: 502, error: "The page could not be fetched" };
    }
  },
});

export function loader() {
  return data({ error: "Method not allowed" }, { status: 405 });
}
