import { defaultPageMeta } from "~/features/seo/meta";
import { data } from "react-router";
import { auth } from "#server/auth";
import { db } from "#server/db/client";
import { ForgotPasswordForm } from "~/features/accounts/password-reset-forms";
import { emailForm, sendToTypedAddress } from "~/features/accounts/email-form.server";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { readForm } from "~/lib/read-input.server";
import { requestPasswordReset, RESET_MESSAGES } from "~/features/accounts/password-reset.server";
import { clientIp } from "~/features/accounts/request.server";
import type { Route } from "./+types/forgot-password";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Forgot password");
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request, emailForm, { limit: SMALL_BODY_LIMIT_BYTES });
  const answer = await sendToTypedAddress(read, (email) =>
    requestPasswordReset({ db: db(), auth: auth() }, email, clientIp(context)),
  );
  if (!answer.ok)
    return data({ error: answer.error, email: answer.typed }, { status: answer.status });
  return { sent: true, notice: RESET_MESSAGES.sent };
}

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
