/**
 * The post form's event fields (docs/decisions/0115): shown for the Events category
 * only, by CSS (app.css `.event-fields`), so they appear and go without
 * JavaScript; the server ignores them for any other category.
 */
import { EVENT_LIMITS } from "~/features/events/event-rules";
import { fieldClass } from "./field-class";
import { describedBy, Field } from "./post-field";
import type { FormValues } from "./editor-types";

export function EventFields({
  values,
  fieldErrors,
  timeZones,
}: {
  values: FormValues;
  fieldErrors: Record<string, string>;
  timeZones: string[];
}) {
  const input = (
    name: string,
    label: string,
    props: { type: "text" | "url" | "datetime-local"; hint?: string; maxLength?: number },
  ) => (
    <Field label={label} name={name} error={fieldErrors[name]} hint={props.hint}>
      <input
        id={`post-${name}`}
        name={name}
        type={props.type}
        defaultValue={values[name] ?? ""}
        maxLength={props.maxLength}
        aria-invalid={fieldErrors[name] ? true : undefined}
        aria-describedby={describedBy(name, fieldErrors[name], props.hint)}
        className={fieldClass}
      />
    </Field>
  );
  return (
    <fieldset
      className="event-fields gap-4 rounded-lg border border-slate-200 p-4"
      aria-describedby="post-event-hint"
    >
      <legend className="px-1 text-sm font-semibold text-slate-800">Event</legend>
      <p id="post-event-hint" className="text-sm text-slate-700">
        For an event: its start and end in the time zone where it is held, a venue or an online
        link, and where to book. Leave every field empty for a post that is not an event.
      </p>
      {input("event_starts_at", "Starts", {
        type: "datetime-local",
        hint: "Local time at the event.",
      })}
      {input("event_ends_at", "Ends", { type: "datetime-local", hint: "Local time at the event." })}
      <Field label="Time zone" name="event_time_zone" error={fieldErrors.event_time_zone}>
        <select
          id="post-event_time_zone"
          name="event_time_zone"
          defaultValue={values.event_time_zone ?? ""}
          aria-invalid={fieldErrors.event_time_zone ? true : undefined}
          aria-describedby={describedBy("event_time_zone", fieldErrors.event_time_zone)}
          className={fieldClass}
        >
          <option value="">Choose a time zone</option>
          {timeZones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
      </Field>
      {input("event_venue", "Venue", {
        type: "text",
        maxLength: EVENT_LIMITS.venue,
        hint: "The place and its address; leave empty for an online event.",
      })}
      {input("event_online_url", "Online link", {
        type: "url",
        hint: "Where to join online (https://…).",
      })}
      {input("event_booking_url", "Booking link", {
        type: "url",
        hint: "Optional: where to book or register.",
      })}
    </fieldset>
  );
}
