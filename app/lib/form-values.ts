/**
 * A form's values as FormData and zod-parsed fields carry them, without zod: browser code
 * (dialogs, the studio) imports these, so that a page does not load zod for them.
 * form-fields.ts (the zod pieces) re-exports them.
 */

/** A field's first value, as FormData.get reads it: an array's first item, else the value. */
export function firstOf(value: unknown): unknown {
  return Array.isArray(value) ? (value as unknown[])[0] : value;
}

/** A field's values: none when absent, a repeated field's all, else the one value. */
export function allOf(value: unknown): unknown[] {
  return value === undefined ? [] : Array.isArray(value) ? (value as unknown[]) : [value];
}

/** A text field of a read form: its string, or `fallback` when absent or a file. */
export function textOf(form: FormData | null | undefined, name: string, fallback = ""): string {
  const value = form?.get(name);
  return typeof value === "string" ? value : fallback;
}
