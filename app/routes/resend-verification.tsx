import { defaultPageMeta } from "~/features/seo/meta";
import { data } from "react-router";
import { auth } from "#server/auth";
import { db } from "#server/db/client";
import { ResendVerificationForm } from "~/features/accounts/account-pages";
import { emailForm, sendToTypedAddress } from "~/features/accounts/email-form.server";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { readForm } from "~/lib/read-input.server";
import { clientIp } from "~/features/accounts/request.server";
import {
  RESEND_VERIFICATION_MESSAGES,
  resendVerification,
} from "~/features/accounts/resend-verification.server";
import type { Route } from "./+types/resend-verification";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Resend verification email");
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request, emailForm, { limit: SMALL_BODY_LIMIT_BYTES });
  const answer = await sendToTypedAddress(read, (email) =>
    resendVerification({ db: db(), auth: auth() }, email, clientIp(context)),
  );
  if (!answer.ok)
    return data({ error: answer.error, email: answer.typed }, { status: answer.status });
  return { sentTo: answer.email, notice: RESEND_VERIFICATION_MESSAGES.sent };
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
