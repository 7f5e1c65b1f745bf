import { defaultPageMeta } from "~/features/seo/meta";
import { data } from "react-router";
import { auth } from "#server/auth";
import { db } from "#server/db/client";
import { ForgotPasswordForm } from "~/features/accounts/password-reset-forms";
import {
  readEmailForm,
  requestPasswordReset,
  RESET_MESSAGES,
} from "~/features/accounts/password-reset.server";
import { clientIp } from "~/features/accounts/request.server";
import type { Route } from "./+types/forgot-password";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { anyFields, readForm } from "~/lib/read-input.server";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Forgot password");
}

export async function action({ request, context }: Route.ActionArgs) {
  const form =
    (await readForm(request, anyFields, { limit: SMALL_BODY_LIMIT_BYTES })).form ?? new FormData();
  const input = readEmailForm(form);
  if (!input.ok) return data({ error: input.error, email: input.typed }, { status: input.status });
  const result = await requestPasswordReset(
    { db: db(), auth: auth() },
    input.email,
    clientIp(context),
  );
  if (!result.ok)
    return data({ error: result.error, email: input.typed }, { status: result.status });
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
