import { Form } from "react-router";
import { primaryButton } from "~/components/ui/button-styles";
import { Checkbox, ErrorBox, Field, inputClass, NoticeBox, Select } from "~/components/ui/form";
import { type DigestSettings, WEEKDAYS } from "./digest-settings";

/** /admin/email: when the weekly digest goes out (docs/product/community.md#e-mail-and-preferences). */
export function DigestSettingsPage({
  settings,
  saved,
  error,
  fields,
}: {
  settings: DigestSettings;
  saved: boolean;
  error: string | null;
  fields: { enabled?: string; day?: string; time?: string } | null;
}) {
  const enabled = fields ? fields.enabled === "on" : settings.enabled;
  const day = fields?.day ?? String(settings.day);
  const time = fields?.time ?? settings.time;
  return (
    <div>
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Weekly digest</h1>
      <p className="mt-2 text-slate-700">
        Members who want it get the week&apos;s new posts from the mentors they follow and the
        most-read posts, once a week at this time ({settings.timeZone}). Nobody gets an empty
        digest.
      </p>
      <div className="mt-6 space-y-3">
        {saved ? <NoticeBox>Digest settings saved</NoticeBox> : null}
        {error ? <ErrorBox>{error}</ErrorBox> : null}
      </div>
      <Form method="post" className="mt-6 space-y-4" key={`${saved}-${error ?? ""}`}>
        <Checkbox
          id="digest-enabled"
          name="enabled"
          label="Send the weekly digest"
          defaultChecked={enabled}
        />
        <Field label="Day" htmlFor="digest-day">
          <Select id="digest-day" name="day" defaultValue={day}>
            {WEEKDAYS.map((name, i) => (
              <option key={name} value={String(i)}>
                {name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Time (HH:MM)" htmlFor="digest-time">
          <input
            id="digest-time"
            name="time"
            type="time"
            defaultValue={time}
            className={inputClass}
            required
          />
        </Field>
        <button type="submit" className={primaryButton}>
          Save
        </button>
      </Form>
    </div>
  );
}
