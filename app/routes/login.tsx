import { defaultPageMeta } from "~/features/seo/meta";
import { data, redirect } from "react-router";
import {
  loginFields,
  loginForm,
  loginQuery,
  refusalMessages,
} from "~/features/accounts/forms.server";
import { linkedinEnabled } from "~/features/accounts/linkedin.server";
import { LoginForm } from "~/features/accounts/login-form";
import { afterLoginPath, logIn, refuseLogin, safeRedirect } from "~/features/accounts/login.server";
import { getSessionUser } from "~/features/accounts/session.server";
import type { Route } from "./+types/login";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { readQuery } from "~/lib/read-input.server";
import { services } from "~/lib/services.server";
import { definePublicAction } from "~/pipeline/action.server";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Sign in");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readQuery(request, loginQuery);
  if (!query.ok) throw data(query.message, { status: 400 });
  // error: set by /auth/callback (LinkedIn), a known code, never text from the address.
  const { redirectTo, notice, error } = query.data;
  if (await getSessionUser(request, services(context))) throw redirect(redirectTo);
  return { notice, error, redirectTo, linkedin: linkedinEnabled(services(context).config) };
}

export const action = definePublicAction({
  schema: loginForm,
  limit: SMALL_BODY_LIMIT_BYTES,
  messages: refusalMessages(loginForm),
  // A form refused before any check: answered no sooner than a checked one, with the address typed.
  refused: async (_services, _actor, { error, fields }) => ({
    ...(await refuseLogin(error)),
    email: loginFields.parse(fields ?? {}).email,
  }),
  run: async ({ db, auth }, _actor, input, { request, ip }) => {
    const result = await logIn({ db, auth }, input, {
      ip,
      userAgent: request.headers.get("user-agent") ?? "",
      headers: request.headers,
    });
    if (!result.ok) return { ...result, email: input.email };
    const next = new URLSearchParams({ redirectTo: safeRedirect(input.redirectTo) });
    return {
      ok: true,
      redirect: result.twoFactor
        ? `/login/two-factor?${next.toString()}`
        : afterLoginPath(result.profileCompleted, input.redirectTo),
      setCookie: result.setCookie,
    };
  },
});

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LoginForm
      notice={actionData ? null : loaderData.notice}
      error={actionData ? actionData.error : loaderData.error}
      email={actionData && "email" in actionData ? actionData.email : undefined}
      redirectTo={loaderData.redirectTo}
      linkedin={loaderData.linkedin}
    />
  );
}
