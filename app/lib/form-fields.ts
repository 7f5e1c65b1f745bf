/**
 * Zod pieces for reading a form's fields (FormFields: a name's value, or its
 * values where it repeats) as the page typed them. Isomorphic, so a form's
 * schema can live beside its component; read-input.server.ts re-exports them.
 */
import { z } from "zod";

/** A field's first value, as FormData.get reads it: an array's first item, else the value. */
export function firstOf(value: unknown): unknown {
  return Array.isArray(value) ? (value as unknown[])[0] : value;
}

/** A field's values: none when absent, a repeated field's all, else the one value. */
export function allOf(value: unknown): unknown[] {
  return value === undefined ? [] : Array.isArray(value) ? (value as unknown[]) : [value];
}

// Each is a z.preprocess: an object key whose schema starts with a transform
// is required by zod, and a form leaves fields out.

/** A text field: its (first) string, or `fallback` when absent or a file (as textOf reads it). */
export const formTextOr = (fallback: string) =>
  z.preprocess(
    firstOf,
    z.unknown().transform((value) => (typeof value === "string" ? value : fallback)),
  );

/** A text field: its string, or "" when absent or a file (as FormData.get would be read). */
export const formText = formTextOr("");

/**
 * A text field sent once: its string; `fallback` when it is absent, repeated
 * or a file (a form that sends a field twice is not one we wrote).
 */
export const onceText = (fallback = "") =>
  z.preprocess((value) => (typeof value === "string" ? value : fallback), z.string());

/** A text field sent once, or null (absent, repeated or a file). */
export const onceTextOrNull = z.preprocess(
  (value) => (typeof value === "string" ? value : null),
  z.string().nullable(),
);

/** A text field of a read form: its string, or `fallback` when absent or a file. */
export function textOf(form: FormData | null | undefined, name: string, fallback = ""): string {
  const value = form?.get(name);
  return typeof value === "string" ? value : fallback;
}
