/** The Content API's OpenAPI 3.1 description, served at /api/content/v1/openapi.json. */
import { CONTENT_API_LIMITS, MAX_LIMIT } from "./limits";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const nullable = (type: string) => ({ type: [type, "null"] });
const list = (name: string, item: string, extra: Record<string, unknown> = {}) => ({
  type: "object",
  required: [name],
  properties: { [name]: { type: "array", items: ref(item) }, ...extra },
});
const okJson = (schema: unknown, description: string) => ({
  description,
  headers: {
    ETag: { schema: { type: "string" } },
    "Cache-Control": { schema: { type: "string" } },
  },
  content: { "application/json": { schema } },
});
const errors = {
  "401": {
    description: "No key, or a revoked or unknown key",
    content: { "application/json": { schema: ref("Errors") } },
  },
  "304": { description: "Not modified (If-None-Match matched the ETag)" },
  "429": {
    description: `Too many requests: more than ${CONTENT_API_LIMITS.readsPerKey.max} a minute with one key, or more than ${CONTENT_API_LIMITS.wrongKeysPerAddress.max} a minute from one address without a valid key. Retry-After gives the seconds to wait.`,
    headers: { "Retry-After": { schema: { type: "integer", minimum: 1 } } },
    content: { "application/json": { schema: ref("Errors") } },
  },
};

export function openApiDocument(siteUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "FounderBridge Content API",
      version: "1.0.0",
      description:
        "Read-only JSON of the site's published content. Drafts, posts awaiting review and scheduled posts are never returned. Keys are created and revoked by an admin at /admin/content-api.",
    },
    servers: [{ url: new URL("/api/content/v1", siteUrl).href }],
    security: [{ queryKey: [] }, { bearer: [] }],
    paths: contentPaths(),
    components: {
      securitySchemes: {
        queryKey: { type: "apiKey", in: "query", name: "key" },
        bearer: { type: "http", scheme: "bearer" },
      },
      schemas: contentSchemas(),
    },
  };
}

/** The five read-only endpoints, each with its answers. */
function contentPaths() {
  return {
    "/posts": {
      get: {
        summary: "Published posts, newest first",
        parameters: [
          {
            name: "category",
            in: "query",
            schema: { type: "string" },
            description: "A category's slug",
          },
          { name: "tag", in: "query", schema: { type: "string" }, description: "A tag's slug" },
          {
            name: "author",
            in: "query",
            schema: { type: "string" },
            description: "An author's username",
          },
          { name: "page", in: "query", schema: { type: "integer", minimum: 1, default: 1 } },
          {
            name: "limit",
            in: "query",
            schema: { type: "integer", minimum: 1, maximum: MAX_LIMIT, default: 15 },
          },
        ],
        responses: {
          "200": okJson(
            list("posts", "Post", {
              meta: { type: "object", properties: { pagination: ref("Pagination") } },
            }),
            "A page of posts",
          ),
          "400": {
            description: "A bad filter or page",
            content: { "application/json": { schema: ref("Errors") } },
          },
          ...errors,
        },
      },
    },
    "/posts/{slug}": {
      get: {
        summary: "One published post by its slug",
        parameters: [{ name: "slug", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": okJson(list("posts", "Post"), "The post (alone in the list)"),
          "404": {
            description: "No published post has this slug",
            content: { "application/json": { schema: ref("Errors") } },
          },
          ...errors,
        },
      },
    },
    "/categories": {
      get: {
        summary: "Every category",
        responses: { "200": okJson(list("categories", "Category"), "Categories"), ...errors },
      },
    },
    "/tags": {
      get: {
        summary: "Tags on published posts",
        responses: { "200": okJson(list("tags", "Tag"), "Tags"), ...errors },
      },
    },
    "/authors": {
      get: {
        summary: "Authors of published posts",
        responses: { "200": okJson(list("authors", "Author"), "Authors"), ...errors },
      },
    },
  };
}

/** The shapes the endpoints answer with. */
function contentSchemas() {
  return {
    Errors: {
      type: "object",
      properties: {
        errors: {
          type: "array",
          items: { type: "object", properties: { message: { type: "string" } } },
        },
      },
    },
    Pagination: {
      type: "object",
      properties: {
        page: { type: "integer" },
        limit: { type: "integer" },
        pages: { type: "integer" },
        total: { type: "integer" },
        next: nullable("integer"),
        prev: nullable("integer"),
      },
    },
    Author: {
      type: "object",
      properties: {
        username: { type: "string" },
        name: nullable("string"),
        bio: nullable("string"),
        profileImage: nullable("string"),
        website: nullable("string"),
        postCount: { type: "integer" },
      },
    },
    Category: {
      type: "object",
      properties: {
        slug: { type: "string" },
        name: { type: "string" },
        description: nullable("string"),
        postCount: { type: "integer" },
      },
    },
    Tag: {
      type: "object",
      properties: {
        slug: { type: "string" },
        name: { type: "string" },
        postCount: { type: "integer" },
      },
    },
    Post: {
      type: "object",
      properties: {
        id: { type: "string", format: "uuid" },
        title: { type: "string" },
        slug: { type: "string" },
        url: { type: "string", format: "uri" },
        excerpt: nullable("string"),
        html: { type: "string" },
        postType: { enum: ["blog", "external_link"] },
        externalUrl: nullable("string"),
        featuredImage: nullable("string"),
        featured: { type: "boolean" },
        readingTimeMinutes: { type: "integer" },
        publishedAt: { type: "string", format: "date-time" },
        updatedAt: { type: "string", format: "date-time" },
        category: {
          type: "object",
          properties: { slug: { type: "string" }, name: { type: "string" } },
        },
        tags: {
          type: "array",
          items: {
            type: "object",
            properties: { slug: { type: "string" }, name: { type: "string" } },
          },
        },
        author: ref("Author"),
      },
    },
  };
}
