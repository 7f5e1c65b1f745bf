import { defaultPageMeta } from "~/features/seo/meta";
import { data, redirect } from "react-router";
import { auth } from "#server/auth";
import { db } from "#server/db/client";
import { InvalidResetLink, ResetPasswordForm } from "~/features/accounts/password-reset-forms";
import { refusal, resetForm, resetQuery } from "~/features/accounts/forms.server";
import {
  isResetTokenValid,
  RESET_MESSAGES,
  resetPassword,
} from "~/features/accounts/password-reset.server";
import { clientIp } from "~/features/accounts/request.server";
import type { Route } from "./+types/reset-password";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { readForm, readQuery } from "~/lib/read-input.server";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Reset password");
}

export async function loader({ request }: Route.LoaderArgs) {
  const query = readQuery(request, resetQuery);
  if (!query.ok || !(await isResetTokenValid(auth(), query.data.token)))
    return data({ token: null }, { status: 400 });
  return { token: query.data.token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request, resetForm, { limit: SMALL_BODY_LIMIT_BYTES });
  const result = read.ok
    ? await resetPassword({ db: db(), auth: auth() }, read.data, clientIp(context))
    : { ok: false as const, error: refusal(read, resetForm), status: 400 };
  if (result.ok) throw redirect("/login?reset=success");
  return data(
    { error: result.error, invalid: result.error === RESET_MESSAGES.invalidLink },
    { status: result.status },
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.token || actionData?.invalid) return <InvalidResetLink />;
  return <ResetPasswordForm token={loaderData.token} error={actionData?.error} />;
}
