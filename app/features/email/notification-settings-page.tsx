import { Form, Link } from "react-router";
import { primaryButton } from "~/components/ui/button-styles";
import { ErrorBox, NoticeBox } from "~/components/ui/form";
import {
  CHANNEL_LABELS,
  CHANNELS,
  DIGEST_CHANNELS,
  DIGEST_LABELS,
  NOTIFICATION_PREFERENCE_TYPES,
  PREFERENCE_MESSAGES,
  type Preferences,
  TYPE_LABELS,
} from "~/features/email-preferences/preference-rules";

function RadioGroup({
  name,
  legend,
  hint,
  options,
  value,
  error,
}: {
  name: string;
  legend: string;
  hint: string;
  options: { value: string; label: string }[];
  value: string;
  error?: string;
}) {
  const hintId = `${name}-hint`;
  const errorId = `${name}-error`;
  return (
    <fieldset
      className="rounded-lg border border-slate-200 p-4"
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
    >
      <legend className="px-1 font-semibold text-slate-900">{legend}</legend>
      <p id={hintId} className="text-sm text-slate-700">
        {hint}
      </p>
      <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        {options.map((option) => {
          const id = `${name}-${option.value}`;
          return (
            <div key={option.value} className="flex items-center gap-2">
              <input
                type="radio"
                id={id}
                name={name}
                value={option.value}
                defaultChecked={value === option.value}
                className="h-4 w-4 accent-brand-700"
              />
              <label htmlFor={id} className="text-sm text-slate-800">
                {option.label}
              </label>
            </div>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="mt-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * /settings/notifications (docs/decisions/0126): for each notification type, in the
 * app only, an e-mail at once, in the weekly digest, or off; and the weekly
 * digest itself. A plain form: it posts without JavaScript, and a refused
 * answer keeps what was chosen.
 */
export function NotificationSettingsPage({
  preferences,
  saved,
  error,
  fieldErrors,
  fields,
}: {
  preferences: Preferences;
  saved: boolean;
  error: string | null;
  fieldErrors: Record<string, string>;
  fields: Record<string, unknown>;
}) {
  const chosen = (name: string, fallback: string) =>
    typeof fields[name] === "string" ? fields[name] : fallback;
  // A new key after each save or refusal resets the radios to what the server answered.
  const formKey = `${saved}-${error ?? ""}`;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">
        Notification settings
      </h1>
      <p className="mt-2 text-slate-700">
        Choose how you hear about each kind of notification. E-mails carry a link to stop them in
        one click.{" "}
        <Link to="/notifications" className="font-semibold text-brand-700 underline">
          Back to notifications
        </Link>
      </p>
      <div className="mt-6 space-y-3">
        {saved ? <NoticeBox>{PREFERENCE_MESSAGES.saved}</NoticeBox> : null}
        {error ? <ErrorBox>{error}</ErrorBox> : null}
      </div>
      <Form method="post" key={formKey} className="mt-6 space-y-4">
        {NOTIFICATION_PREFERENCE_TYPES.map((type) => (
          <RadioGroup
            key={type}
            name={type}
            legend={TYPE_LABELS[type].label}
            hint={TYPE_LABELS[type].hint}
            options={CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }))}
            value={chosen(type, preferences[type])}
            error={fieldErrors[type]}
          />
        ))}
        <RadioGroup
          name="digest"
          legend="Weekly digest"
          hint="Once a week: new posts from the people you follow, the most-read posts, and the notifications you send to the digest."
          options={DIGEST_CHANNELS.map((c) => ({ value: c, label: DIGEST_LABELS[c] }))}
          value={chosen("digest", preferences.digest)}
          error={fieldErrors.digest}
        />
        <button type="submit" className={primaryButton}>
          Save settings
        </button>
      </Form>
    </div>
  );
}
