/**
 * The Content API over HTTP (docs/operations.md#content-api, docs/decisions/0139): one handler
 * for /api/content/v1/*. Every answer but the OpenAPI file needs a live key;
 * browsers on the configured origins (CONTENT_API_ORIGINS) may read it
 * (CORS, server/http/content-api-cors.ts); answers carry an ETag and a short private cache lifetime, so a
 * revoked key stops working within a minute even in a browser's cache.
 * Each key may make 300 requests a minute, and each address 10 with a missing
 * or wrong key; beyond, 429 with Retry-After (docs/decisions/0175).
 */
import { createHash } from "node:crypto";
import { hitLimit, type Limit } from "#server/auth/rate-limit";
import type { Database } from "#server/db/client";
import { liveKeyId } from "./keys.server";
import { CONTENT_API_LIMITS } from "./limits";
import { openApiDocument } from "./openapi";
import {
  listAuthors,
  listCategories,
  listPosts,
  listTags,
  postBySlug,
  postsQuery,
} from "./queries.server";

export const API_PREFIX = "/api/content/v1";
export const MISSING_KEY =
  "A Content API key is required: pass it as ?key= or Authorization: Bearer.";
export const INVALID_KEY = "This Content API key is not valid or has been revoked.";
const CACHE_CONTROL = "private, max-age=60, must-revalidate";

export const TOO_MANY_REQUESTS = "Too many requests: wait before trying again (see Retry-After).";

export type ContentApiOptions = {
  db: Database;
  siteUrl: string;
  /** The client's address (TRUST_PROXY aware), which wrong keys are counted by. */
  ip: string;
};

/** One request to the API, as the route read it. */
export type ContentApiRequest = {
  method: string;
  /** What follows the prefix (`posts`, `posts/<slug>`, …). */
  path: string;
  /** The query string's parameters, the key's left out. */
  query: Record<string, string>;
  /** The key it names (`?key=` or a Bearer token: keyOf), or null. */
  key: string | null;
  /** Its If-None-Match header: a cached copy's ETags. */
  ifNoneMatch: string | null;
};

function json(
  body: unknown,
  request: Pick<ContentApiRequest, "ifNoneMatch">,
  init: { status?: number; headers: Record<string, string>; cache?: boolean },
): Response {
  const text = JSON.stringify(body);
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  if (!init.cache) {
    headers.set("Cache-Control", "no-store");
    return new Response(text, { status: init.status ?? 200, headers });
  }
  const etag = `"${createHash("sha1").update(text).digest("base64url")}"`;
  headers.set("Cache-Control", CACHE_CONTROL);
  headers.set("ETag", etag);
  const match = request.ifNoneMatch;
  if (match && match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(text, { status: 200, headers });
}

const error = (
  request: Pick<ContentApiRequest, "ifNoneMatch">,
  headers: Record<string, string>,
  status: number,
  message: string,
) => json({ errors: [{ message }] }, request, { status, headers });

/**
 * Counts one request against a limit (docs/decisions/0175); a 429 with
 * Retry-After (whole seconds) once it is over, otherwise null.
 */
async function overLimit(
  request: ContentApiRequest,
  headers: Record<string, string>,
  db: Database,
  key: string,
  limit: Limit,
): Promise<Response | null> {
  const hit = await hitLimit(db, key, limit);
  if (hit.allowed) return null;
  const retryAfter = String(Math.max(1, Math.ceil(hit.retryAfterMs / 1000)));
  return error(request, { ...headers, "Retry-After": retryAfter }, 429, TOO_MANY_REQUESTS);
}

/** Answers one request under /api/content/v1. */
export async function handleContentApi(
  options: ContentApiOptions,
  request: ContentApiRequest,
): Promise<Response> {
  const cors: Record<string, string> = {}; // CORS headers are set by the server
  if (request.method !== "GET" && request.method !== "HEAD") {
    return error(
      request,
      { ...cors, Allow: "GET, HEAD, OPTIONS" },
      405,
      "The Content API is read-only.",
    );
  }
  const route = request.path.replace(/\/+$/, "");
  if (route === "openapi.json") {
    return json(openApiDocument(options.siteUrl), request, { headers: cors, cache: true });
  }
  // A missing or wrong key counts against the address; a live one against itself.
  const { key } = request;
  const keyId = key ? await liveKeyId(options.db, key) : null;
  if (!keyId) {
    const limited = await overLimit(
      request,
      cors,
      options.db,
      `content-api-wrong-key:${options.ip}`,
      CONTENT_API_LIMITS.wrongKeysPerAddress,
    );
    return limited ?? error(request, cors, 401, key ? INVALID_KEY : MISSING_KEY);
  }
  const limited = await overLimit(
    request,
    cors,
    options.db,
    `content-api-key:${keyId}`,
    CONTENT_API_LIMITS.readsPerKey,
  );
  if (limited) return limited;

  const { db, siteUrl } = options;
  const ok = (body: unknown) => json(body, request, { headers: cors, cache: true });
  if (route === "posts") {
    const query = postsQuery.safeParse(request.query);
    if (!query.success) {
      const issue = query.error.issues[0]!;
      return error(request, cors, 400, `${issue.path.join(".")} ${issue.message}`);
    }
    return ok(await listPosts(db, query.data, siteUrl));
  }
  const single = route.match(/^posts\/([a-z0-9]+(?:-[a-z0-9]+)*)$/);
  if (single) {
    const post = await postBySlug(db, single[1]!, siteUrl);
    return post
      ? ok({ posts: [post] })
      : error(request, cors, 404, "No published post has this slug.");
  }
  if (route === "categories") return ok(await listCategories(db));
  if (route === "tags") return ok(await listTags(db));
  if (route === "authors") return ok(await listAuthors(db));
  return error(request, cors, 404, "No such Content API resource.");
}
