/**
 * The /admin page (spec 2 §2): tabs Overview and Users, the Export Users CSV
 * button, and the user actions as plain forms. Block, promote and delete ask
 * first: with JavaScript a confirm dialog, without it a confirmation step the
 * server asks for (the action refuses to run without `confirmed=1`).
 */
import { useState, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { primaryButton, secondaryButton } from "~/components/ui/button-styles";
import { ErrorBox, inputClass, NoticeBox } from "~/components/ui/form";
import { AdminLinks } from "./admin-links";
import type { DashboardStats, TopLists, WeeklyActivity } from "./admin.server";
import type { BroadcastForm } from "./broadcasts.server";
import { ConfirmAction, ConfirmStepPanel, type ConfirmStepData } from "./confirm-action";
import { useHydrated } from "~/lib/use-hydrated";

export type { ConfirmStepData };

export const ADMIN_TABS = ["overview", "users", "posts", "categories", "notifications"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
const TAB_LABELS: Record<AdminTab, string> = {
  overview: "Overview",
  users: "Users",
  posts: "Posts",
  categories: "Categories",
  notifications: "Notifications",
};

export type ConfirmableAction = "block" | "promote" | "delete";

/** A member as the page shows it (dates already formatted). */
export type UserRow = {
  id: string;
  username: string;
  fullName: string | null;
  email: string;
  role: "user" | "mentor" | "admin";
  status: "pending" | "approved" | "blocked";
  joined: string;
};

/** A post as the Posts tab shows it. */
export type PostRow = {
  id: string;
  title: string;
  slug: string;
  type: string;
  status: "draft" | "pending" | "published";
  isFeatured: boolean;
  published: string | null;
  /** Readers can open it at /post/{slug} now (published, not scheduled): View is shown only then. */
  live: boolean;
  authorId: string;
  authorName: string;
  authorUsername: string;
};

type Paged<Row> = {
  rows: Row[];
  query: string;
  page: number;
  pageCount: number;
  showing: string;
  pageLabel: string;
};

export type DashboardData = {
  tab: AdminTab;
  /** The page's own address (tab, q, page) that forms come back to. */
  here: string;
  selfId: string;
  notice: string | null;
  error: string | null;
  confirm: { action: ConfirmableAction; user: UserRow; question: string } | null;
  confirmations: Record<ConfirmableAction, string> & {
    deletePost: string;
    author: string;
    deleteCategory: string;
  };
  overview: {
    stats: DashboardStats;
    top: TopLists;
    pending: UserRow[];
    activity: WeeklyActivity[];
    audit: AuditRow[];
  } | null;
  users: {
    rows: UserRow[];
    query: string;
    page: number;
    pageCount: number;
    showing: string;
    pageLabel: string;
  } | null;
  posts: (Paged<PostRow> & { authors: { id: string; name: string }[] }) | null;
  confirmStep: ConfirmStepData | null;
  categories: {
    rows: { id: string; name: string; slug: string; postCount: number; deletable: boolean }[];
  } | null;
  notifications: {
    values: BroadcastForm;
    history: BroadcastRow[];
  } | null;
};

/** One audit trail entry as the Overview lists it. */
export type AuditRow = {
  id: string;
  who: string | null;
  what: string;
  target: string | null;
  when: string;
  iso: string;
};

export type BroadcastRow = {
  id: string;
  title: string;
  message: string;
  link: string;
  roleFilter: string;
  statusFilter: string;
  recipientCount: number;
  sent: string;
  sentBy: string | null;
};

const ACTION_LABELS: Record<"approve" | ConfirmableAction, string> = {
  approve: "Approve",
  block: "Block",
  promote: "Promote to mentor",
  delete: "Delete",
};

const ACTION_STYLES: Record<"approve" | ConfirmableAction, string> = {
  approve: "bg-green-700 text-white hover:bg-green-800",
  block: "bg-amber-600 text-black hover:bg-amber-500",
  promote: "bg-brand-700 text-white hover:bg-brand-900",
  delete: "bg-red-700 text-white hover:bg-red-800",
};

function UserActionForm({
  action,
  user,
  here,
  question,
}: {
  action: "approve" | ConfirmableAction;
  user: UserRow;
  here: string;
  question?: string;
}) {
  return (
    <ConfirmAction action={here} question={question} fields={{ intent: action, userId: user.id }}>
      <button
        type="submit"
        className={`rounded px-2 py-1 text-xs font-semibold ${ACTION_STYLES[action]}`}
      >
        {ACTION_LABELS[action]}
        <span className="sr-only"> {user.username}</span>
      </button>
    </ConfirmAction>
  );
}

function Card({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-slate-900">{value}</dd>
    </div>
  );
}

function TopList({
  title,
  empty,
  children,
}: {
  title: string;
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 className="mb-2 font-semibold text-slate-900">{title}</h3>
      {empty ? (
        <p className="text-sm text-slate-700">Nothing yet</p>
      ) : (
        <ol className="space-y-1 text-sm">{children}</ol>
      )}
    </section>
  );
}

const weekLabel = (weekStart: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(`${weekStart}T00:00:00Z`),
  );

/**
 * Sign-ups and new posts per week as a table whose cells carry bars: the
 * numbers are read out as a table, the bars are decoration (aria-hidden).
 */
function ActivityChart({ weeks }: { weeks: WeeklyActivity[] }) {
  const max = Math.max(1, ...weeks.flatMap((w) => [w.signups, w.posts]));
  const bar = (value: number, color: string) => (
    <span className="flex items-center gap-2">
      <span
        aria-hidden="true"
        className={`inline-block h-3 rounded-sm ${color}`}
        style={{ width: `${Math.max(value > 0 ? 2 : 0, Math.round((value / max) * 100))}%` }}
      />
      <span className="tabular-nums">{value}</span>
    </span>
  );
  const totals = weeks.reduce(
    (sum, w) => ({ signups: sum.signups + w.signups, posts: sum.posts + w.posts }),
    { signups: 0, posts: 0 },
  );
  return (
    <section aria-labelledby="activity-heading">
      <h2 id="activity-heading" className="mb-1 text-xl font-bold text-slate-900">
        Sign-ups and New Posts per Week
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        {`Last ${weeks.length} weeks (weeks start on Monday, UTC): ${totals.signups} sign-ups and ${totals.posts} new posts.`}
      </p>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white p-4">
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">Sign-ups and new posts per week, oldest first</caption>
          <thead className="text-slate-700">
            <tr>
              <th scope="col" className="w-28 py-1 pr-3">
                Week of
              </th>
              <th scope="col" className="py-1 pr-3">
                <span
                  aria-hidden="true"
                  className="mr-1 inline-block h-3 w-3 rounded-sm bg-brand-700"
                />
                Sign-ups
              </th>
              <th scope="col" className="py-1">
                <span
                  aria-hidden="true"
                  className="mr-1 inline-block h-3 w-3 rounded-sm bg-amber-600"
                />
                New posts
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.weekStart} className="border-t border-slate-100">
                <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">
                  <time dateTime={w.weekStart}>{weekLabel(w.weekStart)}</time>
                </th>
                <td className="py-1 pr-3">{bar(w.signups, "bg-brand-700")}</td>
                <td className="py-1">{bar(w.posts, "bg-amber-600")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function AuditTrail({ rows }: { rows: AuditRow[] }) {
  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading" className="mb-3 text-xl font-bold text-slate-900">
        Recent Admin Activity
      </h2>
      {rows.length === 0 ? (
        <p className="text-slate-700">No admin actions recorded yet</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">The 20 latest admin actions, newest first</caption>
            <thead className="border-b border-slate-300 text-slate-700">
              <tr>
                {["Who", "What", "Target", "When"].map((h) => (
                  <th key={h} scope="col" className="py-2 pr-3">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-slate-200 align-top">
                  <td className="py-2 pr-3">{r.who ? `@${r.who}` : "Deleted admin"}</td>
                  <td className="py-2 pr-3">{r.what}</td>
                  <td className="py-2 pr-3 break-all">{r.target ?? "—"}</td>
                  <td className="py-2 whitespace-nowrap">
                    <time dateTime={r.iso}>{r.when}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Overview({ data }: { data: DashboardData }) {
  const { stats, top, pending, activity, audit } = data.overview!;
  return (
    <div className="space-y-8">
      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading" className="sr-only">
          Statistics
        </h2>
        <dl className="grid grid-cols-2 gap-4 md:grid-cols-3">
          <Card label="Total Users" value={stats.totalUsers} />
          <Card label="Mentors" value={stats.mentors} />
          <Card label="Pending Approvals" value={stats.pendingApprovals} />
          <Card label="Total Posts" value={stats.posts} />
          <Card label="Total Comments" value={stats.comments} />
          <Card label="Blocked Users" value={stats.blockedUsers} />
        </dl>
      </section>
      <section aria-labelledby="top-heading">
        <h2 id="top-heading" className="mb-3 text-xl font-bold text-slate-900">
          Top 5
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          <TopList title="Top Tags" empty={top.tags.length === 0}>
            {top.tags.map((t) => (
              <li key={t.slug} className="flex justify-between gap-2">
                <span>{t.name}</span>
                <span className="text-slate-700">{t.usageCount}</span>
              </li>
            ))}
          </TopList>
          <TopList title="Top Categories" empty={top.categories.length === 0}>
            {top.categories.map((c) => (
              <li key={c.slug} className="flex justify-between gap-2">
                <span>{c.name}</span>
                <span className="text-slate-700">{c.postCount} posts</span>
              </li>
            ))}
          </TopList>
          <TopList title="Most Active Mentors" empty={top.mentors.length === 0}>
            {top.mentors.map((m) => (
              <li key={m.username} className="flex justify-between gap-2">
                <Link to={`/user/${m.username}`} className="text-brand-700 underline">
                  {m.name}
                </Link>
                <span className="text-slate-700">{m.postCount} posts</span>
              </li>
            ))}
          </TopList>
        </div>
      </section>
      <section aria-labelledby="pending-heading">
        <h2 id="pending-heading" className="mb-3 text-xl font-bold text-slate-900">
          Pending User Approvals
        </h2>
        {pending.length === 0 ? (
          <p className="text-slate-700">No users waiting for approval.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {pending.map((u) => (
              <li key={u.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div>
                  <p className="font-medium text-slate-900">{u.fullName || u.username}</p>
                  <p className="text-sm text-slate-700">
                    {`@${u.username} · ${u.email || "N/A"} · joined ${u.joined}`}
                  </p>
                </div>
                <div className="flex gap-2">
                  <UserActionForm action="approve" user={u} here={data.here} />
                  <UserActionForm
                    action="block"
                    user={u}
                    here={data.here}
                    question={data.confirmations.block}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ActivityChart weeks={activity} />
      <AuditTrail rows={audit} />
    </div>
  );
}

function Users({ data }: { data: DashboardData }) {
  const users = data.users!;
  const pageHref = (page: number) => {
    const params = new URLSearchParams({ tab: "users" });
    if (users.query) params.set("q", users.query);
    params.set("page", String(page));
    return `/admin?${params}`;
  };
  return (
    <div className="space-y-4">
      <Form method="get" action="/admin" className="flex flex-wrap items-end gap-2" role="search">
        <input type="hidden" name="tab" value="users" />
        <div className="grow">
          <label htmlFor="user-search" className="block text-sm font-semibold text-slate-800">
            Search by username, name or email
          </label>
          <input
            id="user-search"
            type="search"
            name="q"
            defaultValue={users.query}
            maxLength={200}
            className={inputClass}
          />
        </div>
        <button type="submit" className={secondaryButton}>
          Search
        </button>
      </Form>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Users</caption>
          <thead className="border-b border-slate-300 text-slate-700">
            <tr>
              {["User", "Email", "Role", "Status", "Joined", "Actions"].map((h) => (
                <th key={h} scope="col" className="py-2 pr-3">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {users.rows.length === 0 ? (
              <tr>
                <td colSpan={6} className="py-4 text-slate-700">
                  No users found.
                </td>
              </tr>
            ) : (
              users.rows.map((u) => (
                <tr key={u.id} className="border-b border-slate-200 align-top">
                  <td className="py-2 pr-3">
                    <Link
                      to={`/user/${u.username}`}
                      className="font-medium text-brand-700 underline"
                    >
                      {u.fullName || u.username}
                    </Link>
                    <div className="text-slate-700">{`@${u.username}`}</div>
                  </td>
                  <td className="py-2 pr-3 break-all">{u.email || "N/A"}</td>
                  <td className="py-2 pr-3">{u.role}</td>
                  <td className="py-2 pr-3">{u.status}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{u.joined}</td>
                  <td className="py-2">
                    {u.id === data.selfId ? (
                      <span className="text-slate-700">You</span>
                    ) : (
                      <div className="flex flex-wrap gap-2">
                        {u.status !== "approved" ? (
                          <UserActionForm action="approve" user={u} here={data.here} />
                        ) : null}
                        {u.status !== "blocked" ? (
                          <UserActionForm
                            action="block"
                            user={u}
                            here={data.here}
                            question={data.confirmations.block}
                          />
                        ) : null}
                        {u.role === "user" && u.status === "approved" ? (
                          <UserActionForm
                            action="promote"
                            user={u}
                            here={data.here}
                            question={data.confirmations.promote}
                          />
                        ) : null}
                        <UserActionForm
                          action="delete"
                          user={u}
                          here={data.here}
                          question={data.confirmations.delete}
                        />
                      </div>
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <nav aria-label="Users pages" className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">{users.showing}</p>
        <div className="flex items-center gap-3">
          {users.page > 1 ? (
            <Link to={pageHref(users.page - 1)} className={secondaryButton}>
              Previous
            </Link>
          ) : null}
          <span className="text-sm text-slate-800">{users.pageLabel}</span>
          {users.page < users.pageCount ? (
            <Link to={pageHref(users.page + 1)} className={secondaryButton}>
              Next
            </Link>
          ) : null}
        </div>
      </nav>
    </div>
  );
}

function Pager({
  label,
  tab,
  paged,
}: {
  label: string;
  tab: AdminTab;
  paged: Pick<Paged<unknown>, "query" | "page" | "pageCount" | "showing" | "pageLabel">;
}) {
  const pageHref = (page: number) => {
    const params = new URLSearchParams({ tab });
    if (paged.query) params.set("q", paged.query);
    params.set("page", String(page));
    return `/admin?${params}`;
  };
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700">{paged.showing}</p>
      <div className="flex items-center gap-3">
        {paged.page > 1 ? (
          <Link to={pageHref(paged.page - 1)} className={secondaryButton}>
            Previous
          </Link>
        ) : null}
        <span className="text-sm text-slate-800">{paged.pageLabel}</span>
        {paged.page < paged.pageCount ? (
          <Link to={pageHref(paged.page + 1)} className={secondaryButton}>
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

const STATUS_BADGES: Record<PostRow["status"], string> = {
  published: "bg-green-100 text-green-900",
  draft: "bg-slate-200 text-slate-900",
  pending: "bg-yellow-100 text-yellow-900",
};

function Posts({ data }: { data: DashboardData }) {
  const posts = data.posts!;
  return (
    <div className="space-y-4">
      <Form method="get" action="/admin" className="flex flex-wrap items-end gap-2" role="search">
        <input type="hidden" name="tab" value="posts" />
        <div className="grow">
          <label htmlFor="post-search" className="block text-sm font-semibold text-slate-800">
            Search by title or author
          </label>
          <input
            id="post-search"
            type="search"
            name="q"
            defaultValue={posts.query}
            maxLength={200}
            className={inputClass}
          />
        </div>
        <button type="submit" className={secondaryButton}>
          Search
        </button>
      </Form>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Posts</caption>
          <thead className="border-b border-slate-300 text-slate-700">
            <tr>
              {["Title", "Author", "Type", "Status", "Published", "Actions"].map((h) => (
                <th key={h} scope="col" className="py-2 pr-3">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {posts.rows.length === 0 ? (
              <tr>
                <td colSpan={6} className="py-4 text-slate-700">
                  No posts found.
                </td>
              </tr>
            ) : (
              posts.rows.map((p) => {
                const authors = posts.authors.some((a) => a.id === p.authorId)
                  ? posts.authors
                  : [{ id: p.authorId, name: p.authorName }, ...posts.authors];
                return (
                  <tr key={p.id} className="border-b border-slate-200 align-top">
                    <td className="py-2 pr-3 font-medium text-slate-900">
                      {p.title}
                      {p.isFeatured ? (
                        <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">
                          Featured
                        </span>
                      ) : null}
                    </td>
                    <td className="py-2 pr-3">
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
                    <td className="py-2 pr-3">{p.type}</td>
                    <td className="py-2 pr-3">
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
                        <ConfirmAction
                          action={data.here}
                          question={data.confirmations.deletePost}
                          fields={{ intent: "post-delete", postId: p.id }}
                        >
                          <button
                            type="submit"
                            className="rounded bg-red-700 px-2 py-1 text-xs font-semibold text-white hover:bg-red-800"
                          >
                            Delete<span className="sr-only">{` ${p.title}`}</span>
                          </button>
                        </ConfirmAction>
                      </div>
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      <Pager label="Posts pages" tab="posts" paged={posts} />
    </div>
  );
}

function Categories({ data }: { data: DashboardData }) {
  const { rows } = data.categories!;
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Link to="/admin/categories/new" className={primaryButton}>
          Add Category
        </Link>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Categories</caption>
          <thead className="border-b border-slate-300 text-slate-700">
            <tr>
              {["Name", "Slug", "Posts", "Actions"].map((h) => (
                <th key={h} scope="col" className="py-2 pr-3">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.id} className="border-b border-slate-200 align-top">
                <td className="py-2 pr-3 font-medium text-slate-900">{c.name}</td>
                <td className="py-2 pr-3 font-mono">{c.slug}</td>
                <td className="py-2 pr-3">{c.postCount}</td>
                <td className="py-2">
                  <div className="flex flex-wrap gap-2">
                    <Link
                      to={`/categories/${c.slug}`}
                      className="rounded border border-slate-400 px-2 py-1 text-xs font-semibold"
                    >
                      View<span className="sr-only">{` ${c.name}`}</span>
                    </Link>
                    <Link
                      to={`/admin/categories/${c.id}`}
                      className="rounded border border-slate-400 px-2 py-1 text-xs font-semibold"
                    >
                      Edit<span className="sr-only">{` ${c.name}`}</span>
                    </Link>
                    {c.deletable ? (
                      <ConfirmAction
                        action={data.here}
                        question={data.confirmations.deleteCategory}
                        fields={{ intent: "category-delete", categoryId: c.id }}
                      >
                        <button
                          type="submit"
                          className="rounded bg-red-700 px-2 py-1 text-xs font-semibold text-white hover:bg-red-800"
                        >
                          Delete<span className="sr-only">{` ${c.name}`}</span>
                        </button>
                      </ConfirmAction>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

const ROLE_OPTIONS = [
  ["all", "All roles"],
  ["user", "Users"],
  ["mentor", "Mentors"],
  ["admin", "Admins"],
] as const;
const STATUS_OPTIONS = [
  ["approved", "Approved"],
  ["all", "All statuses"],
  ["pending", "Pending"],
  ["blocked", "Blocked"],
] as const;
const BROADCAST_QUESTION = "Are you sure you want to send this notification?";

function Notifications({ data }: { data: DashboardData }) {
  const tab = data.notifications!;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [title, setTitle] = useState(tab.values.title);
  const [link, setLink] = useState(tab.values.link);
  const sending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "broadcast";
  // Without JavaScript the server checks the fields; with it Send waits for both.
  const disabled = hydrated && (sending || !title.trim() || !link.trim());
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <section aria-labelledby="broadcast-heading">
        <h2 id="broadcast-heading" className="mb-3 text-xl font-bold text-slate-900">
          Send Notification
        </h2>
        <ConfirmAction
          action={data.here}
          question={BROADCAST_QUESTION}
          fields={{ intent: "broadcast" }}
          resetOnCancel={false}
          className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
        >
          <div>
            <label htmlFor="broadcast-title" className="block text-sm font-semibold text-slate-800">
              Title (required)
            </label>
            <input
              id="broadcast-title"
              name="title"
              required
              maxLength={100}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              className={inputClass}
            />
          </div>
          <div>
            <label
              htmlFor="broadcast-message"
              className="block text-sm font-semibold text-slate-800"
            >
              Message (optional, defaults to the title)
            </label>
            <textarea
              id="broadcast-message"
              name="message"
              maxLength={500}
              rows={4}
              defaultValue={tab.values.message}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor="broadcast-link" className="block text-sm font-semibold text-slate-800">
              Link (required)
            </label>
            <input
              id="broadcast-link"
              name="link"
              required
              placeholder="https://… or /path"
              value={link}
              onChange={(e) => setLink(e.target.value)}
              className={inputClass}
            />
          </div>
          <div className="flex flex-wrap gap-4">
            <div>
              <label
                htmlFor="broadcast-role"
                className="block text-sm font-semibold text-slate-800"
              >
                Role
              </label>
              <select
                id="broadcast-role"
                name="roleFilter"
                defaultValue={tab.values.roleFilter}
                className="rounded border border-slate-400 px-2 py-1"
              >
                {ROLE_OPTIONS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label
                htmlFor="broadcast-status"
                className="block text-sm font-semibold text-slate-800"
              >
                Status
              </label>
              <select
                id="broadcast-status"
                name="statusFilter"
                defaultValue={tab.values.statusFilter}
                className="rounded border border-slate-400 px-2 py-1"
              >
                {STATUS_OPTIONS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <button type="submit" disabled={disabled} className={primaryButton}>
            {sending ? "Sending…" : "Send Notification"}
          </button>
        </ConfirmAction>
      </section>
      <section aria-labelledby="history-heading">
        <h2 id="history-heading" className="mb-3 text-xl font-bold text-slate-900">
          Recent Broadcasts
        </h2>
        {tab.history.length === 0 ? (
          <p className="text-slate-700">No broadcast notifications sent yet</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {tab.history.map((b) => (
              <li key={b.id} className="p-3">
                <p className="font-medium text-slate-900">{b.title}</p>
                {b.message !== b.title ? (
                  <p className="text-sm text-slate-800">{b.message}</p>
                ) : null}
                <p className="text-sm break-all text-slate-700">{b.link}</p>
                <p className="text-sm text-slate-700">
                  {`${b.recipientCount} recipients · role ${b.roleFilter} · status ${b.statusFilter} · ${b.sent}${b.sentBy ? ` · by @${b.sentBy}` : ""}`}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The user action's confirmation step (block, promote, delete) without JavaScript. */
function userConfirmStep(data: DashboardData): ConfirmStepData {
  const { action, user, question } = data.confirm!;
  return {
    heading: `${ACTION_LABELS[action]} ${user.fullName || user.username} (@${user.username})?`,
    question,
    yes: `Yes, ${ACTION_LABELS[action].toLowerCase()}`,
    action: data.here,
    fields: { intent: action, userId: user.id },
  };
}

export function AdminDashboard({ data }: { data: DashboardData }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <AdminLinks current="/admin" />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">Admin Dashboard</h1>
        {/* No `download` attribute: a failed export must be able to come back to this page. */}
        <a href="/admin/users.csv" className={primaryButton}>
          Export Users CSV
        </a>
      </div>
      <nav aria-label="Dashboard sections" className="mb-6 border-b border-slate-300">
        <ul className="flex gap-1">
          {ADMIN_TABS.map((tab) => (
            <li key={tab}>
              <Link
                to={`/admin?tab=${tab}`}
                aria-current={data.tab === tab ? "page" : undefined}
                className={`-mb-px inline-block border-b-2 px-4 py-2 font-semibold ${
                  data.tab === tab
                    ? "border-brand-700 text-brand-700"
                    : "border-transparent text-slate-700 hover:text-slate-900"
                }`}
              >
                {TAB_LABELS[tab]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mb-4 space-y-3">
        {data.error ? <ErrorBox>{data.error}</ErrorBox> : null}
        {data.notice ? <NoticeBox>{data.notice}</NoticeBox> : null}
        {data.confirm ? <ConfirmStepPanel step={userConfirmStep(data)} /> : null}
        {data.confirmStep ? <ConfirmStepPanel step={data.confirmStep} /> : null}
      </div>
      {data.tab === "overview" && data.overview ? <Overview data={data} /> : null}
      {data.tab === "users" && data.users ? <Users data={data} /> : null}
      {data.tab === "posts" && data.posts ? <Posts data={data} /> : null}
      {data.tab === "categories" && data.categories ? <Categories data={data} /> : null}
      {data.tab === "notifications" && data.notifications ? (
        <Notifications key={data.notice ?? ""} data={data} />
      ) : null}
    </div>
  );
}
