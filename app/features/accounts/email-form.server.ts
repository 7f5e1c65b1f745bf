/**
 * The forms that ask for one e-mail address and send something to it
 * (/forgot-password, /resend-verification): the route reads the form with
 * emailForm (definePublicAction, within SMALL_BODY_LIMIT_BYTES), then sends.
 * A refusal, the form's or the sender's, keeps what was typed.
 */
import type { FormFields } from "~/lib/read-input.server";
import { emailFields, emailForm, refusalMessages } from "./forms.server";

export { emailForm };

/** The helper's words for a refused form (refusal's: the address's message). */
export const emailFormMessages = refusalMessages(emailForm);

/** The address as typed (cut to a safe length), to show again; "" when nothing was read. */
export function typedAddress(fields: FormFields | null): string {
  return emailFields.parse(fields ?? {}).email;
}

/** A form the helper refused (too large, unreadable, a bad address): its message, what was typed. */
export function refusedEmailForm(
  _services: unknown,
  _actor: unknown,
  { error, fields }: { error: string; fields: FormFields | null },
) {
  return { ok: false as const, status: 400, error, email: typedAddress(fields) };
}
