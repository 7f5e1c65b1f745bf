import { defaultPageMeta } from "~/features/seo/meta";
import { data, redirect } from "react-router";
import { auth } from "#server/auth";
import { db } from "#server/db/client";
import { linkedinEnabled, loginErrorMessage } from "~/features/accounts/linkedin.server";
import { LoginForm } from "~/features/accounts/login-form";
import {
  afterLoginPath,
  LOGIN_MESSAGES,
  logIn,
  readLoginForm,
  safeRedirect,
} from "~/features/accounts/login.server";
import { clientIp } from "~/features/accounts/request.server";
import { getSessionUser } from "~/features/accounts/session.server";
import type { Route } from "./+types/login";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { anyFields, readForm } from "~/lib/read-input.server";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Sign in");
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (await getSessionUser(request)) throw redirect(redirectTo);
  const notice =
    url.searchParams.get("reset") === "success"
      ? LOGIN_MESSAGES.resetSuccess
      : url.searchParams.get("signup") === "success"
        ? LOGIN_MESSAGES.signupSuccess
        : url.searchParams.get("verified") === "1"
          ? LOGIN_MESSAGES.verified
          : null;
  // Set by /auth/callback (LinkedIn): a known code, never text from the address.
  const error = loginErrorMessage(url.searchParams.get("error"));
  return { notice: error ? null : notice, error, redirectTo, linkedin: linkedinEnabled() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form =
    (await readForm(request, anyFields, { limit: SMALL_BODY_LIMIT_BYTES })).form ?? new FormData();
  const input = readLoginForm(form);
  const result = await logIn({ db: db(), auth: auth() }, input, {
    ip: clientIp(context),
    userAgent: request.headers.get("user-agent") ?? "",
    headers: request.headers,
  });
  if (result.ok) {
    const headers = new Headers();
    for (const cookie of result.setCookie) headers.append("Set-Cookie", cookie);
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
