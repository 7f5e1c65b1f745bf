import { Link, redirect } from "react-router";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { cellClass, DataTable, rowClass } from "~/components/ui/data-table";
import { defaultPageMeta } from "~/features/seo/meta";
import { effectiveRole } from "~/features/accounts/permissions";
import { ErrorBox } from "~/components/ui/form";
import {
  deleteMyPost,
  listMyPosts,
  myPostsDeleteForm,
} from "~/features/authoring/posts-admin.server";
import { DELETE_CONFIRMATION } from "~/features/authoring/post-rules";
import { primaryButton } from "~/components/ui/button-styles";
import { postPath } from "~/features/posts/post-card";
import { formatDate } from "~/lib/format";
import { siteTimeZone } from "~/features/site-settings/site-settings.server";
import type { Route } from "./+types/my-posts";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { flashHeaders } from "~/lib/flash.server";
import { services } from "~/lib/services.server";
import { defineAction } from "~/pipeline/action.server";
import { actor } from "~/pipeline/guards.server";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "My Posts", { noindex: true });
}

// Under the authors' guard (app/routes.ts): actor(context) is a mentor or an admin.
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = services(context);
  const member = actor(context);
  const posts = await listMyPosts(db, member);
  const timeZone = await siteTimeZone(db);
  return {
    isAdmin: effectiveRole(member) === "admin",
    posts: posts.map((p) => ({
      ...p,
      date: formatDate(p.publishedAt ?? p.createdAt, timeZone),
    })),
  };
}

export const action = defineAction({
  permission: "post.write",
  refusal: "to-home",
  schema: myPostsDeleteForm,
  limit: SMALL_BODY_LIMIT_BYTES,
  run: async (services, member, input) => {
    const result = await deleteMyPost(services, member, input);
    // "Post deleted successfully!" comes with the next page, as a flash (docs/product/authoring.md).
    if (result.ok) throw redirect("/my-posts", { headers: flashHeaders("post-deleted") });
    return result;
  },
});

const BADGE: Record<string, string> = {
  published: "bg-green-100 text-green-900",
  draft: "bg-slate-200 text-slate-900",
  pending: "bg-yellow-100 text-yellow-900",
  scheduled: "bg-blue-100 text-blue-900",
};

export default function MyPosts({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, isAdmin } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">My Posts</h1>
        <Link to="/create-post" className={primaryButton}>
          Create New Post
        </Link>
      </div>
      {actionData?.error ? <ErrorBox>{actionData.error}</ErrorBox> : null}
      {posts.length === 0 ? (
        <p className="mt-6 text-slate-700">
          You haven&apos;t created any posts yet.{" "}
          <Link to="/create-post" className="text-brand-700 underline">
            Create your first post
          </Link>
        </p>
      ) : (
        <div className="mt-4">
          <DataTable
            headers={[
              "Title",
              ...(isAdmin ? ["Author"] : []),
              "Category",
              ...(isAdmin ? [] : ["Status"]),
              "Date",
              "Views",
              "Comments",
              "Actions",
            ]}
          >
            {posts.map((post) => {
              const badge = post.scheduled ? "scheduled" : post.status;
              return (
                <tr key={post.id} className={rowClass}>
                  <td className="py-2 pr-3 font-medium text-slate-900">{post.title}</td>
                  {isAdmin ? <td className={cellClass}>{post.author.name}</td> : null}
                  <td className={cellClass}>{post.category.name}</td>
                  {isAdmin ? null : (
                    <td className={cellClass}>
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[badge]}`}
                      >
                        {badge}
                      </span>
                    </td>
                  )}
                  <td className="py-2 pr-3 whitespace-nowrap">{post.date}</td>
                  <td className={cellClass}>{post.views}</td>
                  <td className={cellClass}>{post.comments}</td>
                  <td className="py-2">
                    <div className="flex flex-wrap gap-3">
                      <Link to={postPath(post)} className="text-brand-700 underline">
                        View<span className="sr-only"> {post.title}</span>
                      </Link>
                      <Link to={`/edit-post/${post.slug}`} className="text-brand-700 underline">
                        Edit<span className="sr-only"> {post.title}</span>
                      </Link>
                      <ConfirmForm
                        method="post"
                        question={DELETE_CONFIRMATION}
                        confirmOptions={{ confirmLabel: "Delete", danger: true }}
                      >
                        <input type="hidden" name="id" value={post.id} />
                        <button type="submit" className="text-red-700 underline">
                          Delete<span className="sr-only"> {post.title}</span>
                        </button>
                      </ConfirmForm>
                    </div>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        </div>
      )}
    </div>
  );
}
