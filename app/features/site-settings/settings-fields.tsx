/**
 * The Site Settings form's fields (settings-form.tsx): a titled section and
 * text, text-area and checkbox fields bound to the saved values by name.
 */
import type { ReactNode } from "react";
import { describedBy, Field, inputClass } from "~/components/ui/form";
import type { SiteSettingsValues } from "./settings-schema";

/** The anchor of a section (the page's section navigation links to it). */
export const sectionId = (title: string) =>
  `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset
      id={sectionId(title)}
      className="grid scroll-mt-4 gap-4 rounded-lg border border-slate-200 p-4"
    >
      <legend className="px-1 text-lg font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

export function TextField({
  name,
  label,
  values,
  hint,
  type = "text",
  placeholder,
}: {
  name: keyof SiteSettingsValues;
  label: string;
  values: SiteSettingsValues;
  hint?: string;
  type?: "text" | "url" | "email";
  placeholder?: string;
}) {
  const id = `settings-${name}`;
  return (
    <Field label={label} htmlFor={id} hint={hint}>
      <input
        id={id}
        name={name}
        type={type === "url" ? "text" : type}
        inputMode={type === "url" ? "url" : type === "email" ? "email" : undefined}
        defaultValue={String(values[name])}
        placeholder={placeholder}
        aria-describedby={describedBy(id, { hint })}
        className={inputClass}
      />
    </Field>
  );
}

export function AreaField({
  name,
  label,
  values,
  hint,
  rows = 4,
  code = false,
}: {
  name: keyof SiteSettingsValues;
  label: string;
  values: SiteSettingsValues;
  hint?: string;
  rows?: number;
  code?: boolean;
}) {
  const id = `settings-${name}`;
  return (
    <Field label={label} htmlFor={id} hint={hint}>
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={String(values[name])}
        spellCheck={!code}
        aria-describedby={describedBy(id, { hint })}
        className={`${inputClass}${code ? " font-mono text-sm" : ""}`}
      />
    </Field>
  );
}

export function Toggle({
  name,
  label,
  values,
}: {
  name: keyof SiteSettingsValues;
  label: string;
  values: SiteSettingsValues;
}) {
  const id = `settings-${name}`;
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        name={name}
        type="checkbox"
        defaultChecked={values[name] === true}
        className="h-4 w-4 accent-brand-700"
      />
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
    </div>
  );
}

/**
 * The site's time zone (decision 0144): the IANA zones the runtime knows. A
 * refused value (only a hand-made request can send one) stays chosen, with
 * the message beside the field.
 */
export function TimeZoneField({
  value,
  timeZones,
  error,
}: {
  value: string;
  timeZones: string[];
  error: string | null;
}) {
  const id = "settings-time_zone";
  const choices = value && !timeZones.includes(value) ? [value, ...timeZones] : timeZones;
  const hint =
    "Dates on the site, in its feeds and in its e-mails are shown in this zone, and the weekly digest goes out on its clock. Authors still schedule posts in their own zone.";
  return (
    <Field label="Site time zone" htmlFor={id} hint={hint} error={error}>
      <select
        id={id}
        name="time_zone"
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        className={inputClass}
      >
        {choices.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll("_", " ")}
          </option>
        ))}
      </select>
    </Field>
  );
}
