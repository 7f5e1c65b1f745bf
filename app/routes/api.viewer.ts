import { z } from "zod";
import { can } from "~/features/accounts/permissions";
import { toHeaderUser } from "~/features/accounts/header-user";
import { isSaved } from "~/features/favorites/favorites.server";
import { commentTotal } from "~/features/comments/comments.server";
import { bellState } from "~/features/notifications/notifications.server";
import type { BellState } from "~/features/notifications/notification-rules";
import type { ViewerParts } from "~/features/accounts/viewer-parts";
import { readQuery } from "~/lib/read-input.server";
import { services } from "~/lib/services.server";
import { INVALID_REQUEST } from "~/pipeline/action.server";
import { sessionOf } from "~/pipeline/guards.server";
import { uuidSchema } from "~/lib/uuid";
import type { Route } from "./+types/api.viewer";

/** Per session, never kept by any cache (decision 0154). */
const noStore = { "Cache-Control": "private, no-store", Vary: "Cookie" };

/** ?post=ID: the page's post, whose saved state the answer carries. */
const viewerQuery = z.object({ post: uuidSchema.optional() });

/**
 * GET /api/viewer[?post=ID]: the personal parts of a page served from the
 * members' shared cache (decision 0154), in one small private answer: the
 * header's member (avatar menu), the bell (count and latest five), the
 * post's saved state and its comment count now. A reader, or a session that no longer holds, gets
 * nulls: the page then shows the reader's links.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readQuery(request, viewerQuery);
  if (!query.ok) {
    return Response.json({ error: INVALID_REQUEST }, { status: 400, headers: noStore });
  }
  const { db } = services(context);
  const user = await sessionOf(context, request);
  const postId = query.data.post;
  const [bell, saved, commentCount] = await Promise.all([
    can(user, "notifications.read") ? bellState(db, user!.id) : null,
    user && postId ? isSaved(db, user.id, postId) : null,
    // The shared page's count may be a minute old (decision 0017); the member's own comment counts.
    user && postId ? commentTotal(db, postId, user) : null,
  ]);
  const parts: ViewerParts<BellState> = {
    user: toHeaderUser(user),
    bell,
    saved,
    commentCount,
  };
  return Response.json(parts, { headers: noStore });
}
