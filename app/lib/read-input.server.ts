/**
 * The one way an action or resource route reads its input
 * (docs/decisions/0072): readForm reads the body within a byte cap and
 * checks it with a zod schema; readQuery does the same for the search
 * params. A failed read says why, with what was typed, so the route answers
 * 400/413/422 with the spec's message and the form keeps its values.
 */
import { type z } from "zod";
import { TEXT_FORM_LIMIT_BYTES } from "#server/http/limits";
import { readFormWithin } from "./request-body.server";

export {
  allOf,
  firstOf,
  formText,
  formTextOr,
  onceText,
  onceTextOrNull,
  textOf,
} from "./form-fields";

/** The form as a plain object: a name's value, or its values where it repeats. */
export type FormFields = Record<string, FormDataEntryValue | FormDataEntryValue[]>;

export function fieldsOf(entries: Iterable<[string, FormDataEntryValue]>): FormFields {
  const fields: FormFields = {};
  for (const [name, value] of entries) {
    const seen = fields[name];
    if (seen === undefined) fields[name] = value;
    else fields[name] = Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return fields;
}

export type FormReading<T> =
  | { ok: true; data: T; fields: FormFields; form: FormData }
  | {
      ok: false;
      /** Over the cap, not a form at all, or not what the schema asks for. */
      problem: "too-large" | "unreadable" | "invalid";
      /** The schema's first message ("invalid" only). */
      message: string | null;
      /** Each field's first message, by the field's name ("invalid" only; else {}). */
      fieldErrors: Record<string, string>;
      /** What was read ({} when nothing could be). */
      fields: FormFields;
      form: FormData | null;
    };

/**
 * The request's form, read within `limit` bytes (refused past it as it
 * streams), checked with `schema`. The schema gets the fields as a plain
 * object (FormFields).
 */
export async function readForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  { limit = TEXT_FORM_LIMIT_BYTES }: { limit?: number } = {},
): Promise<FormReading<z.output<S>>> {
  const body = await readFormWithin(request, limit);
  if (!body.ok) {
    return {
      ok: false,
      problem: body.reason,
      message: null,
      fieldErrors: {},
      fields: {},
      form: null,
    };
  }
  const fields = fieldsOf(body.form.entries());
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    return {
      ok: false,
      problem: "invalid",
      message: parsed.error.issues[0]?.message ?? null,
      fieldErrors: fieldErrorsOf(parsed.error),
      fields,
      form: body.form,
    };
  }
  return { ok: true, data: parsed.data, fields, form: body.form };
}

/** The first message of each field (the first step of the issue's path), in the order found. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path[0];
    if (name !== undefined) errors[String(name)] ??= issue.message;
  }
  return errors;
}

/** The search params checked with `schema` (give its fields .catch() defaults). */
export function readQuery<S extends z.ZodType>(
  request: Request | URL,
  schema: S,
): { ok: true; data: z.output<S> } | { ok: false; message: string | null } {
  const url = request instanceof URL ? request : new URL(request.url);
  const parsed = schema.safeParse(fieldsOf(url.searchParams.entries()));
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? null };
}
