import { z } from "zod";
import type { Database } from "#server/db/client";
import { formText } from "~/lib/form-fields";
import { loadPostView } from "./post-page.server";
import { postBySlug, queryNextPost } from "~/features/posts/posts.server";
import type { PostView } from "~/features/posts/types";

export const NEXT_POST_FAILED = "Failed to fetch next post";

/** /api/posts/next?after={slug}&seen={id,id,…}: the slug read after, and up to 200 ids seen. */
export const nextPostQuery = z.object({
  after: formText.pipe(z.string().regex(/^[a-z0-9-]{1,200}$/, NEXT_POST_FAILED)),
  seen: formText.transform((v) => v.split(",").filter(Boolean).slice(0, 200)),
});

/**
 * The post that infinite scroll loads after `afterSlug` (docs/product/reading.md#infinite-scroll):
 * published before it, the same category first, then any, never one of
 * `seenIds`. Undefined when there is none.
 */
export async function loadNextPostView(
  db: Database,
  options: { afterSlug: string; seenIds: string[] },
  site: { name: string; url: string },
): Promise<PostView | undefined> {
  const current = await postBySlug(db, options.afterSlug);
  if (!current) return undefined;
  const next = await queryNextPost(db, {
    before: current.publishedAt,
    categoryId: current.category.id,
    seenIds: [...new Set([current.id, ...options.seenIds])],
  });
  return next ? loadPostView(db, next.slug, site) : undefined;
}
