/**
 * The Activity page (docs/product/administration.md#activity): the audit trail of every admin action
 * with filters by admin, action and date (a GET form, so the address says
 * what is shown and Back works), 50 a page, and Export CSV of the same rows.
 */
import { Form } from "react-router";
import { primaryButton, secondaryButton } from "~/components/ui/button-styles";
import { cellClass, DataTable, Pager, rowClass } from "~/components/ui/data-table";
import { ErrorBox, Field, inputClass } from "~/components/ui/form";

export type ActivityFiltersShown = { admin: string; action: string; from: string; to: string };

export type ActivityPageData = {
  filters: ActivityFiltersShown;
  error: string | null;
  rows: {
    id: string;
    who: string | null;
    what: string;
    target: string | null;
    when: string;
    iso: string;
  }[];
  admins: string[];
  actions: { value: string; label: string }[];
  page: number;
  pageCount: number;
  showing: string;
  pageLabel: string;
};

/** The filters as a query string (empty ones left out), for the pager and the CSV link. */
export function activityParams(f: ActivityFiltersShown, page?: number): string {
  const params = new URLSearchParams();
  for (const key of ["admin", "action", "from", "to"] as const) if (f[key]) params.set(key, f[key]);
  if (page && page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function ActivityPage({ data }: { data: ActivityPageData }) {
  const f = data.filters;
  return (
    <div>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">Admin Activity</h1>
        {/* No `download` attribute: as Export Users CSV. */}
        <a href={`/admin/activity.csv${activityParams(f)}`} className={primaryButton}>
          Export CSV
        </a>
      </div>
      {data.error ? (
        <div className="mb-4">
          <ErrorBox>{data.error}</ErrorBox>
        </div>
      ) : null}
      <ActivityFilters data={data} />
      <div className="space-y-4">
        <DataTable
          caption="Admin activity"
          headers={["When", "Admin", "Action", "Record"]}
          empty="No admin activity found."
          stacked
        >
          {data.rows.map((r) => (
            <tr key={r.id} className={rowClass}>
              <td className="py-2 pr-3 whitespace-nowrap" data-label="When">
                <time dateTime={r.iso}>{r.when}</time>
              </td>
              <td className={cellClass} data-label="Admin">
                {r.who ? `@${r.who}` : "—"}
              </td>
              <td className={cellClass} data-label="Action">
                {r.what}
              </td>
              <td className="py-2 pr-3 break-words" data-label="Record">
                {r.target ?? "—"}
              </td>
            </tr>
          ))}
        </DataTable>
        <Pager
          label="Activity pages"
          showing={data.showing}
          pageLabel={data.pageLabel}
          page={data.page}
          pageCount={data.pageCount}
          href={(page) => `/admin/activity${activityParams(f, page)}`}
        />
      </div>
    </div>
  );
}

/** Filter by admin, action and dates: a GET form, so the address says what is shown. */
function ActivityFilters({ data }: { data: ActivityPageData }) {
  const f = data.filters;
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Filter activity">
      <Field label="Admin" htmlFor="activity-admin">
        <select id="activity-admin" name="admin" defaultValue={f.admin} className={inputClass}>
          <option value="">All admins</option>
          {data.admins.map((a) => (
            <option key={a} value={a}>
              {`@${a}`}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Action" htmlFor="activity-action">
        <select id="activity-action" name="action" defaultValue={f.action} className={inputClass}>
          <option value="">All actions</option>
          {data.actions.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </select>
      </Field>
      <Field label="From" htmlFor="activity-from">
        <input
          id="activity-from"
          type="date"
          name="from"
          defaultValue={f.from}
          className={inputClass}
        />
      </Field>
      <Field label="To" htmlFor="activity-to">
        <input id="activity-to" type="date" name="to" defaultValue={f.to} className={inputClass} />
      </Field>
      <button type="submit" className={secondaryButton}>
        Filter
      </button>
    </Form>
  );
}
