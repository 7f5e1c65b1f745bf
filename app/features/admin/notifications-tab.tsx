/**
 * The dashboard's Notifications tab (docs/product/administration.md#broadcasts): send a notification to
 * the members a role and a status pick (asks first; Send waits for a title
 * and a link), and the recent broadcasts.
 */
import { useState } from "react";
import { useNavigation } from "react-router";
import { MissingFieldsHint } from "~/components/ui/button";
import { primaryButton } from "~/components/ui/button-styles";
import { Checkbox, Field, TextArea, TextInput } from "~/components/ui/form";
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
    <Field label={label} htmlFor={id}>
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
    </Field>
  );
}

export function NotificationsTab({ data }: { data: DashboardData }) {
  const tab = data.notifications!;
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <BroadcastForm values={tab.values} action={data.here} />
      <BroadcastHistory history={tab.history} />
    </div>
  );
}

type NotificationsData = NonNullable<DashboardData["notifications"]>;

/**
 * Send a notification: title, message, link, the role and status it goes to,
 * and e-mail too; asks first, and Send waits for a title and a link.
 */
function BroadcastForm({
  values,
  action,
}: {
  values: NotificationsData["values"];
  action: string;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [title, setTitle] = useState(values.title);
  const [link, setLink] = useState(values.link);
  const sending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "broadcast";
  // Without JavaScript the server checks the fields; with it Send waits for both.
  const missing = hydrated
    ? [...(title.trim() ? [] : ["a title"]), ...(link.trim() ? [] : ["a link"])]
    : [];
  const disabled = hydrated && (sending || missing.length > 0);
  return (
    <section aria-labelledby="broadcast-heading">
      <h2 id="broadcast-heading" className="mb-3 text-xl font-bold text-slate-900">
        Send Notification
      </h2>
      <ConfirmAction
        action={action}
        question={BROADCAST_QUESTION}
        fields={{ intent: "broadcast" }}
        resetOnCancel={false}
        className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      >
        <Field label="Title (required)" htmlFor="broadcast-title">
          <TextInput
            id="broadcast-title"
            name="title"
            required
            maxLength={100}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
          />
        </Field>
        <Field label="Message (optional, defaults to the title)" htmlFor="broadcast-message">
          <TextArea
            id="broadcast-message"
            name="message"
            maxLength={500}
            rows={4}
            defaultValue={values.message}
          />
        </Field>
        <Field label="Link (required)" htmlFor="broadcast-link">
          <TextInput
            id="broadcast-link"
            name="link"
            required
            placeholder="https://… or /path"
            value={link}
            onChange={(e) => setLink(e.target.value)}
          />
        </Field>
        <BroadcastAudience values={values} />
        <Checkbox
          id="broadcast-email"
          name="email"
          value="on"
          defaultChecked={values.email === "on"}
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
  );
}

/** Who it goes to: a role and a status. */
function BroadcastAudience({ values }: { values: NotificationsData["values"] }) {
  return (
    <div className="flex flex-wrap gap-4">
      <FilterSelect
        id="broadcast-role"
        name="roleFilter"
        label="Role"
        options={ROLE_OPTIONS}
        defaultValue={values.roleFilter}
      />
      <FilterSelect
        id="broadcast-status"
        name="statusFilter"
        label="Status"
        options={STATUS_OPTIONS}
        defaultValue={values.statusFilter}
      />
    </div>
  );
}

function BroadcastHistory({ history }: { history: NotificationsData["history"] }) {
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading" className="mb-3 text-xl font-bold text-slate-900">
        Recent Broadcasts
      </h2>
      {history.length === 0 ? (
        <p className="text-slate-700">No broadcast notifications sent yet</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {history.map((b) => (
            <li key={b.id} className="p-3">
              <p className="font-medium text-slate-900">{b.title}</p>
              {b.message !== b.title ? <p className="text-sm text-slate-800">{b.message}</p> : null}
              <p className="text-sm break-all text-slate-700">{b.link}</p>
              <p className="text-sm text-slate-700">
                {`${b.recipientCount} recipients · role ${b.roleFilter} · status ${b.statusFilter} · ${b.sent}${b.sentBy ? ` · by @${b.sentBy}` : ""}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
