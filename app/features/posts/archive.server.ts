/**
 * A page of an archive (docs/decisions/0110): 20 cards from the scope's newest,
 * skipping `skip` (the home's hero and listed posts), read through the posts
 * indexes (see queryPostsPage). Null for a page past the last. `firstPageSize`
 * makes page 1 shorter (the home's few older posts, docs/decisions/0269); page 2
 * then starts right after it, so that no post falls between the pages.
 */
import type { Database } from "#server/db/client";
import { postsPage, type ArchiveScope, type PostCard } from "./posts.server";
import { ARCHIVE_PAGE_SIZE, type ArchivePaging } from "./archive";

export type ArchivePage = ArchivePaging & { posts: PostCard[] };

export async function loadArchivePage(
  db: Database,
  scope: ArchiveScope,
  page: number,
  { skip = 0, firstPageSize = ARCHIVE_PAGE_SIZE }: { skip?: number; firstPageSize?: number } = {},
): Promise<ArchivePage | null> {
  const { posts, more } = await postsPage(db, scope, {
    offset: page === 1 ? skip : skip + firstPageSize + (page - 2) * ARCHIVE_PAGE_SIZE,
    limit: page === 1 ? firstPageSize : ARCHIVE_PAGE_SIZE,
  });
  // Page 1 may be empty (a category without posts); a later one may not.
  if (page > 1 && posts.length === 0) return null;
  return { posts, page, hasPrevious: page > 1, hasNext: more };
}
