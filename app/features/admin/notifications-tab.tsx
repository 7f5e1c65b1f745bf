/**
 * The dashboard's Notifications tab (docs/product/administration.md#broadcasts): send a notification to
 * the members a role and a status pick (asks first; Send waits for a title
 * and a link), and the recent broadcasts.
 */
import { useState } from "react";
import { useNavigation } from "react-router";
import { MissingFieldsHint } from "~/components/ui/button";
import { primaryButton } from "~/components/ui/button-styles";
import { Checkbox, TextArea, TextInput } from "~/components/ui/form";
import { useHydrated } from "~/lib/use-hydrated";
import { ConfirmAction } from "./confirm-action";
import type { DashboardData } from "./dashboard-data";

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

/** One of the broadcast's filters: a labelled select of [value, label] options. */
function FilterSelect({
  id,
  name,
  label,
  options,
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  options: readonly (readonly [string, string])[];
  defaultValue: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        className="rounded border border-slate-400 px-2 py-1"
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

export function NotificationsTab({ data }: { data: DashboardData }) {
  const tab = data.notifications!;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [title, setTitle] = useState(tab.values.title);
  const [link, setLink] = useState(tab.values.link);
  const sending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "broadcast";
  // Without JavaScript the server checks the fields; with it Send waits for both.
  const missing = hydrated
    ? [...(title.trim() ? [] : ["a title"]), ...(link.trim() ? [] : ["a link"])]
    : [];
  const disabled = hydrated && (sending || missing.length > 0);
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
            <TextInput
              id="broadcast-title"
              name="title"
              required
              maxLength={100}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
            />
          </div>
          <div>
            <label
              htmlFor="broadcast-message"
              className="block text-sm font-semibold text-slate-800"
            >
              Message (optional, defaults to the title)
            </label>
            <TextArea
              id="broadcast-message"
              name="message"
              maxLength={500}
              rows={4}
              defaultValue={tab.values.message}
            />
          </div>
          <div>
            <label htmlFor="broadcast-link" className="block text-sm font-semibold text-slate-800">
              Link (required)
            </label>
            <TextInput
              id="broadcast-link"
              name="link"
              required
              placeholder="https://… or /path"
              value={link}
              onChange={(e) => setLink(e.target.value)}
            />
          </div>
          <div className="flex flex-wrap gap-4">
            <FilterSelect
              id="broadcast-role"
              name="roleFilter"
              label="Role"
              options={ROLE_OPTIONS}
              defaultValue={tab.values.roleFilter}
            />
            <FilterSelect
              id="broadcast-status"
              name="statusFilter"
              label="Status"
              options={STATUS_OPTIONS}
              defaultValue={tab.values.statusFilter}
            />
          </div>
          <Checkbox
            id="broadcast-email"
            name="email"
            value="on"
            defaultChecked={tab.values.email === "on"}
            label="Also send by e-mail (to members who take announcements by e-mail)"
          />
          <button
            type="submit"
            disabled={disabled}
            className={primaryButton}
            aria-describedby={missing.length ? "broadcast-submit-hint" : undefined}
          >
            {sending ? "Sending…" : "Send Notification"}
          </button>
          <MissingFieldsHint
            id="broadcast-submit-hint"
            missing={missing}
            action="send the notification"
          />
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
