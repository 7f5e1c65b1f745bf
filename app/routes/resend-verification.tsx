import { defaultPageMeta } from "~/features/seo/meta";
import { data } from "react-router";
import { auth } from "#server/auth";
import { db } from "#server/db/client";
import { ResendVerificationForm } from "~/features/accounts/account-pages";
import { readEmailForm } from "~/features/accounts/password-reset.server";
import { clientIp } from "~/features/accounts/request.server";
import {
  RESEND_VERIFICATION_MESSAGES,
  resendVerification,
} from "~/features/accounts/resend-verification.server";
import type { Route } from "./+types/resend-verification";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { anyFields, readForm } from "~/lib/read-input.server";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Resend verification email");
}

export async function action({ request, context }: Route.ActionArgs) {
  const form =
    (await readForm(request, anyFields, { limit: SMALL_BODY_LIMIT_BYTES })).form ?? new FormData();
  const input = readEmailForm(form);
  if (!input.ok) return data({ error: input.error, email: input.typed }, { status: input.status });
  const result = await resendVerification(
    { db: db(), auth: auth() },
    input.email,
    clientIp(context),
  );
  if (!result.ok)
    return data({ error: result.error, email: input.typed }, { status: result.status });
  return { sentTo: input.email, notice: RESEND_VERIFICATION_MESSAGES.sent };
}

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
