/**
 * The dashboard's Posts tab (docs/product/administration.md#categories): search by title or author, filter
 * by status and category, sort by any column; change a post's author (a
 * dialog with the new author and the spec's question) and delete (asks
 * first), feature or unfeature, View only for posts readers can open, Edit;
 * and the same on the selected rows at once (delete asks with the count).
 */
import { useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import { secondaryButton } from "~/components/ui/button-styles";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { cellClass, rowClass } from "~/components/ui/data-table";
import { inputClass } from "~/components/ui/form";
import { usePrompt } from "~/components/ui/prompt-dialog";
import { useHydrated } from "~/lib/use-hydrated";
import { AdminListTable, type ListColumn, type ListFilter } from "./admin-list-table";
import type { DashboardData, PostRow } from "./dashboard-data";
import { RowMenu, rowMenuItem } from "~/components/ui/row-menu";
import { RowActionsForm, RowButton } from "./row-actions";

const STATUS_BADGES: Record<PostRow["status"], string> = {
  published: "bg-green-100 text-green-900",
  draft: "bg-slate-200 text-slate-900",
  pending: "bg-yellow-100 text-yellow-900",
};

const BULK_FORM = "bulk-posts";

/** The same words as the server's (posts-tab.server.ts POST_MESSAGES.bulkDeleteQuestion). */
const bulkDeleteQuestion = (n: number) =>
  `Are you sure you want to delete ${n === 1 ? "this post" : `these ${n} posts`}? This action cannot be undone.`;

/**
 * The selected rows' actions: a form the rows' checkboxes belong to (their
 * `form` attribute), so it works without JavaScript; with it, delete asks
 * first with the number of posts selected (without it the server asks).
 */
function BulkActions({ here }: { here: string }) {
  const hydrated = useHydrated();
  const { confirm, dialog } = useConfirm();
  const asked = useRef(false);
  const checkboxes = () =>
    Array.from(
      document.querySelectorAll<HTMLInputElement>(`input[name="postIds"][form="${BULK_FORM}"]`),
    );
  return (
    <>
      <Form
        id={BULK_FORM}
        method="post"
        action={here}
        className="flex flex-wrap items-end gap-2 rounded-md border border-slate-200 bg-slate-50 p-3"
        onSubmit={(event) => {
          const form = event.currentTarget;
          const intent = (form.elements.namedItem("intent") as HTMLSelectElement).value;
          if (intent !== "bulk-delete" || asked.current) return;
          const count = checkboxes().filter((c) => c.checked).length;
          if (count === 0) return; // The server answers "Select at least one post".
          event.preventDefault();
          void confirm(bulkDeleteQuestion(count), {
            confirmLabel: "Delete",
            danger: true,
          }).then((accepted) => {
            if (!accepted) return;
            asked.current = true;
            try {
              form.requestSubmit();
            } finally {
              asked.current = false;
            }
          });
        }}
      >
        {/* With JavaScript the dialog has asked (delete); without it the server asks. */}
        {hydrated ? <input type="hidden" name="confirmed" value="1" /> : null}
        {hydrated ? (
          <label className="flex min-h-10 items-center gap-2 text-sm font-semibold text-slate-800">
            <input
              type="checkbox"
              className="h-5 w-5"
              onChange={(event) => {
                for (const box of checkboxes()) box.checked = event.currentTarget.checked;
              }}
            />
            Select all on this page
          </label>
        ) : null}
        <div>
          <label htmlFor="bulk-intent" className="block text-sm font-semibold text-slate-800">
            With selected posts
          </label>
          <select id="bulk-intent" name="intent" className={inputClass} defaultValue="bulk-feature">
            <option value="bulk-feature">Feature</option>
            <option value="bulk-unfeature">Unfeature</option>
            <option value="bulk-delete">Delete</option>
          </select>
        </div>
        <button type="submit" className={secondaryButton}>
          Apply
        </button>
      </Form>
      {dialog}
    </>
  );
}

/**
 * Change author: with JavaScript a dialog with the new author and the
 * spec's question (answering it is the confirmation); without it the form
 * posts without an author and the server answers with that step.
 */
type Author = { id: string; name: string };

/** The authors to choose from, fetched once when a dialog first needs them. */
function useAuthors() {
  const loaded = useRef<Promise<Author[]> | null>(null);
  return () => {
    loaded.current ??= fetch("/admin/authors.json", { headers: { accept: "application/json" } })
      .then((res) => {
        if (!res.ok) throw new Error(`authors: ${res.status}`);
        return res.json() as Promise<Author[]>;
      })
      .catch((error: unknown) => {
        loaded.current = null;
        throw error;
      });
    return loaded.current;
  };
}

/**
 * Change author with JavaScript: the dialog with the new author and the
 * spec's question (answering it is the confirmation). Without the authors
 * list (or JavaScript) the row's button posts without an author and the
 * server answers with that step.
 */
function useChangeAuthor(
  rows: readonly PostRow[],
  authors: () => Promise<Author[]>,
  here: string,
  question: string,
) {
  const { prompt, dialog } = usePrompt();
  const submit = useSubmit();
  const open = (postId: string) => {
    const post = rows.find((p) => p.id === postId);
    if (!post) return false;
    void authors()
      .then((all) =>
        ask(
          post,
          all.some((a) => a.id === post.authorId)
            ? all
            : [{ id: post.authorId, name: post.authorName }, ...all],
        ),
      )
      // Without the list the server asks instead (as without JavaScript).
      .catch(() =>
        submit({ intent: "post-author", postId: post.id }, { method: "post", action: here }),
      );
    return true;
  };
  return { open, dialog };

  function ask(post: PostRow, choices: Author[]) {
    return prompt(
      `Change the author of "${post.title}"`,
      [
        {
          name: "authorId",
          label: "New author",
          type: "select",
          defaultValue: post.authorId,
          options: choices.map((a) => ({ value: a.id, label: a.name })),
        },
      ],
      { confirmLabel: "Change author", description: question },
    ).then((values) => {
      if (!values?.authorId || values.authorId === post.authorId) return;
      void submit(
        { intent: "post-author", postId: post.id, authorId: values.authorId, confirmed: "1" },
        { method: "post", action: here },
      );
    });
  }
}

const POST_COLUMNS: readonly ListColumn[] = [
  { label: "Select", srOnly: true },
  { label: "Title", sort: "title" },
  { label: "Author", sort: "author" },
  { label: "Type", sort: "type" },
  { label: "Status", sort: "status" },
  { label: "Published", sort: "published", firstDir: "desc" },
  { label: "Actions" },
];

/** Filter by status and by category. */
const postFilters = (categories: { slug: string; name: string }[]): ListFilter[] => [
  {
    name: "status",
    label: "Status",
    all: "All statuses",
    options: [
      { value: "draft", label: "Draft" },
      { value: "pending", label: "Pending" },
      { value: "scheduled", label: "Scheduled" },
      { value: "published", label: "Published" },
    ],
  },
  {
    name: "category",
    label: "Category",
    all: "All categories",
    options: categories.map((c) => ({ value: c.slug, label: c.name })),
  },
];

export function PostsTab({ data }: { data: DashboardData }) {
  const posts = data.posts!;
  const authors = useAuthors();
  const changeAuthor = useChangeAuthor(posts.rows, authors, data.here, data.confirmations.author);
  return (
    <AdminListTable
      tab="posts"
      list={posts}
      searchLabel="Search by title or author"
      columns={POST_COLUMNS}
      filters={postFilters(posts.categories)}
      extraSorts={[{ value: "created", label: "Date created" }]}
      toolbar={
        posts.rows.length ? (
          <>
            <BulkActions here={data.here} />
            <RowActionsForm
              table="posts"
              action={data.here}
              question={(intent) =>
                intent === "post-delete" ? data.confirmations.deletePost : undefined
              }
              intercept={(intent, id) => intent === "post-author" && changeAuthor.open(id)}
            />
            {changeAuthor.dialog}
          </>
        ) : null
      }
    >
      {posts.rows.map((p) => (
        <PostTableRow key={p.id} p={p} />
      ))}
    </AdminListTable>
  );
}

/** One post: select it, its title, author (Change author), type, status, date and actions. */
function PostTableRow({ p }: { p: PostRow }) {
  return (
    <tr className={rowClass}>
      <td className="py-2 pr-3">
        <input
          type="checkbox"
          name="postIds"
          value={p.id}
          form={BULK_FORM}
          className="h-5 w-5"
          aria-label={`Select ${p.title}`}
        />
      </td>
      <td className="py-2 pr-3 font-medium text-slate-900" data-label="Title">
        {p.title}
        {p.isFeatured ? (
          <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">
            Featured
          </span>
        ) : null}
      </td>
      <td className={cellClass} data-label="Author">
        {p.authorName}
      </td>
      <td className={cellClass} data-label="Type">
        {p.type}
      </td>
      <td className={cellClass} data-label="Status">
        <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${STATUS_BADGES[p.status]}`}>
          {p.status === "pending" ? "Pending" : p.status}
        </span>
      </td>
      <td className="py-2 pr-3 whitespace-nowrap" data-label="Published">
        {p.published ?? "—"}
      </td>
      <td className="py-2" data-label="Actions">
        {/* One primary action; the others behind "…" (docs/decisions/0260). */}
        <div className="flex items-center gap-2">
          <Link to={`/edit-post/${p.slug}`} className="row-action row-action-primary">
            Edit<span className="sr-only">{` ${p.title}`}</span>
          </Link>
          <RowMenu label={`More actions for ${p.title}`}>
            {/* Drafts, pending and scheduled posts 404 at /post/{slug}: Edit shows them. */}
            {p.live ? (
              <Link to={`/post/${p.slug}`} className={rowMenuItem}>
                View<span className="sr-only">{` ${p.title}`}</span>
              </Link>
            ) : null}
            <RowButton
              table="posts"
              intent={p.isFeatured ? "post-unfeature" : "post-feature"}
              id={p.id}
              name={p.title}
              className={rowMenuItem}
            >
              {p.isFeatured ? "Unfeature" : "Feature"}
            </RowButton>
            <RowButton
              table="posts"
              intent="post-author"
              id={p.id}
              name={`of ${p.title}`}
              className={rowMenuItem}
            >
              Change author
            </RowButton>
            <RowButton
              table="posts"
              intent="post-delete"
              id={p.id}
              name={p.title}
              className={rowMenuItem}
            >
              Delete
            </RowButton>
          </RowMenu>
        </div>
      </td>
    </tr>
  );
}
