import { defaultPageMeta } from "~/features/seo/meta";
import { ResendVerificationForm } from "~/features/accounts/account-pages";
import {
  emailForm,
  emailFormMessages,
  refusedEmailForm,
  typedAddress,
} from "~/features/accounts/email-form.server";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { definePublicAction } from "~/pipeline/action.server";
import {
  RESEND_VERIFICATION_MESSAGES,
  resendVerification,
} from "~/features/accounts/resend-verification.server";
import type { Route } from "./+types/resend-verification";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Resend verification email");
}

export const action = definePublicAction({
  schema: emailForm,
  limit: SMALL_BODY_LIMIT_BYTES,
  messages: emailFormMessages,
  refused: refusedEmailForm,
  run: async ({ db, auth }, _actor, { email }, { fields, ip }) => {
    const result = await resendVerification({ db, auth }, email, ip);
    if (result.ok) return { ok: true, sentTo: email, notice: RESEND_VERIFICATION_MESSAGES.sent };
    return { ok: false, status: result.status, error: result.error, email: typedAddress(fields) };
  },
});

export default function ResendVerification({ actionData }: Route.ComponentProps) {
  return (
    <ResendVerificationForm
      sentTo={actionData && "sentTo" in actionData ? actionData.sentTo : undefined}
      notice={actionData && "notice" in actionData ? actionData.notice : undefined}
      error={actionData && "error" in actionData ? actionData.error : undefined}
      email={actionData && "email" in actionData ? actionData.email : undefined}
    />
  );
}
