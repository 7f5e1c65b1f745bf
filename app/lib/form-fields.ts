/**
 * Zod pieces for reading a form's fields (FormFields: a name's value, or its
 * values where it repeats) as the page typed them. Isomorphic, so a form's
 * schema can live beside its component; read-input.server.ts re-exports them.
 */
import { z } from "zod";
import { allOf, firstOf, textOf } from "./form-values";

export { allOf, firstOf, textOf };

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
