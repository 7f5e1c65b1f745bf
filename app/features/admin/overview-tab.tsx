/**
 * The dashboard's Overview tab (docs/product/administration.md#dashboard): the stat cards, the top 5 lists,
 * the pending approvals (with Approve and Block), sign-ups and new posts per
 * week, and the latest admin actions.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cellClass, DataTable, rowClass } from "~/components/ui/data-table";
import type { AuditRow, DashboardData } from "./dashboard-data";
import type { WeeklyActivity } from "./overview.server";
import { UserActionForm } from "./user-action-form";

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
        <DataTable
          caption="The 20 latest admin actions, newest first"
          headers={["Who", "What", "Target", "When"]}
        >
          {rows.map((r) => (
            <tr key={r.id} className={rowClass}>
              <td className={cellClass}>{r.who ? `@${r.who}` : "Deleted admin"}</td>
              <td className={cellClass}>{r.what}</td>
              <td className="py-2 pr-3 break-all">{r.target ?? "—"}</td>
              <td className="py-2 whitespace-nowrap">
                <time dateTime={r.iso}>{r.when}</time>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

export function OverviewTab({ data }: { data: DashboardData }) {
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
