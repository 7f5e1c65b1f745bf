import { data, redirect } from "react-router";
import { z } from "zod";
import { auth } from "#server/auth";
import { db } from "#server/db/client";
import { SMALL_BODY_LIMIT_BYTES } from "#server/http/limits";
import { afterLoginPath, safeRedirect } from "~/features/accounts/login.server";
import { clientIp } from "~/features/accounts/request.server";
import { getSessionUser } from "~/features/accounts/session.server";
import { TwoFactorSignInForm } from "~/features/accounts/two-factor-forms";
import { signInCodeForm, verifySignInCode } from "~/features/accounts/two-factor.server";
import { defaultPageMeta } from "~/features/seo/meta";
import { formText, readForm, readQuery } from "~/lib/read-input.server";
import type { Route } from "./+types/login.two-factor";

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "Two-factor authentication", { noindex: true });
}

const query = z.object({ redirectTo: formText, recovery: formText });

/** The second step of a password sign-in for a member with two-factor authentication on. */
export async function loader({ request }: Route.LoaderArgs) {
  const read = readQuery(request, query);
  if (!read.ok) throw data(read.message, { status: 400 });
  const redirectTo = safeRedirect(read.data.redirectTo);
  if (await getSessionUser(request)) throw redirect(redirectTo);
  return { redirectTo, recovery: read.data.recovery === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request, signInCodeForm, { limit: SMALL_BODY_LIMIT_BYTES });
  const method = read.fields.method === "recovery" ? "recovery" : "totp";
  if (!read.ok) return data({ error: read.message ?? "Enter the code.", method }, { status: 400 });
  const result = await verifySignInCode(
    { db: db(), auth: auth() },
    { code: read.data.code, method: read.data.method },
    { ip: clientIp(context), headers: request.headers },
  );
  if (!result.ok) return data({ error: result.error, method }, { status: result.status });
  const headers = new Headers();
  for (const cookie of result.setCookie) headers.append("Set-Cookie", cookie);
  throw redirect(afterLoginPath(result.profileCompleted ?? true, read.data.redirectTo), {
    headers,
  });
}

export default function LoginTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <TwoFactorSignInForm
      recovery={actionData ? actionData.method === "recovery" : loaderData.recovery}
      error={actionData?.error}
      redirectTo={loaderData.redirectTo}
    />
  );
}
