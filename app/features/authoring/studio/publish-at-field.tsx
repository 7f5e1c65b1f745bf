/**
 * "Publish at" in the author's own time zone (docs/milestones.md#issue-18-the-writing-studio): labelled with it
 * ("Publish at (Asia/Kolkata)"), posted as the UTC instant in a hidden
 * field of the same name the server already reads (an ISO time keeps its
 * zone). Before the page's script runs it is the plain UTC field.
 */
import { useState } from "react";
import { fieldClass } from "../field-class";
import { browserTimeZone, utcToZoned, zonedToUtc } from "./time-zone";
import { useHydrated } from "~/lib/use-hydrated";

const HINT = "Optional. A time in the future schedules the post; empty publishes now.";

export function PublishAtField({
  defaultUtc,
  error,
  onChange,
}: {
  /** The saved time as a UTC datetime-local value ("" for none). */
  defaultUtc: string;
  error?: string;
  /** The UTC instant (ISO) or "". */
  onChange: (utcIso: string) => void;
}) {
  const hydrated = useHydrated();
  const [zone] = useState(browserTimeZone);
  const initial = parseStored(defaultUtc);
  const [utc, setUtc] = useState(initial ? initial.toISOString() : "");
  const zoned = hydrated;
  const described = ["post-publish_at-hint", error ? "post-publish_at-error" : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div>
      <label htmlFor="post-publish_at" className="block text-sm font-semibold text-slate-800">
        {zoned ? `Publish at (${zone})` : "Publish at (UTC)"}
      </label>
      {zoned ? (
        <>
          <input
            id="post-publish_at"
            type="datetime-local"
            defaultValue={initial ? utcToZoned(initial, zone) : ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            className={fieldClass}
            onChange={(event) => {
              const at = zonedToUtc(event.currentTarget.value, zone);
              const iso = at ? at.toISOString() : "";
              setUtc(iso);
              onChange(iso);
            }}
          />
          <input type="hidden" name="publish_at" value={utc} />
        </>
      ) : (
        <input
          id="post-publish_at"
          name="publish_at"
          type="datetime-local"
          defaultValue={initial ? initial.toISOString().slice(0, 16) : ""}
          aria-describedby={described}
          className={fieldClass}
        />
      )}
      <p id="post-publish_at-hint" className="mt-1 text-xs text-slate-600">
        {HINT}
        {zoned && utc ? ` Stored as ${utc.slice(0, 16).replace("T", " ")} UTC.` : ""}
      </p>
      {error ? (
        <p id="post-publish_at-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The saved value: a UTC datetime-local value, or an ISO time typed back after an error. */
function parseStored(value: string): Date | null {
  if (!value) return null;
  const at = new Date(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}Z` : value);
  return Number.isNaN(at.getTime()) ? null : at;
}
