import { defaultPageMeta } from "~/features/seo/meta";
import { data } from "react-router";
import { InvalidResetLink, ResetPasswordForm } from "~/features/accounts/password-reset-forms";
import { refusalMessages, resetForm, resetQuery } from "~/features/accounts/forms.server";
import {
  isResetTokenValid,
  RESET_MESSAGES,
  resetPassword,
} from "~/features/accounts/password-reset.server";
import type { Route } from "./+types/reset-password";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { readQuery } from "~/lib/read-input.server";
import { definePublicAction } from "~/pipeline/action.server";
import { services } from "~/lib/services.server";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Reset password");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readQuery(request, resetQuery);
  if (!query.ok || !(await isResetTokenValid(services(context).auth, query.data.token)))
    return data({ token: null }, { status: 400 });
  return { token: query.data.token };
}

/** The refusal, and whether it is the link's (the page then says so instead of the form). */
const refused = (status: number, error: string) => ({
  ok: false as const,
  status,
  error,
  invalid: error === RESET_MESSAGES.invalidLink,
});

export const action = definePublicAction({
  schema: resetForm,
  limit: SMALL_BODY_LIMIT_BYTES,
  messages: refusalMessages(resetForm),
  refused: (_services, _actor, { error }) => refused(400, error),
  run: async ({ db, auth }, _actor, input, { ip }) => {
    const result = await resetPassword({ db, auth }, input, ip);
    if (result.ok) return { ok: true, redirect: "/login?reset=success" };
    return refused(result.status, result.error);
  },
});

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.token || (actionData && "invalid" in actionData && actionData.invalid))
    return <InvalidResetLink />;
  return <ResetPasswordForm token={loaderData.token} error={actionData?.error} />;
}
