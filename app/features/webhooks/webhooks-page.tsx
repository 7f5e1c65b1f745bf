/**
 * The Webhooks page (docs/operations.md#content-api): add a URL with the events it wants, see
 * each webhook's signing secret and its latest deliveries, delete one.
 */
import { TableScrollBox } from "~/components/ui/data-table";
import { Form } from "react-router";
import { primaryButton, secondaryButton } from "~/components/ui/button-styles";
import { ErrorBox, inputClass, NoticeBox } from "~/components/ui/form";
import { WEBHOOK_EVENT_NAMES } from "./events";
import type { WebhookListRow } from "./webhooks-page.server";

const cell = "px-2 py-1 text-left align-top";

export function WebhooksPage({
  hooks,
  notice,
  error,
  urlError,
  typed,
}: {
  hooks: WebhookListRow[];
  notice: string | null;
  error: string | null;
  /** The URL refused (an internal address), shown beside the field. */
  urlError: string | null;
  typed: { url: string; events: string[] } | null;
}) {
  return (
    <div>
      <h1 className="mb-2 text-3xl font-bold text-slate-900">Webhooks</h1>
      <p className="mb-6 text-slate-700">
        Each event is POSTed as JSON to the URL, signed with HMAC-SHA256 in the{" "}
        <code>X-FounderBridge-Signature</code> header (
        <code>t=&lt;unix time&gt;,v1=&lt;hex&gt;</code> over <code>&lt;t&gt;.&lt;body&gt;</code>).
        Failed deliveries are retried with backoff. Internal addresses are refused.
      </p>
      <div className="mb-4 space-y-3">
        {error ? <ErrorBox>{error}</ErrorBox> : null}
        {notice ? <NoticeBox>{notice}</NoticeBox> : null}
      </div>
      <AddWebhookForm urlError={urlError} typed={typed} />
      <section aria-labelledby="webhooks-heading">
        <h2 id="webhooks-heading" className="mb-3 text-xl font-bold text-slate-900">
          Configured Webhooks
        </h2>
        {hooks.length === 0 ? <p className="text-slate-700">No webhooks yet.</p> : null}
        <ul className="space-y-6">
          {hooks.map((hook) => (
            <WebhookItem key={hook.id} hook={hook} />
          ))}
        </ul>
      </section>
    </div>
  );
}

/** The URL and the events it wants; a refused URL comes back with its message and the choices. */
function AddWebhookForm({
  urlError,
  typed,
}: {
  urlError: string | null;
  typed: { url: string; events: string[] } | null;
}) {
  return (
    <section aria-labelledby="add-webhook-heading" className="mb-8">
      <h2 id="add-webhook-heading" className="mb-3 text-xl font-bold text-slate-900">
        Add Webhook
      </h2>
      <Form method="post" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <input type="hidden" name="intent" value="create" />
        <div>
          <label htmlFor="webhook-url" className="block text-sm font-semibold text-slate-800">
            URL
          </label>
          <input
            id="webhook-url"
            name="url"
            type="url"
            defaultValue={typed?.url ?? ""}
            maxLength={2000}
            placeholder="https://hooks.example/founderbridge"
            aria-invalid={urlError ? true : undefined}
            aria-describedby={urlError ? "webhook-url-error" : undefined}
            className={inputClass}
          />
          {urlError ? (
            <p id="webhook-url-error" className="mt-1 text-sm font-semibold text-red-800">
              {urlError}
            </p>
          ) : null}
        </div>
        <fieldset>
          <legend className="text-sm font-semibold text-slate-800">Events</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {WEBHOOK_EVENT_NAMES.map((event) => (
              <label key={event} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="events"
                  value={event}
                  defaultChecked={typed ? typed.events.includes(event) : true}
                />
                {event}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className={primaryButton}>
          Add Webhook
        </button>
      </Form>
    </section>
  );
}

/** One webhook: its URL, events, secret, Delete, and its latest deliveries. */
function WebhookItem({ hook }: { hook: WebhookListRow }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-mono text-sm break-all">{hook.url}</p>
          <p className="text-sm text-slate-700">
            {hook.events.join(", ")} · added {hook.created}
          </p>
          <p className="text-sm text-slate-700">
            Secret: <code className="break-all">{hook.secret}</code>
          </p>
        </div>
        <Form method="post" aria-label={`Delete the webhook ${hook.url}`}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={hook.id} />
          <button type="submit" className={secondaryButton}>
            Delete
          </button>
        </Form>
      </div>
      <h3 className="mt-3 text-sm font-semibold text-slate-800">Latest deliveries</h3>
      {hook.deliveries.length === 0 ? (
        <p className="text-sm text-slate-700">None yet.</p>
      ) : (
        <TableScrollBox className="mt-1">
          <table className="w-full border-collapse text-sm">
            <thead>
              <tr className="border-b border-slate-300">
                <th className={cell}>When</th>
                <th className={cell}>Event</th>
                <th className={cell}>Try</th>
                <th className={cell}>Answer</th>
              </tr>
            </thead>
            <tbody>
              {hook.deliveries.map((d) => (
                <tr key={d.id} className="border-b border-slate-200">
                  <td className={cell}>{d.at.replace("T", " ").slice(0, 19)} UTC</td>
                  <td className={cell}>{d.event}</td>
                  <td className={cell}>{d.attempt}</td>
                  <td className={`${cell} ${d.ok ? "text-green-800" : "text-red-800"}`}>
                    {d.statusCode ?? "—"} {d.response?.slice(0, 200)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScrollBox>
      )}
    </li>
  );
}
