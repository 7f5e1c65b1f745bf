import { defaultPageMeta } from "~/features/seo/meta";
import { ForgotPasswordForm } from "~/features/accounts/password-reset-forms";
import {
  emailForm,
  emailFormMessages,
  refusedEmailForm,
  typedAddress,
} from "~/features/accounts/email-form.server";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { requestPasswordReset, RESET_MESSAGES } from "~/features/accounts/password-reset.server";
import { definePublicAction } from "~/pipeline/action.server";
import type { Route } from "./+types/forgot-password";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Forgot password");
}

export const action = definePublicAction({
  schema: emailForm,
  limit: SMALL_BODY_LIMIT_BYTES,
  messages: emailFormMessages,
  refused: refusedEmailForm,
  run: async ({ db, auth }, _actor, { email }, { fields, ip }) => {
    const result = await requestPasswordReset({ db, auth }, email, ip);
    if (result.ok) return { ok: true, sent: true, notice: RESET_MESSAGES.sent };
    return { ok: false, status: result.status, error: result.error, email: typedAddress(fields) };
  },
});

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  return (
    <ForgotPasswordForm
      sent={Boolean(actionData && "sent" in actionData)}
      notice={actionData && "notice" in actionData ? actionData.notice : undefined}
      error={actionData && "error" in actionData ? actionData.error : undefined}
      email={actionData && "email" in actionData ? actionData.email : undefined}
    />
  );
}
