import { defaultPageMeta } from "~/features/seo/meta";
import { data, redirect } from "react-router";
import { auth } from "#server/auth";
import { db } from "#server/db/client";
import { InvalidResetLink, ResetPasswordForm } from "~/features/accounts/password-reset-forms";
import {
  isResetTokenValid,
  readResetForm,
  RESET_MESSAGES,
  resetPassword,
} from "~/features/accounts/password-reset.server";
import { clientIp } from "~/features/accounts/request.server";
import type { Route } from "./+types/reset-password";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { anyFields, readForm } from "~/lib/read-input.server";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Reset password");
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!(await isResetTokenValid(auth(), token))) return data({ token: null }, { status: 400 });
  return { token: token! };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form =
    (await readForm(request, anyFields, { limit: SMALL_BODY_LIMIT_BYTES })).form ?? new FormData();
  const input = readResetForm(form);
  const result = await resetPassword({ db: db(), auth: auth() }, input, clientIp(context));
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
