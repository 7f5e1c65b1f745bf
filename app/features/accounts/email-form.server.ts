/**
 * The forms that ask for one e-mail address and send something to it
 * (/forgot-password, /resend-verification): the route reads the form with
 * emailForm (readForm, within SMALL_BODY_LIMIT_BYTES), then this sends. A
 * refusal, the form's or the sender's, keeps what was typed.
 */
import type { z } from "zod";
import type { FormReading } from "~/lib/read-input.server";
import { emailFields, emailForm, refusal } from "./forms.server";

export { emailForm };

type Sent = { ok: true } | { ok: false; error: string; status: number };

export async function sendToTypedAddress(
  read: FormReading<z.output<typeof emailForm>>,
  send: (email: string) => Promise<Sent>,
): Promise<
  { ok: true; email: string } | { ok: false; error: string; status: number; typed: string }
> {
  const typed = emailFields.parse(read.fields).email;
  if (!read.ok) return { ok: false, error: refusal(read, emailForm), status: 400, typed };
  const result = await send(read.data.email);
  return result.ok ? { ok: true, email: read.data.email } : { ...result, typed };
}
