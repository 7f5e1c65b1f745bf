/**
 * The forms that ask for one e-mail address and send something to it
 * (/forgot-password, /resend-verification): the address read with emailForm,
 * then `send`. A refusal, the form's or the sender's, keeps what was typed.
 */
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { readForm } from "~/lib/read-input.server";
import { emailFields, emailForm, refusal } from "./forms.server";

type Sent = { ok: true } | { ok: false; error: string; status: number };

export async function sendToTypedAddress(
  request: Request,
  send: (email: string) => Promise<Sent>,
): Promise<
  { ok: true; email: string } | { ok: false; error: string; status: number; typed: string }
> {
  const read = await readForm(request, emailForm, { limit: SMALL_BODY_LIMIT_BYTES });
  const typed = emailFields.parse(read.fields).email;
  if (!read.ok) return { ok: false, error: refusal(read, emailForm), status: 400, typed };
  const result = await send(read.data.email);
  return result.ok ? { ok: true, email: read.data.email } : { ...result, typed };
}
