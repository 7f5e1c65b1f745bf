/**
 * The Redirects page (docs/product/administration.md#redirects): the add form, the list newest first with
 * inline edit (Edit turns the row into a form: ?edit={id}, so it works without
 * JavaScript too) and Delete, which asks first. Empty: No redirects configured yet.
 */
import { Form, Link, useNavigation } from "react-router";
import { primaryButton, secondaryButton } from "~/components/ui/button-styles";
import { cellClass, DataTable, rowClass } from "~/components/ui/data-table";
import { ErrorBox, Field, inputClass, NoticeBox } from "~/components/ui/form";
import { ConfirmStepPanel, type ConfirmStepData, ConfirmDelete } from "./confirm-action";
import type { RedirectFormValues, RedirectRow, RedirectsPageData } from "./redirects-page.server";

const STATUS_OPTIONS = [
  ["301", "301 Moved Permanently"],
  ["302", "302 Found (temporary)"],
  ["307", "307 Temporary Redirect"],
  ["308", "308 Permanent Redirect"],
] as const;

function RedirectFields({ idPrefix, values }: { idPrefix: string; values: RedirectFormValues }) {
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <Field label="From Path" htmlFor={`${idPrefix}-from`}>
        <input
          id={`${idPrefix}-from`}
          name="fromPath"
          defaultValue={values.fromPath}
          placeholder="/old-page"
          maxLength={2000}
          autoComplete="off"
          className={inputClass}
        />
      </Field>
      <Field label="To Path" htmlFor={`${idPrefix}-to`}>
        <input
          id={`${idPrefix}-to`}
          name="toPath"
          defaultValue={values.toPath}
          placeholder="/new-page or https://…"
          maxLength={2000}
          autoComplete="off"
          className={inputClass}
        />
      </Field>
      <Field label="Status Code" htmlFor={`${idPrefix}-status`}>
        <select
          id={`${idPrefix}-status`}
          name="statusCode"
          defaultValue={values.statusCode}
          className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2"
        >
          {STATUS_OPTIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Notes (optional)" htmlFor={`${idPrefix}-notes`}>
        <input
          id={`${idPrefix}-notes`}
          name="notes"
          defaultValue={values.notes}
          maxLength={500}
          className={inputClass}
        />
      </Field>
    </div>
  );
}

const valuesOf = (row: RedirectRow): RedirectFormValues => ({
  fromPath: row.fromPath,
  toPath: row.toPath,
  statusCode: String(row.statusCode),
  notes: row.notes,
});

function EditRow({ row, values }: { row: RedirectRow; values: RedirectFormValues }) {
  return (
    <tr className="border-b border-slate-200 bg-slate-50">
      <td colSpan={5} className="p-3">
        <Form
          method="post"
          action="/admin/redirects"
          aria-label={`Edit the redirect from ${row.fromPath}`}
        >
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={row.id} />
          <RedirectFields idPrefix={`edit-${row.id}`} values={values} />
          <div className="mt-3 flex gap-3">
            <button type="submit" className={primaryButton}>
              Save
            </button>
            <Link to="/admin/redirects" className={secondaryButton}>
              Cancel
            </Link>
          </div>
        </Form>
      </td>
    </tr>
  );
}

export function RedirectsPage({
  data,
  error,
  values,
  editId,
  confirmStep,
}: {
  data: RedirectsPageData;
  error: string | null;
  /** What was typed, after an error: the add form's, or the edited row's. */
  values: RedirectFormValues | null;
  editId: string | null;
  confirmStep: ConfirmStepData | null;
}) {
  const editing = editId ?? data.editId;
  const addValues = !editId && values ? values : EMPTY;
  return (
    <div>
      <h1 className="mb-2 text-3xl font-bold text-slate-900">URL Redirects</h1>
      <p className="mb-6 text-slate-700">
        Visitors to a From Path are sent to its To Path (the query string is kept). Paths under
        /admin, /api, /assets, /uploads, /auth, /login, /logout and /health cannot be redirected,
        nor can the site&apos;s own pages (/search, /signup…); an address under /post/,
        /categories/, /tag/ or /user/ can.
      </p>
      <div className="mb-4 space-y-3">
        {error ? <ErrorBox>{error}</ErrorBox> : null}
        {!error && data.notice ? <NoticeBox>{data.notice}</NoticeBox> : null}
        {confirmStep ? <ConfirmStepPanel step={confirmStep} /> : null}
      </div>
      <AddRedirectForm values={addValues} />
      <section aria-labelledby="list-heading">
        <h2 id="list-heading" className="mb-3 text-xl font-bold text-slate-900">
          {`Redirects (${data.rows.length})`}
        </h2>
        {data.rows.length === 0 ? (
          <p className="text-slate-700">No redirects configured yet</p>
        ) : (
          <DataTable
            caption="Redirects, newest first"
            headers={["From Path", "To Path", "Status", "Notes", "Actions"]}
          >
            {data.rows.map((row) =>
              row.id === editing ? (
                <EditRow
                  key={`${row.id}-edit`}
                  row={row}
                  values={editId === row.id && values ? values : valuesOf(row)}
                />
              ) : (
                <RedirectTableRow key={row.id} row={row} question={data.question} />
              ),
            )}
          </DataTable>
        )}
      </section>
    </div>
  );
}

const EMPTY: RedirectFormValues = { fromPath: "", toPath: "", statusCode: "301", notes: "" };

function AddRedirectForm({ values }: { values: RedirectFormValues }) {
  const navigation = useNavigation();
  const creating =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  return (
    <section aria-labelledby="add-heading" className="mb-8">
      <h2 id="add-heading" className="mb-3 text-xl font-bold text-slate-900">
        Add Redirect
      </h2>
      <Form
        method="post"
        action="/admin/redirects"
        className="rounded-lg border border-slate-200 bg-white p-4"
      >
        <input type="hidden" name="intent" value="create" />
        <RedirectFields idPrefix="new" values={values} />
        <button type="submit" disabled={creating} className={`${primaryButton} mt-3`}>
          {creating ? "Adding…" : "Add Redirect"}
        </button>
      </Form>
    </section>
  );
}

/** One redirect: from, to, status, notes with who added it, and Edit and Delete. */
function RedirectTableRow({ row, question }: { row: RedirectRow; question: string }) {
  return (
    <tr className={rowClass}>
      <td className="py-2 pr-3 font-mono break-all">{row.fromPath}</td>
      <td className="py-2 pr-3 font-mono break-all">{row.toPath}</td>
      <td className={cellClass}>{row.statusCode}</td>
      <td className={cellClass}>
        {row.notes}
        <div className="text-xs text-slate-700">
          {`Added ${row.created}${row.createdBy ? ` by @${row.createdBy}` : ""}`}
        </div>
      </td>
      <td className="py-2">
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/admin/redirects?edit=${row.id}`}
            className="rounded border border-slate-400 px-2 py-1 text-xs font-semibold"
          >
            Edit
            <span className="sr-only">{` the redirect from ${row.fromPath}`}</span>
          </Link>
          <ConfirmDelete
            action="/admin/redirects"
            question={question}
            fields={{ intent: "delete", id: row.id }}
            name={`the redirect from ${row.fromPath}`}
          />
        </div>
      </td>
    </tr>
  );
}
