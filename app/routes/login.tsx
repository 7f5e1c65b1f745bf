import { defaultPageMeta } from "~/features/seo/meta";
import { data, redirect } from "react-router";
import { auth } from "#server/auth";
import { db } from "#server/db/client";
import { loginFields, loginForm, loginQuery, refusal } from "~/features/accounts/forms.server";
import { linkedinEnabled } from "~/features/accounts/linkedin.server";
import { LoginForm } from "~/features/accounts/login-form";
import { afterLoginPath, logIn, refuseLogin, safeRedirect } from "~/features/accounts/login.server";
import { clientIp } from "~/features/accounts/request.server";
import { getSessionUser } from "~/features/accounts/session.server";
import type { Route } from "./+types/login";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { readForm, readQuery } from "~/lib/read-input.server";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Sign in");
}

export async function loader({ request }: Route.LoaderArgs) {
  const query = readQuery(request, loginQuery);
  if (!query.ok) throw data(query.message, { status: 400 });
  // error: set by /auth/callback (LinkedIn), a known code, never text from the address.
  const { redirectTo, notice, error } = query.data;
  if (await getSessionUser(request)) throw redirect(redirectTo);
  return { notice, error, redirectTo, linkedin: linkedinEnabled() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request, loginForm, { limit: SMALL_BODY_LIMIT_BYTES });
  const input = read.ok ? read.data : loginFields.parse(read.fields);
  const result = read.ok
    ? await logIn({ db: db(), auth: auth() }, input, {
        ip: clientIp(context),
        userAgent: request.headers.get("user-agent") ?? "",
        headers: request.headers,
      })
    : await refuseLogin(refusal(read, loginForm));
  if (result.ok) {
    const headers = new Headers();
    for (const cookie of result.setCookie) headers.append("Set-Cookie", cookie);
    if (result.twoFactor) {
      const next = new URLSearchParams({ redirectTo: safeRedirect(input.redirectTo) });
      throw redirect(`/login/two-factor?${next.toString()}`, { headers });
    }
    throw redirect(afterLoginPath(result.profileCompleted, input.redirectTo), { headers });
  }
  return data({ error: result.error, email: input.email }, { status: result.status });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LoginForm
      notice={actionData ? null : loaderData.notice}
      error={actionData ? actionData.error : loaderData.error}
      email={actionData?.email}
      redirectTo={loaderData.redirectTo}
      linkedin={loaderData.linkedin}
    />
  );
}
