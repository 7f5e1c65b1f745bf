/**
 * The dashboard's Posts tab: the post rows with their search, filters and
 * page, and the row and bulk actions (feature, delete, change author).
 * Delete and author change ask first: without confirmed=1 the answer is the
 * page with a confirmation step.
 */
import type { Services } from "~/lib/services.server";
import type { Actor } from "~/features/accounts/permissions";
import { formatDate } from "~/lib/format";
import { isUuid } from "~/lib/uuid";
import { listOptionsOf, pagingOf } from "./list-page.server";
import { listAdminCategories } from "./categories-tab.server";
import {
  adminAuthorChoices,
  adminDeletePost,
  BULK_MAX,
  bulkDeletePosts,
  bulkSetFeatured,
  changeAuthor,
  findAdminPost,
  listAdminPosts,
  POST_MESSAGES,
  setFeatured,
  type AdminPost,
  type PostFilterStatus,
  type PostSort,
} from "./posts-tab.server";
import type { ConfirmStepData, DashboardData, PostRow } from "./dashboard-data";
import type { DashboardActionForm, View } from "./dashboard-view.server";

type Input = { form: DashboardActionForm; here: string };

const failure = (status: number, error: string) => ({ ok: false as const, status, error });
const back = (redirect: string) => ({ ok: true as const, redirect });

const toPostRow = (p: AdminPost, now: Date, timeZone: string): PostRow => ({
  id: p.id,
  title: p.title,
  slug: p.slug,
  type: p.postType === "external_link" ? "External link" : "Blog",
  status: p.status,
  isFeatured: p.isFeatured,
  published: p.publishedAt ? formatDate(p.publishedAt, timeZone) : null,
  // The same rule as the public post page (isPubliclyVisible).
  live: p.status === "published" && p.publishedAt !== null && p.publishedAt <= now,
  authorId: p.authorId,
  authorName: p.authorName,
  authorUsername: p.authorUsername,
});

export async function loadPostsTab(
  { db, clock }: Pick<Services, "db" | "clock">,
  actor: Actor,
  view: View,
  timeZone: string,
): Promise<DashboardData["posts"]> {
  const [found, categories] = await Promise.all([
    listAdminPosts(db, actor, {
      ...listOptionsOf<PostSort>(view),
      status: view.status as PostFilterStatus | null,
      category: view.category,
    }),
    listAdminCategories(db, actor),
  ]);
  const now = clock.now();
  return {
    rows: found.posts.map((p) => toPostRow(p, now, timeZone)),
    categories: categories.map((c) => ({ slug: c.slug, name: c.name })),
    ...pagingOf(found),
    filters: { status: found.status ?? "", category: found.category ?? "" },
  };
}

export const POST_INTENTS = ["post-delete", "post-feature", "post-author"] as const;
export type PostIntent = (typeof POST_INTENTS)[number];

/** intent=post-delete|post-feature|post-author with postId (featured=1|0, authorId). */
export async function runPostIntent(
  { db }: Pick<Services, "db">,
  actor: Actor,
  intent: PostIntent,
  { form, here }: Input,
) {
  const { postId } = form;
  if (!postId) return failure(400, "Invalid request: choose a post");
  if (!isUuid(postId)) {
    // No post has such an id: the same answer as a post that is gone.
    const error =
      intent === "post-delete"
        ? POST_MESSAGES.deleteFailed
        : intent === "post-author"
          ? POST_MESSAGES.authorFailed(POST_MESSAGES.notFound)
          : POST_MESSAGES.notFound;
    return failure(404, error);
  }
  const confirmed = form.confirmed === "1";
  switch (intent) {
    case "post-feature": {
      const { featured } = form;
      if (featured !== "1" && featured !== "0") {
        return failure(400, "Invalid request: featured must be 1 or 0");
      }
      const result = await setFeatured(db, actor, postId, featured === "1");
      if (!result.ok) return failure(result.status, result.error);
      return back(`${here}&done=${featured === "1" ? "post-feature" : "post-unfeature"}`);
    }
    case "post-delete": {
      if (!confirmed) {
        const target = await findAdminPost(db, actor, postId);
        if (!target) return failure(404, POST_MESSAGES.deleteFailed);
        return {
          ok: true as const,
          confirmStep: <ConfirmStepData>{
            heading: `Delete "${target.title}"?`,
            question: POST_MESSAGES.deleteQuestion,
            yes: "Yes, delete",
            action: here,
            fields: { intent, postId },
          },
        };
      }
      const result = await adminDeletePost(db, actor, postId);
      if (!result.ok) return failure(result.status, result.error);
      return back(`${here}&done=post-delete`);
    }
    case "post-author": {
      const { authorId } = form;
      if (!authorId && !confirmed) {
        // Without JavaScript "Change author" comes here first: the choice and the question.
        const [target, authors] = await Promise.all([
          findAdminPost(db, actor, postId),
          adminAuthorChoices(db, actor),
        ]);
        if (!target) return failure(404, POST_MESSAGES.authorFailed(POST_MESSAGES.notFound));
        return {
          ok: true as const,
          confirmStep: <ConfirmStepData>{
            heading: `Change the author of "${target.title}"?`,
            question: POST_MESSAGES.authorQuestion,
            yes: "Yes, change author",
            action: here,
            fields: { intent, postId },
            select: {
              name: "authorId",
              label: "New author",
              value: target.authorId,
              options: authors.map((a) => ({
                value: a.id,
                label: a.fullName?.trim() || a.username,
              })),
            },
          },
        };
      }
      if (!authorId) return failure(400, POST_MESSAGES.authorFailed("choose a new author"));
      if (!confirmed) {
        const target = await findAdminPost(db, actor, postId);
        if (!target) return failure(404, POST_MESSAGES.authorFailed(POST_MESSAGES.notFound));
        return {
          ok: true as const,
          confirmStep: <ConfirmStepData>{
            heading: `Change the author of "${target.title}"?`,
            question: POST_MESSAGES.authorQuestion,
            yes: "Yes, change author",
            action: here,
            fields: { intent, postId, authorId },
          },
        };
      }
      const result = await changeAuthor(db, actor, postId, authorId);
      if (!result.ok) return failure(result.status, result.error);
      return back(`${here}&done=post-author`);
    }
  }
}

export const BULK_INTENTS = ["bulk-feature", "bulk-unfeature", "bulk-delete"] as const;
export type BulkIntent = (typeof BULK_INTENTS)[number];

/**
 * intent=bulk-feature|bulk-unfeature|bulk-delete with postIds (the selected
 * rows, at most a page). Delete asks first with the count.
 */
export async function runBulkIntent(
  { db }: Pick<Services, "db">,
  actor: Actor,
  intent: BulkIntent,
  { form, here }: Input,
) {
  const ids = [...new Set(form.postIds)];
  if (ids.length === 0) return failure(400, POST_MESSAGES.bulkNone);
  if (ids.length > BULK_MAX) return failure(400, POST_MESSAGES.bulkTooMany);
  if (!ids.every(isUuid)) return failure(400, "Invalid request: choose posts");
  if (intent === "bulk-delete" && form.confirmed !== "1") {
    return {
      ok: true as const,
      confirmStep: <ConfirmStepData>{
        heading: `Delete ${ids.length} ${ids.length === 1 ? "post" : "posts"}?`,
        question: POST_MESSAGES.bulkDeleteQuestion(ids.length),
        yes: "Yes, delete",
        action: here,
        fields: { intent, postIds: ids.join(",") },
      },
    };
  }
  const result =
    intent === "bulk-delete"
      ? await bulkDeletePosts(db, actor, ids)
      : await bulkSetFeatured(db, actor, ids, intent === "bulk-feature");
  if (!result.ok) return failure(result.status, result.error);
  return back(`${here}&done=${intent}&count=${result.count}`);
}
