/**
 * The dashboard's Posts tab (spec 2 §2): search by title or author, change a
 * post's author and delete (both ask first), feature or unfeature, View only
 * for posts readers can open, Edit.
 */
import { Form, Link } from "react-router";
import { cellClass, rowClass } from "~/components/ui/data-table";
import { AdminListTable } from "./admin-list-table";
import { ConfirmAction, ConfirmDelete } from "./confirm-action";
import type { DashboardData, PostRow } from "./dashboard-data";

const STATUS_BADGES: Record<PostRow["status"], string> = {
  published: "bg-green-100 text-green-900",
  draft: "bg-slate-200 text-slate-900",
  pending: "bg-yellow-100 text-yellow-900",
};

export function PostsTab({ data }: { data: DashboardData }) {
  const posts = data.posts!;
  return (
    <AdminListTable
      tab="posts"
      list={posts}
      searchLabel="Search by title or author"
      headers={["Title", "Author", "Type", "Status", "Published", "Actions"]}
    >
      {posts.rows.map((p) => {
        const authors = posts.authors.some((a) => a.id === p.authorId)
          ? posts.authors
          : [{ id: p.authorId, name: p.authorName }, ...posts.authors];
        return (
          <tr key={p.id} className={rowClass}>
            <td className="py-2 pr-3 font-medium text-slate-900">
              {p.title}
              {p.isFeatured ? (
                <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">
                  Featured
                </span>
              ) : null}
            </td>
            <td className={cellClass}>
              <ConfirmAction
                action={data.here}
                question={data.confirmations.author}
                fields={{ intent: "post-author", postId: p.id }}
                className="flex items-center gap-1"
              >
                <label htmlFor={`author-${p.id}`} className="sr-only">
                  {`Author of ${p.title}`}
                </label>
                <select
                  key={p.authorId}
                  id={`author-${p.id}`}
                  name="authorId"
                  defaultValue={p.authorId}
                  className="rounded border border-slate-400 px-1 py-1"
                >
                  {authors.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.name}
                    </option>
                  ))}
                </select>
                <button
                  type="submit"
                  className="rounded border border-slate-400 px-2 py-1 text-xs font-semibold"
                >
                  Change
                  <span className="sr-only">{` author of ${p.title}`}</span>
                </button>
              </ConfirmAction>
            </td>
            <td className={cellClass}>{p.type}</td>
            <td className={cellClass}>
              <span
                className={`rounded px-1.5 py-0.5 text-xs font-semibold ${STATUS_BADGES[p.status]}`}
              >
                {p.status === "pending" ? "Pending" : p.status}
              </span>
            </td>
            <td className="py-2 pr-3 whitespace-nowrap">{p.published ?? "—"}</td>
            <td className="py-2">
              <div className="flex flex-wrap gap-2">
                <Form method="post" action={data.here}>
                  <input type="hidden" name="intent" value="post-feature" />
                  <input type="hidden" name="postId" value={p.id} />
                  <input type="hidden" name="featured" value={p.isFeatured ? "0" : "1"} />
                  <button
                    type="submit"
                    className="rounded bg-amber-600 px-2 py-1 text-xs font-semibold text-black hover:bg-amber-500"
                  >
                    {p.isFeatured ? "Unfeature" : "Feature"}
                    <span className="sr-only">{` ${p.title}`}</span>
                  </button>
                </Form>
                {/* Drafts, pending and scheduled posts 404 at /post/{slug}: Edit shows them. */}
                {p.live ? (
                  <Link
                    to={`/post/${p.slug}`}
                    className="rounded border border-slate-400 px-2 py-1 text-xs font-semibold"
                  >
                    View<span className="sr-only">{` ${p.title}`}</span>
                  </Link>
                ) : null}
                <Link
                  to={`/edit-post/${p.slug}`}
                  className="rounded border border-slate-400 px-2 py-1 text-xs font-semibold"
                >
                  Edit<span className="sr-only">{` ${p.title}`}</span>
                </Link>
                <ConfirmDelete
                  action={data.here}
                  question={data.confirmations.deletePost}
                  fields={{ intent: "post-delete", postId: p.id }}
                  name={p.title}
                />
              </div>
            </td>
          </tr>
        );
      })}
    </AdminListTable>
  );
}
